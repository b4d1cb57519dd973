/**
 * Figures from a Chromium performance trace (categories in TRACE_CATEGORIES) of a page receiving
 * price ticks: scripting ms per tick window, long tasks, dropped frames and ticks shown, on the
 * renderer main thread of the traced page. Trace timestamps are CLOCK_MONOTONIC microseconds, as
 * Node's `process.hrtime`, so the windows start where the load generator sent the first tick.
 */

export const TRACE_CATEGORIES = [
  'devtools.timeline',
  // RunMicrotasks: promise continuations (fetch answers, React's scheduling) outside a call.
  'v8.execute',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
];

/** Written (console.timeStamp) by the page's probe each time a tick reaches the screen. */
export const SHOWN_MARK = 'bench-shown';

/**
 * The event screen's reads of what a tick changes: its odds, bookmaker and fancy rates, toss, detail
 * and the operator's rows. While the hub is connected every change comes pushed with its data, so
 * ticks cause none of them (docs/architecture.md, "Freshness on the client").
 */
export const PRICE_READS =
  /^\/api\/(Odds\/|MarketModels\/(GetEventDetail|GetRates|GetCustomBookmaker)|FancyRunnerModels\/)/;

/** A task longer than this blocks input (the Long Tasks API's threshold). */
const LONG_TASK_US = 50_000;

export interface TraceEvent {
  readonly name: string;
  readonly ph: string;
  readonly ts: number;
  readonly dur?: number;
  readonly pid: number;
  readonly tid: number;
  readonly args?: {
    readonly name?: string;
    readonly data?: {
      readonly message?: string;
      readonly didFail?: boolean;
      readonly url?: string;
      readonly frames?: readonly { readonly processId?: number; readonly parent?: string }[];
    };
    readonly frame_reporter?: { readonly state?: string; readonly frame_sequence?: number };
  };
}

/** What DevTools counts as scripting (self time: rendering work forced inside is taken out). */
const SCRIPTING = new Set([
  'FunctionCall',
  'EvaluateScript',
  'v8.evaluateModule',
  'v8.compile',
  'v8.compileModule',
  'TimerFire',
  'EventDispatch',
  'FireAnimationFrame',
  'FireIdleCallback',
  'RunMicrotasks',
  'XHRReadyStateChange',
  'XHRLoad',
  'MinorGC',
  'MajorGC',
]);
const RENDERING = new Set([
  'UpdateLayoutTree',
  'RecalculateStyles',
  'Layout',
  'PrePaint',
  'Paint',
  'Layerize',
  'UpdateLayer',
  'UpdateLayerTree',
  'HitTest',
  'ParseAuthorStyleSheet',
  'Commit',
]);
const TASKS = new Set(['RunTask']);

type Interval = [number, number];

/** Sorted, non-overlapping intervals covering the given ones. */
function union(intervals: Interval[]): Interval[] {
  const sorted = [...intervals].sort((a, b) => a[0] - b[0]);
  const out: Interval[] = [];
  for (const [start, end] of sorted) {
    const last = out.at(-1);
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else out.push([start, end]);
  }
  return out;
}

/** `a` minus `b`, both from `union`. */
function subtract(a: readonly Interval[], b: readonly Interval[]): Interval[] {
  const out: Interval[] = [];
  let j = 0;
  for (const [start, end] of a) {
    let from = start;
    while (j < b.length && (b[j]?.[1] ?? 0) <= from) j += 1;
    for (let k = j; k < b.length; k += 1) {
      const [cutStart, cutEnd] = b[k] ?? [0, 0];
      if (cutStart >= end) break;
      if (cutStart > from) out.push([from, cutStart]);
      from = Math.max(from, cutEnd);
    }
    if (from < end) out.push([from, end]);
  }
  return out;
}

/** How much of the intervals falls within [from, to). */
function covered(intervals: readonly Interval[], from: number, to: number): number {
  let total = 0;
  for (const [start, end] of intervals) {
    if (end <= from) continue;
    if (start >= to) break;
    total += Math.min(end, to) - Math.max(start, from);
  }
  return total;
}

/** Complete ('X') and begin/end ('B'/'E') events of one thread as intervals, by name. */
function intervalsOf(events: readonly TraceEvent[], names: ReadonlySet<string>): Interval[] {
  const out: Interval[] = [];
  const open: TraceEvent[] = [];
  for (const event of events) {
    if (!names.has(event.name)) continue;
    if (event.ph === 'X') out.push([event.ts, event.ts + (event.dur ?? 0)]);
    else if (event.ph === 'B') open.push(event);
    else if (event.ph === 'E') {
      const begin = open.findLastIndex((candidate) => candidate.name === event.name);
      if (begin >= 0) {
        out.push([open[begin]?.ts ?? event.ts, event.ts]);
        open.splice(begin, 1);
      }
    }
  }
  return out;
}

