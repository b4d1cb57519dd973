/**
 * What a Lighthouse result says about a page (the parts of its report this benchmark uses), and
 * what dominates a missed score, read from the run's own trace: the main thread's work by kind,
 * JavaScript time by script, the LCP element and its phases, the layout-shift culprits, and the
 * bytes that compression and unused code would save.
 */

interface Item {
  readonly [key: string]: unknown;
}

interface Audit {
  readonly score: number | null;
  readonly numericValue?: number;
  readonly title: string;
  readonly displayValue?: string;
  readonly details?: { readonly items?: readonly Item[] };
}

export interface LhResult {
  readonly categories: Record<
    string,
    { readonly score: number | null; readonly auditRefs: readonly { id: string; weight: number }[] }
  >;
  readonly audits: Record<string, Audit | undefined>;
  readonly finalDisplayedUrl?: string;
  readonly environment?: { readonly benchmarkIndex?: number };
  /** The settings the run used: the CPU slowdown the bench calibrated among them. */
  readonly configSettings?: { readonly throttling?: { readonly cpuSlowdownMultiplier?: number } };
  readonly runWarnings?: readonly string[];
}

const ms = (value: unknown) =>
  typeof value === 'number' ? `${(value / 1000).toFixed(value < 10_000 ? 2 : 1)} s` : '?';
const file = (url: unknown) =>
  typeof url === 'string' ? (url.split('/').pop() ?? url) || url : '?';
const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The audits that cost the most performance score (weight × shortfall), with their values. */
export function scoreLosses(lhr: LhResult): string[] {
  return (lhr.categories.performance?.auditRefs ?? [])
    .map((ref) => ({ ref, loss: ref.weight * (1 - (lhr.audits[ref.id]?.score ?? 0)) }))
    .filter((entry) => entry.loss > 0)
    .sort((a, b) => b.loss - a.loss)
    .map(({ ref }) => {
      const found = lhr.audits[ref.id];
      return `${found?.title ?? ref.id} ${found?.displayValue ?? ''}`.trim();
    });
}

/**
 * The audits of a category the page failed, by title with what they found failing (the first
 * few nodes' selectors): what an accessibility score under its goal lost points to. Audits that
 * did not apply (score null) are not failures.
 */
export function failedAudits(lhr: LhResult, category: string): string[] {
  return (lhr.categories[category]?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0)
    .flatMap((ref) => {
      const found = lhr.audits[ref.id];
      if (found?.score === null || found?.score === undefined || found.score >= 1) return [];
      const where = (found.details?.items ?? [])
        .slice(0, 3)
        .map((item) => text((item.node as { selector?: unknown } | undefined)?.selector))
        .filter(Boolean);
      return [`${found.title ?? ref.id}${where.length > 0 ? ` (${where.join(', ')})` : ''}`];
    });
}

/** One line: what dominates the page's load, from the run's trace and network records. */
export function diagnosis(lhr: LhResult): string {
  const items = (id: string) => lhr.audits[id]?.details?.items ?? [];
  const parts: string[] = [];
  const work = items('mainthread-work-breakdown')
    .slice(0, 3)
    .map((item) => `${text(item.groupLabel)} ${ms(item.duration)}`);
  if (work.length > 0)
    parts.push(
      `main thread ${lhr.audits['mainthread-work-breakdown']?.displayValue ?? ''}: ${work.join(', ')}`,
    );
  const scripts = items('bootup-time')
    .slice(0, 3)
    .map((item) => `${file(item.url)} ${ms(item.scripting)}`);
  if (scripts.length > 0) parts.push(`JavaScript by script: ${scripts.join(', ')}`);
  const [lcpElement, lcpPhases] = items('largest-contentful-paint-element') as readonly {
    items?: readonly Item[];
  }[];
  const lcpNode = lcpElement?.items?.[0]?.node as { snippet?: string } | undefined;
  if (lcpNode) {
    const phases = (lcpPhases?.items ?? [])
      .map((phase) => `${text(phase.phase)} ${text(phase.percent)}`)
      .join(', ');
    parts.push(`LCP element ${lcpNode.snippet ?? '?'} (${phases})`);
  }
  const shifts = items('layout-shifts')
    .slice(0, 2)
    .map((item) => {
      const node = item.node as { selector?: string } | undefined;
      return `${node?.selector ?? '?'} ${typeof item.score === 'number' ? item.score.toFixed(3) : ''}`;
    });
  if (shifts.length > 0) parts.push(`layout shifts: ${shifts.join(', ')}`);
  for (const id of ['uses-text-compression', 'unused-javascript', 'render-blocking-resources']) {
    const found = lhr.audits[id];
    const saves = found?.displayValue !== undefined && !/\b0\s*(ms|KiB)$/.test(found.displayValue);
    if (found && (found.score ?? 1) < 0.9 && saves)
      parts.push(`${found.title}: ${found.displayValue}`);
  }
  return parts.join('; ');
}
