import { readFile, mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type CDPSession, type Page } from '@playwright/test';
import { describe, expect, it } from 'vitest';
import { httpClient, type Call } from '../../apps/server/reliability/support/bank-load.js';
import {
  startServer,
  type ServerProcess,
} from '../../apps/server/reliability/support/server-process.js';
import {
  calibratedSlowdown,
  measureBenchmarkIndex,
  PHONE_BENCHMARK_INDEX,
} from '../lib/calibration.js';
import { describeHotspots, hotspots } from '../lib/profile.js';
import {
  alternate,
  LOAD_CPUS,
  median,
  note,
  percentile,
  ratio,
  report,
  round3,
  RUNS,
  SERVER_CPUS,
} from '../lib/results.js';
import {
  CHROMIUM_ARGS,
  logIn,
  pinnedChromium,
  playTick,
  screenEvent,
  sessionScript,
} from './screen.js';
import { sourceMapped, type ChromiumProfile } from './source-profile.js';
import { FANCY_ROWS, tickData } from './ticks.js';
import {
  SHOWN_MARK,
  TRACE_CATEGORIES,
  traceFigures,
  type TraceEvent,
  type TraceFigures,
} from './trace.js';

/**
 * Render cost (bench/README.md): the event screen — 3 markets and 40 fancy rows — receiving a
 * price tick every 500 ms in Chromium with the CPU slowed down to the phone every run emulates
 * (the host's benchmarkIndex measured in the page before each run: bench/lib/calibration.ts),
 * beside a minimal keyed vanilla-DOM table applying the same ticks; and the INP of opening the
 * bet slip.
 */

const BENCH = 'render-cost';
const TICK_MS = 500;
const WARMUP_TICKS = 2;
const TRACE_TICKS = 16;
const PROFILE_TICKS = 8;
const SCRIPTING_GOAL = 1.4;
const INP_GOAL_MS = 100;
const HERE = fileURLToPath(new URL('.', import.meta.url));
const WEB_DIST = fileURLToPath(new URL('../../apps/web/dist', import.meta.url));
const FANCY_ROW = '[data-testid="fancy-row"]';
const BASELINE_FANCY_ROW = 'section:last-child li';
const OPEN_SLIP = 'section[aria-label="Bet slip"][data-open="true"]';
const CONTEXT = {
  viewport: { width: 1280, height: 800 },
  locale: 'en-IN',
  timezoneId: 'Asia/Kolkata',
} as const;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

interface Ticker {
  /** When each tick went out (CLOCK_MONOTONIC µs, the trace's clock), in order. */
  readonly sentUs: readonly number[];
  /** Resolves once `count` ticks have gone out. */
  played(count: number): Promise<void>;
  /** Stops ticking; answers the number of the next tick. */
  stop(): Promise<number>;
}

const monotonicUs = () => Number(process.hrtime.bigint() / 1000n);

/** Plays ticks `first`, `first + 1`, … every TICK_MS on a fixed schedule until stopped. */
function startTicker(play: (n: number) => Promise<void>, first: number): Ticker {
  const sentUs: number[] = [];
  let isStopped = false;
  let failure: Error | undefined;
  const started = performance.now();
  const loop = (async () => {
    for (let k = 0; !isStopped; k += 1) {
      await sleep(started + k * TICK_MS - performance.now());
      if (isStopped) break;
      sentUs.push(monotonicUs());
      await play(first + k);
    }
  })().catch((error: unknown) => {
    failure = error instanceof Error ? error : new Error(String(error));
  });
  return {
    sentUs,
    played: async (count) => {
      while (sentUs.length < count && !isStopped && !failure) await sleep(20);
      if (failure) throw failure;
    },
    async stop() {
      isStopped = true;
      await loop;
      if (failure) throw failure;
      return first + sentUs.length;
    },
  };
}

/** Starts a trace of the page (before the ticks, while the page is idle and starts it fast). */
async function startTrace(browser: Browser, page: Page): Promise<void> {
  await browser.startTracing(page, { categories: TRACE_CATEGORIES });
}

