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

/** The serious and critical violations axe finds on the page as it is now. */
export async function axeFindings(page: Page): Promise<Finding[]> {
  return findingsOf(await axeOf(page).withTags(AXE_TAGS).analyze());
}

/**
 * axe on the page, asked for its violations only: every rule still runs on every element, but axe
 * no longer writes out a selector and the markup of each element that passed (most of its time on
 * a big page, and of the answer it sends back).
 */
const axeOf = (page: Page) => new AxeBuilder({ page }).options({ resultTypes: ['violations'] });

/** The colour-contrast violations axe finds inside `selector`, as drawn now (frames held still). */
export async function contrastFindings(page: Page, selector: string): Promise<Finding[]> {
  return findingsOf(await axeOf(page).include(selector).withRules(['color-contrast']).analyze());
}

function findingsOf(results: Awaited<ReturnType<AxeBuilder['analyze']>>): Finding[] {
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
