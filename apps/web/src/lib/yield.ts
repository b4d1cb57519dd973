/**
 * Ends the current task where the browser can (`scheduler.yield`), so what waits — a tap, a
 * paint — runs before the rest; elsewhere nothing (undefined: the caller goes on at once). Long
 * startup work is cut this way into tasks a tap can come between (docs/architecture.md, "The
 * first paint").
 */
export function yieldToBrowser(): Promise<void> | undefined {
  return (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler?.yield?.();
}