/** Ends the trace and reads the figures of the TRACE_TICKS ticks after the warm-up. */
async function endTrace(browser: Browser, ticker: Ticker) {
  const buffer = await browser.stopTracing();
  const parsed = JSON.parse(buffer.toString('utf8')) as
    { traceEvents: TraceEvent[] } | TraceEvent[];
  const startUs = ticker.sentUs[WARMUP_TICKS];
  if (startUs === undefined) throw new Error('The ticks did not reach the traced ones');
  return traceFigures(
    Array.isArray(parsed) ? parsed : parsed.traceEvents,
    startUs,
    TRACE_TICKS,
    TICK_MS,
  );
}

/**
 * Marks the trace each time the first fancy row's text changes, i.e. a tick reached the screen
 * (a MutationObserver on that row only, so it costs both pages next to nothing).
 */
const shownProbe = (selector: string) => `(() => {
  const row = document.querySelector(${JSON.stringify(selector)});
  let last = row.textContent;
  new MutationObserver(() => {
    if (row.textContent !== last) {
      last = row.textContent;
      console.timeStamp(${JSON.stringify(SHOWN_MARK)});
    }
  }).observe(row, { subtree: true, characterData: true, childList: true });
})()`;

/** Collects Event Timing entries (Chromium's INP source) of 16 ms and more. */
const INP_PROBE = `(() => {
  window.__benchEvents = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      window.__benchEvents.push({
        name: entry.name,
        duration: entry.duration,
        interactionId: entry.interactionId,
        delay: entry.processingStart - entry.startTime,
        processing: entry.processingEnd - entry.processingStart,
        presentation: entry.startTime + entry.duration - entry.processingEnd,
      });
  }).observe({ type: 'event', durationThreshold: 16 });
})()`;
/** The interaction's longest entry: its duration and its parts (input delay, handlers, to the paint). */
const INP_WORST = `window.__benchEvents
  .filter((entry) => entry.interactionId > 0)
  .reduce((worst, entry) => (entry.duration > worst.duration ? entry : worst),
    { name: 'none', duration: 0, delay: 0, processing: 0, presentation: 0 })`;

/** The longest Event Timing entry of the interaction, split as Chromium measures it. */
interface InteractionEntry {
  readonly name: string;
  readonly duration: number;
  /** From the input to its handlers' start. */
  readonly delay: number;
  /** The handlers of the event. */
  readonly processing: number;
  /** From the handlers' end to the next frame presented. */
  readonly presentation: number;
}

/** The answer of the page's next session check (docs/product.md#constants: every 10 s, then news and balance). */
async function sessionChecked(page: Page): Promise<void> {
  const answer = await page.waitForResponse((response) =>
    response.url().includes('/api/Authenticate/checkIsValid'),
  );
  await answer.finished();
  await sleep(300); // the news and balance reloads it brings
}

/**
 * Waits until `expression` holds in the page, asked from outside every 100 ms. Not a locator's
 * wait: a locator puts Playwright's own script into the page, whose listeners then run on every
 * pointer and mouse event of the click measured, a cost no bettor's page has.
 */
async function until(page: Page, expression: string): Promise<void> {
  for (let tries = 0; tries < 300; tries += 1) {
    if (await page.evaluate<boolean>(`Boolean(${expression})`)) return;
    await sleep(100);
  }
  throw new Error(`Timed out waiting for ${expression}`);
}

const elementCount = (selector: string) =>
  `document.querySelectorAll(${JSON.stringify(selector)}).length`;

/**
 * Opens the bet slip with a real mouse click (CDP input, as a person's) at `at`, the match odds'
 * first back price (found before the ticks); then leaves the page alone until the interaction
 * has surely painted (asking the page would run the harness's script on the main thread the click
 * is measured on), and checks the slip once.
 */
async function openSlip(page: Page, at: { x: number; y: number }): Promise<void> {
  await page.mouse.click(at.x, at.y);
  await sleep(1000); // the slip and the Event Timing entries come after the next paint
  if (!(await page.evaluate<boolean>(`${elementCount(OPEN_SLIP)} === 1`)))
    throw new Error('The click did not open the bet slip');
}