export interface TraceFigures {
  /** Ticks that reached the screen (the probe's marks) within the traced ticks. */
  readonly shown: number;
  /** Scripting ms in each tick's window, in order. */
  readonly scriptingMs: number[];
  /** Style, layout, paint and commit ms in each tick's window. */
  readonly renderingMs: number[];
  /** Main-thread task ms in each tick's window (everything the thread did). */
  readonly busyMs: number[];
  /** Main-thread tasks longer than 50 ms within the traced ticks. */
  readonly longTasks: number;
  /**
   * Frames that missed the main thread's update within the traced ticks: PipelineReporter
   * STATE_DROPPED, and STATE_PRESENTED_PARTIAL (a compositor animation went out without it).
   */
  readonly droppedFrames: number;
  /** Frames presented whole within the traced ticks. */
  readonly presentedFrames: number;
  /** HTTP requests the page started within the traced ticks, and those that failed (cancelled). */
  readonly requests: number;
  /** Of those, the reads of the event's prices, detail and operator rows (PRICE_READS). */
  readonly priceRequests: number;
  readonly failedRequests: number;
}

/** The renderer main thread of the traced page (the one of the busiest renderers otherwise). */
function mainThread(events: readonly TraceEvent[]): { pid: number; tid: number } {
  const renderers = events.filter(
    (event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain',
  );
  const started = events.find((event) => event.name === 'TracingStartedInBrowser');
  const pid = started?.args?.data?.frames?.find((frame) => frame.parent === undefined)?.processId;
  const found = renderers.find((event) => event.pid === pid);
  if (found) return { pid: found.pid, tid: found.tid };
  let busiest: { pid: number; tid: number; busy: number } | undefined;
  for (const renderer of renderers) {
    const busy = events
      .filter((event) => event.pid === renderer.pid && event.tid === renderer.tid)
      .reduce((sum, event) => sum + (event.name === 'RunTask' ? (event.dur ?? 0) : 0), 0);
    if (!busiest || busy > busiest.busy) busiest = { pid: renderer.pid, tid: renderer.tid, busy };
  }
  if (!busiest) throw new Error('The trace holds no renderer main thread');
  return busiest;
}

/** The figures of `ticks` windows of `tickMs` each, from `startUs` (trace clock) on. */
export function traceFigures(
  traceEvents: readonly TraceEvent[],
  startUs: number,
  ticks: number,
  tickMs: number,
): TraceFigures {
  const { pid, tid } = mainThread(traceEvents);
  const start = startUs;
  const end = start + ticks * tickMs * 1000;
  const main = traceEvents
    .filter((event) => event.pid === pid && event.tid === tid)
    .sort((a, b) => a.ts - b.ts);
  const rendering = union(intervalsOf(main, RENDERING));
  const scripting = subtract(union(intervalsOf(main, SCRIPTING)), rendering);
  const busy = union(intervalsOf(main, TASKS));
  const perWindow = (intervals: readonly Interval[]) =>
    Array.from({ length: ticks }, (_, index) => {
      const from = start + index * tickMs * 1000;
      return covered(intervals, from, from + tickMs * 1000) / 1000;
    });
  const within = (event: TraceEvent) => event.ts >= start && event.ts < end;
  const longTasks = main.filter(
    (event) =>
      event.name === 'RunTask' &&
      event.ph === 'X' &&
      (event.dur ?? 0) > LONG_TASK_US &&
      within(event),
  ).length;
  const shown = main.filter(
    (event) =>
      event.name === 'TimeStamp' && event.args?.data?.message === SHOWN_MARK && within(event),
  ).length;
  const frames = new Map<number, string>();
  for (const event of traceEvents) {
    if (event.name !== 'PipelineReporter' || event.ph !== 'b' || event.pid !== pid) continue;
    if (!within(event)) continue;
    const reporter = event.args?.frame_reporter;
    if (reporter?.frame_sequence === undefined || reporter.state === undefined) continue;
    // A frame is dropped once any of its reports says so.
    if (frames.get(reporter.frame_sequence) !== 'STATE_DROPPED')
      frames.set(reporter.frame_sequence, reporter.state);
  }
  const states = [...frames.values()];
  const network = traceEvents.filter((event) => event.pid === pid && within(event));
  return {
    shown,
    scriptingMs: perWindow(scripting),
    renderingMs: perWindow(rendering),
    busyMs: perWindow(busy),
    longTasks,
    droppedFrames: states.filter(
      (state) => state === 'STATE_DROPPED' || state === 'STATE_PRESENTED_PARTIAL',
    ).length,
    presentedFrames: states.filter((state) => state === 'STATE_PRESENTED_ALL').length,
    requests: network.filter((event) => event.name === 'ResourceSendRequest').length,
    priceRequests: network.filter(
      (event) =>
        event.name === 'ResourceSendRequest' &&
        PRICE_READS.test(new URL(event.args?.data?.url ?? '', 'http://page').pathname),
    ).length,
    failedRequests: network.filter(
      (event) => event.name === 'ResourceFinish' && event.args?.data?.didFail === true,
    ).length,
  };
}
