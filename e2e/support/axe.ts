import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

/** WCAG 2.1 A and AA, and axe's best practices (docs/accessibility.md). */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/**
 * What one check may add to its journey's time: axe reads the whole page (several seconds on a
 * busy 2-core machine), which a journey's own timeout was not sized for.
 */
const AXE_ALLOWANCE_MS = 15_000;

/** The impacts a journey fails on; minor and moderate findings are left to review. */
const BLOCKING = new Set(['serious', 'critical']);

/** One blocking finding, as a line a failure lists: the rule, its help, where it was found. */
export interface Finding {
  readonly id: string;
  readonly impact: string;
  readonly help: string;
  readonly targets: readonly string[];
}

/** How long a check waits for the page's finite animations to end before it reads the page. */
const SETTLE_MS = 2_000;

/**
 * Waits (at most {@link SETTLE_MS}) for the page's finite animations and transitions to end — a
 * toast fading in after an action: axe reads colours as they are drawn, so a half-faded toast
 * fails colour contrast that the whole one passes. Endless ones (spinners) are not waited for.
 * Real time on the test's side: a journey's page clock may hold the page's own timers.
 */
async function animationsSettled(page: Page): Promise<void> {
  const ended = page
    .evaluate(() =>
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
          .map((animation) =>
            animation.finished.then(
              () => undefined,
              () => undefined,
            ),
          ),
      ),
    )
    .then(
      () => undefined,
      () => undefined,
    );
  await Promise.race([ended, new Promise((resolve) => setTimeout(resolve, SETTLE_MS))]);
}

/** The serious and critical violations axe finds on the page as it is now. */
export async function axeFindings(page: Page): Promise<Finding[]> {
  await animationsSettled(page);
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  return results.violations
    .filter((violation) => BLOCKING.has(violation.impact ?? ''))
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? '',
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' >>> ')),
    }));
}

const describe = (finding: Finding) =>
  `${finding.id} (${finding.impact}): ${finding.help}\n    ${finding.targets.join('\n    ')}`;

/**
 * Fails when axe finds a serious or critical violation on the page, listing each one (rule id,
 * help, target selectors). `what` names the screen in the failure, e.g. "event screen at 375".
 */
export async function expectAccessible(page: Page, what: string): Promise<void> {
  test.info().setTimeout(test.info().timeout + AXE_ALLOWANCE_MS);
  const findings = await axeFindings(page);
  expect(
    findings.map(describe),
    `serious or critical accessibility violations on ${what}:\n${findings.map(describe).join('\n')}`,
  ).toEqual([]);
}