/** The baseline's page and its ticks as server-sent events, on the load generator's core. */
async function baselineServer() {
  const html = await readFile(join(HERE, 'baseline.html'));
  const script = await readFile(join(HERE, 'baseline.js'));
  const listeners = new Set<ServerResponse>();
  let latest = '';
  const server: Server = createServer((request, response) => {
    if (request.url === '/ticks') {
      response.writeHead(200, {
        'content-type': 'text/event-stream',
        'cache-control': 'no-store',
      });
      if (latest !== '') response.write(`data: ${latest}\n\n`);
      listeners.add(response);
      request.on('close', () => listeners.delete(response));
      return;
    }
    const [body, type] =
      request.url === '/baseline.js'
        ? [script, 'text/javascript']
        : request.url === '/' || request.url === '/baseline.html'
          ? [html, 'text/html']
          : [undefined, ''];
    if (!body) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': type }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    /** Sends one tick to every open page (and to pages that open later). */
    async send(eventId: number, n: number) {
      latest = JSON.stringify(tickData(eventId, n));
      for (const listener of listeners) listener.write(`data: ${latest}\n\n`);
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const listener of listeners) listener.end();
        server.close(() => resolve());
      }),
  };
}

interface RunFigures {
  /** Ticks that reached the screen (its first fancy row changed), of TRACE_TICKS. */
  readonly shown: number;
  readonly scriptingP95: number;
  readonly scriptingMedian: number;
  readonly renderingMedian: number;
  readonly busyMedian: number;
  readonly longTasks: number;
  readonly droppedFrames: number;
  readonly presentedFrames: number;
  readonly requests: number;
  readonly priceRequests: number;
  readonly failedRequests: number;
  readonly inp?: InteractionEntry;
  /** The CPU slowdown of the run, from the host's benchmarkIndex measured right before it. */
  readonly slowdown: number;
}

function summarise(figures: TraceFigures, slowdown: number, inp?: InteractionEntry): RunFigures {
  return {
    slowdown,
    shown: figures.shown,
    scriptingP95: round3(percentile(figures.scriptingMs, 95)),
    scriptingMedian: round3(median(figures.scriptingMs)),
    renderingMedian: round3(median(figures.renderingMs)),
    busyMedian: round3(median(figures.busyMs)),
    longTasks: figures.longTasks,
    droppedFrames: figures.droppedFrames,
    presentedFrames: figures.presentedFrames,
    requests: figures.requests,
    priceRequests: figures.priceRequests,
    failedRequests: figures.failedRequests,
    ...(inp === undefined ? {} : { inp }),
  };
}

