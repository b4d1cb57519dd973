import type { MatkaService } from './matka.service.js';

export interface MatkaScheduler {
  /** Runs a first tick at once (drawing what closed while the server was down), then every interval. */
  start(): void;
  /** Stops ticking and waits for a tick in flight. */
  stop(): Promise<void>;
  /** One pass: create the coming markets, draw every market whose close has passed. */
  tick(): Promise<void>;
}

/**
 * Opens and draws the matka games on their schedule (DESIGN §6). Time and randomness come from
 * the service's injected clock and Random; this only decides when to look. Any number of
 * instances may run it: a market's first result wins and the others find it settled.
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
