import { vi } from 'vitest';

/**
 * How long a test waits, in real time, for what the screen will show: the same 5 s for
 * `eventually` and for Testing Library's `findBy…` and `waitFor` (set in setup.ts). Their own
 * default of 1 s failed a first render of a cold file on a busy CI machine (1.4 s there).
 */
export const EVENTUALLY_MS = 5_000;

/**
 * Waits until `check` passes, trying every `interval` ms; under fake timers each try moves the
 * fake clock on by `interval` too (vitest's `vi.waitFor`, with our timeout).
 */
export function eventually<T>(
  check: () => T | Promise<T>,
  options: { readonly interval?: number } = {},
): Promise<T> {
  return vi.waitFor(check, { timeout: EVENTUALLY_MS, interval: options.interval ?? 50 });
}