describe('render cost', () => {
  it('measures the event screen under price ticks beside a vanilla-DOM table', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'bench-render-data-'));
    const toolDir = await mkdtemp(join(tmpdir(), 'bench-render-'));
    let server: ServerProcess | undefined;
    let browser: Browser | undefined;
    let baseline: Awaited<ReturnType<typeof baselineServer>> | undefined;
    try {
      // The browser is the product measured here: it gets the product's core. The server and
      // the baseline's tick source are its load, beside the load generator.
      server = await startServer({ dataDir, cpus: LOAD_CPUS, env: { FEED: 'scripted' } });
      baseline = await baselineServer();
      browser = await chromium.launch({
        executablePath: await pinnedChromium(toolDir, SERVER_CPUS),
        args: CHROMIUM_ARGS,
      });
      const call: Call = httpClient(server.base);
      const eventId = await screenEvent(call);
      const screenUrl = `${server.base}/market/4/${eventId}`;
      const bench = { browser, server, baseline };

      /**
       * A fresh logged-in tab on the event screen, all 3 markets and 40 rows shown, live, with
       * the probes in; answers where the match odds' first back price is.
       */
      const openScreen = async () => {
        const login = await logIn(call);
        const context = await bench.browser.newContext(CONTEXT);
        await context.addInitScript({ content: sessionScript(bench.server.base, login) });
        const page = await context.newPage();
        await page.goto(screenUrl);
        await until(page, `${elementCount('section[data-market-id]')} >= 3`);
        await until(page, `${elementCount(FANCY_ROW)} >= ${FANCY_ROWS}`);
        await until(page, `${elementCount('[aria-label="Live updates: Live"]')} > 0`);
        await sleep(500); // the event subscription follows the connection
        await page.evaluate(shownProbe(FANCY_ROW));
        await page.evaluate(INP_PROBE);
        const price = `section[data-market-id="1.${eventId}"] button[data-side="back"]`;
        const priceAt = await page.evaluate<{ x: number; y: number } | null>(`(() => {
          const box = document.querySelector(${JSON.stringify(price)})?.getBoundingClientRect();
          return box ? { x: box.x + box.width / 2, y: box.y + box.height / 2 } : null;
        })()`);
        if (!priceAt) throw new Error('The match odds back price is not on screen');
        const cdp = await context.newCDPSession(page);
        return { context, page, cdp, priceAt };
      };
      /**
       * The slowdown that makes this host the phone: the host's benchmarkIndex measured in a blank
       * page of `page`'s browser (as Lighthouse measures it before loading anything), not in the
       * page itself, whose heap and timers would make the product's figure differ from the
       * baseline's on the same host; before anything is traced.
       */
      const calibrate = async (page: Page) => {
        const blank = await page.context().newPage();
        try {
          return calibratedSlowdown(await measureBenchmarkIndex(blank));
        } finally {
          await blank.close();
        }
      };
      const throttle = (cdp: CDPSession, slowdown: number) =>
        cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });

      let productTick = 1;
      let baselineTick = 1;
      /**
       * Each pair of runs (product, then baseline) runs at one slowdown, measured before the
       * product's: the ratios compare the two on the same emulated phone.
       */
      const pairSlowdown = new Map<number, number>();
      const product = async (run: number): Promise<RunFigures> => {
        const { context, page, cdp, priceAt } = await openScreen();
        const slowdown = await calibrate(page);
        pairSlowdown.set(run, slowdown);
        // The traced ticks fall between two session checks, and so does the click: the check
        // (docs/product.md#constants, every 10 s) and the news and balance reloads it brings are no tick.
        await sessionChecked(page);
        await startTrace(bench.browser, page);
        await throttle(cdp, slowdown);
        const ticker = startTicker((n) => playTick(call, eventId, n), productTick);
        try {
          await ticker.played(WARMUP_TICKS + TRACE_TICKS + 1);
          const figures = await endTrace(bench.browser, ticker);
          // The click after the trace, the prices still ticking: the tracer's own cost falls on
          // every event of an interaction, and a bettor's browser runs none.
          await sessionChecked(page);
          await ticker.played(ticker.sentUs.length + 2);
          await openSlip(page, priceAt);
          productTick = await ticker.stop();
          return summarise(figures, slowdown, await page.evaluate<InteractionEntry>(INP_WORST));
        } finally {
          productTick = await ticker.stop();
          await context.close();
        }
      };
      const vanilla = async (run: number): Promise<RunFigures> => {
        const context = await bench.browser.newContext(CONTEXT);
        const page = await context.newPage();
        await bench.baseline.send(eventId, 0);
        await page.goto(`${bench.baseline.base}/baseline.html`);
        await until(page, `${elementCount('li')} >= ${6 + FANCY_ROWS}`);
        await page.evaluate(shownProbe(BASELINE_FANCY_ROW));
        const cdp = await context.newCDPSession(page);
        const slowdown = pairSlowdown.get(run) ?? (await calibrate(page));
        await startTrace(bench.browser, page);
        await throttle(cdp, slowdown);
        const ticker = startTicker((n) => bench.baseline.send(eventId, n), baselineTick);
        try {
          await ticker.played(WARMUP_TICKS + TRACE_TICKS + 1);
          baselineTick = await ticker.stop();
          const figures = await endTrace(bench.browser, ticker);
          // Harness sanity: the baseline's ticks reach its page.
          expect(figures.shown).toBeGreaterThan(TRACE_TICKS / 2);
          return summarise(figures, slowdown);
        } finally {
          baselineTick = await ticker.stop();
          await context.close();
        }
      };

      /** Samples the product under ticks (scripting) or around opening the slip (INP). */
      const profileProduct = async (parts: readonly ('ticks' | 'click')[]) => {
        const { context, cdp, page, priceAt } = await openScreen();
        await throttle(cdp, await calibrate(page));
        const ticker = startTicker((n) => playTick(call, eventId, n), productTick);
        try {
          await ticker.played(WARMUP_TICKS);
          await cdp.send('Profiler.enable');
          await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
          for (const part of parts) {
            await cdp.send('Profiler.start');
            if (part === 'ticks') await sleep(PROFILE_TICKS * TICK_MS);
            else await openSlip(page, priceAt);
            const { profile } = (await cdp.send('Profiler.stop')) as unknown as {
              profile: ChromiumProfile;
            };
            // Scripting is JavaScript: native rendering work ('(program)') is left out there.
            const skip = part === 'ticks' ? ['(idle)', '(program)'] : ['(idle)'];
            const spots = describeHotspots(hotspots(sourceMapped(profile, WEB_DIST, skip), 8));
            note({
              bench: BENCH,
              note:
                part === 'ticks'
                  ? `Scripting under ticks is dominated by (Chromium CPU profile of ${PROFILE_TICKS} ticks, self time, share of JavaScript samples): ${spots}`
                  : `Opening the bet slip is dominated by (Chromium CPU profile from the click to the slip shown, prices ticking, self time, share of busy samples): ${spots}`,
            });
          }
        } finally {
          productTick = await ticker.stop();
          await context.close();
        }
      };

      const runs = await alternate(RUNS, product, vanilla);
      console.log(JSON.stringify(runs));
      const of = (list: readonly RunFigures[], pick: (run: RunFigures) => number) =>
        round3(median(list.map(pick)));
      const scripting = of(runs.product, (run) => run.scriptingP95);
      const scriptingBase = of(runs.baseline, (run) => run.scriptingP95);
      const scriptingRatio = ratio(scripting, scriptingBase);
      const inp = of(runs.product, (run) => run.inp?.duration ?? 0);
      const inpPart = (part: 'delay' | 'processing' | 'presentation') =>
        Math.round(of(runs.product, (run) => run.inp?.[part] ?? 0));
      const vanillaName = 'keyed vanilla-DOM table';
      report({
        bench: BENCH,
        figure: `scripting per tick p95, ${TRACE_TICKS} ticks at 500 ms, calibrated CPU slowdown`,
        value: scripting,
        unit: 'ms',
        baseline: { name: vanillaName, value: scriptingBase },
        ratio: scriptingRatio,
        goal: `≤ ${SCRIPTING_GOAL}`,
        met: scriptingRatio <= SCRIPTING_GOAL,
      });
      const beside = (figure: string, unit: string, pick: (run: RunFigures) => number) => {
        const value = of(runs.product, pick);
        const base = of(runs.baseline, pick);
        report({
          bench: BENCH,
          figure,
          value,
          unit,
          baseline: { name: vanillaName, value: base },
          ratio: ratio(value, base),
        });
      };
      report({
        bench: BENCH,
        figure: 'CPU slowdown used, each pair of runs alike (median)',
        value: of(runs.product, (run) => run.slowdown),
        unit: '×',
      });
      beside('scripting per tick, median', 'ms', (run) => run.scriptingMedian);
      beside('style, layout and paint per tick, median', 'ms', (run) => run.renderingMedian);
      beside('main thread busy per tick, median', 'ms', (run) => run.busyMedian);
      beside(`long tasks (> 50 ms) in ${TRACE_TICKS} ticks`, 'tasks', (run) => run.longTasks);
      beside(`dropped frames in ${TRACE_TICKS} ticks`, 'frames', (run) => run.droppedFrames);
      beside(
        `first fancy row updates shown in ${TRACE_TICKS} ticks`,
        'updates',
        (run) => run.shown,
      );
      const priceRequests = of(runs.product, (run) => run.priceRequests);
      report({
        bench: BENCH,
        figure: `HTTP requests for prices in ${TRACE_TICKS} ticks, hub connected`,
        value: priceRequests,
        unit: 'requests',
        baseline: {
          name: vanillaName,
          value: of(runs.baseline, (run) => run.priceRequests),
        },
        goal: '= 0',
        met: priceRequests === 0,
      });
      beside(`HTTP requests in ${TRACE_TICKS} ticks (any)`, 'requests', (run) => run.requests);
      const requests = runs.product.reduce((sum, run) => sum + run.requests, 0);
      const failed = runs.product.reduce((sum, run) => sum + run.failedRequests, 0);
      if (failed > 0) {
        note({
          bench: BENCH,
          note:
            `Of the product's ${requests} HTTP requests in the traced ticks (all runs), ${failed} failed (cancelled) ` +
            `(first fancy row updates shown per run: ${runs.product.map((run) => run.shown).join(', ')} of ${TRACE_TICKS} ticks).`,
        });
      }
      report({
        bench: BENCH,
        figure: 'INP opening the bet slip, calibrated CPU slowdown, prices ticking',
        value: inp,
        unit: 'ms',
        goal: `≤ ${INP_GOAL_MS} ms`,
        met: inp <= INP_GOAL_MS,
      });
      note({
        bench: BENCH,
        note:
          `INP by part (medians of the runs' longest entries: ${runs.product.map((run) => run.inp?.name ?? 'none').join(', ')}): ` +
          `input delay ${inpPart('delay')} ms, event handlers ${inpPart('processing')} ms, ` +
          `from the handlers to the next frame ${inpPart('presentation')} ms.`,
      });
      note({
        bench: BENCH,
        note:
          `Chromium (${CONTEXT.viewport.width}×${CONTEXT.viewport.height}) pinned to core(s) ${SERVER_CPUS}, the server (FEED=scripted) on ${LOAD_CPUS}; ` +
          `CPU slowdown per run = the host's benchmarkIndex, measured in the page right before it, ÷ ${PHONE_BENCHMARK_INDEX} (clamped 1–8): every run emulates the same phone; ` +
          `per run ${WARMUP_TICKS} warm-up ticks, then a devtools.timeline trace of ${TRACE_TICKS} ticks cut into 500 ms windows: ` +
          'scripting = FunctionCall/EvaluateScript/TimerFire/EventDispatch/RunMicrotasks/GC time minus the layout and style forced inside, ' +
          "long tasks = RunTask > 50 ms, dropped frames = PipelineReporter frames DROPPED or PRESENTED_PARTIAL (without the main thread's update); " +
          'p95 (and medians) over the windows of a run, then the median of the runs; INP = the longest Event Timing entry of one real click on a match odds price, after the trace (untraced), prices ticking, the page never touched by a locator. ' +
          'The product takes each tick as one batch of fixture steps (one request, as a simulator tick), every change pushed with its data through the hub (no request; odds polled every 30 s as a safety net), ' +
          'the baseline as one server-sent message with every price.',
      });

      const missed: ('ticks' | 'click')[] = [];
      if (scriptingRatio > SCRIPTING_GOAL) missed.push('ticks');
      if (inp > INP_GOAL_MS) missed.push('click');
      if (missed.length > 0) {
        // What dominates the missed goals: one more product run under the sampling profiler.
        try {
          await profileProduct(missed);
        } catch (error) {
          note({ bench: BENCH, note: `The profile run failed: ${String(error)}` });
        }
      }
    } finally {
      await browser?.close();
      await baseline?.close();
      await server?.stop();
      await rm(dataDir, { recursive: true, force: true });
      await rm(toolDir, { recursive: true, force: true });
    }
  });
});
