import type { MatkaService } from './matka.service.js';

/**
 * The tick's interval in production: everyone hears a market open or close within about a second
 * of its StartTime or EndTime. A tick is one small read (the markets still to settle, a partial
 * index of a few rows), the coming markets created once a minute, and the draws when one is due.
 */
export const MATKA_TICK_MS = 1_000;

export interface MatkaScheduler {
  /** Runs a first tick at once (drawing what closed while the server was down), then every interval. */
  start(): void;
  /** Stops ticking and waits for a tick in flight. */
  stop(): Promise<void>;
  /**
   * One pass: create the coming markets, tell the markets that opened or closed since the last
   * pass, draw every market whose close has passed.
   */
  tick(): Promise<void>;
}

/**
 * Opens and draws the matka games on their schedule (docs/decisions.md#feed). Time and randomness come from
 * the service's injected clock and Random; this only decides when to look. Any number of
 * instances may run it: a market's first result wins and the others find it settled (each tells
 * the open and the close; a screen hears them twice, harmlessly).
 */
export function createMatkaScheduler(deps: {
  matka: MatkaService;
  intervalMs: number;
  log: (message: string) => void;
}): MatkaScheduler {
  let timer: ReturnType<typeof setInterval> | undefined;
  let running: Promise<void> | undefined;

  async function tick(): Promise<void> {
    try {
      const { drawn } = await deps.matka.tick();
      if (drawn.length > 0) deps.log(`matka: drew markets ${drawn.join(', ')}`);
    } catch (error) {
      deps.log(`matka: tick failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  function once(): void {
    if (running) return;
    running = tick().finally(() => {
      running = undefined;
    });
  }

  return {
    start() {
      if (timer) return;
      once();
      timer = setInterval(once, deps.intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
    tick,
  };
}
