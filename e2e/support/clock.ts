import type { BrowserContext, Page } from '@playwright/test';

/** The zone of the product's days (matka schedule, report days) and of E2E_AT. */
const ZONE = 'Asia/Kolkata';

/**
 * How far `E2E_AT=HH:MM` moves the clock: to that time of today in Asia/Kolkata, from `now`
 * (backwards when the hour has passed). playwright.config.ts chooses it once for the run.
 */
export function offsetToTimeOfDay(at: string, now = Date.now()): number {
  if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(at)) {
    throw new Error(`E2E_AT must be a time of day as HH:MM (Asia/Kolkata), not ${at}`);
  }
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(now);
  return Date.parse(`${today}T${at}:00+05:30`) - now;
}

/** The run's clock offset, set by playwright.config.ts for the server and every worker. */
export const clockOffsetMs = (): number => Number(process.env.E2E_CLOCK_OFFSET_MS ?? 0);

/** The suite's time: the server's clock and every page's, as the machine's moved by E2E_AT. */
export const suiteNow = (): number => Date.now() + clockOffsetMs();

/** HH:MM in Asia/Kolkata of an instant (a matka game's schedule is written so). */
export const kolkataTime = (at: number): string =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: ZONE,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at);

/**
 * Puts a browser context at the suite's time when E2E_AT moved it: its clock is installed at
 * `suiteNow()` and runs on in real time, and a journey's own `clock.install()` without a time
 * starts from the suite's time too, not the machine's.
 */
export async function atSuiteTime(context: BrowserContext): Promise<BrowserContext> {
  if (clockOffsetMs() === 0) return context;
  const install = context.clock.install.bind(context.clock);
  context.clock.install = (options) => install({ ...options, time: options?.time ?? suiteNow() });
  await context.clock.install();
  return context;
}

/**
 * Stops the page's (installed) clock a tenth of a second ahead of where it reads now. A busy
 * machine may take longer than that between the read and the stop, which the clock refuses (it
 * never runs backwards): then it reads again and tries again.
 */
export async function stopPageClock(page: Page): Promise<void> {
  for (;;) {
    const now = await page.evaluate(() => Date.now());
    try {
      await page.clock.pauseAt(now + 100);
      return;
    } catch (error) {
      if (!String(error).includes('Cannot fast-forward to the past')) throw error;
    }
  }
}
