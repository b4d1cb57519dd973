import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, test, type Page } from '@playwright/test';
import type axe from 'axe-core';
import type { AxeResults, ContextObject, RunOptions } from 'axe-core';

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
  return findingsOf(
    await runAxe(page, { exclude: [] }, { runOnly: { type: 'tag', values: AXE_TAGS } }),
  );
}

/** The colour-contrast violations axe finds inside `selector`, as drawn now (frames held still). */
export async function contrastFindings(page: Page, selector: string): Promise<Finding[]> {
  return findingsOf(
    await runAxe(
      page,
      { include: [[selector]] },
      { runOnly: { type: 'rule', values: ['color-contrast'] } },
    ),
  );
}

type WithAxe = { axe: typeof axe };

/** axe-core's minified build: the same rules as `axe.source`, in 650 KB rather than 1.5 MB. */
const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/**
 * axe on the page and every frame in it (the casino's and the live TV's, of other origins
 * included), asked for its violations only: every rule still runs on every element, but axe no
 * longer writes out a selector and the markup of each element that passed.
 *
 * axe's source goes into a document once and stays there for the checks after. Sending and
 * compiling it (twice a check, with @axe-core/playwright, plus a blank page to gather the results
 * in) was most of a check's time: 1.7–2.1 s a check on the home page, of which axe's read is
 * 0.1–0.3 s (docs/testing.md).
 */
async function runAxe(
  page: Page,
  context: ContextObject,
  options: RunOptions,
): Promise<AxeResults> {
  for (const frame of page.frames()) {
    try {
      if (await frame.evaluate(() => 'axe' in window)) continue;
      await frame.evaluate(AXE_SOURCE);
      // Frames answer the top document's axe through postMessage, whatever their origin.
      await frame.evaluate(() =>
        (window as unknown as WithAxe).axe.configure({ allowedOrigins: ['<unsafe_all_origins>'] }),
      );
    } catch {
      // A frame that went away, or is still blank, has nothing to read.
    }
  }
  const run: RunOptions = { ...options, resultTypes: ['violations'] };
  // Sent and answered as JSON text: Playwright's types cannot follow axe's deep ones.
  const results = await page.evaluate(
    async ({ context, run }) =>
      JSON.stringify(
        await (window as unknown as WithAxe).axe.run(
          JSON.parse(context) as ContextObject,
          JSON.parse(run) as RunOptions,
        ),
      ),
    { context: JSON.stringify(context), run: JSON.stringify(run) },
  );
  return JSON.parse(results) as AxeResults;
}

function findingsOf(results: AxeResults): Finding[] {
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
