/**
 * The request limit (docs/architecture.md, "Rate limits"): at most `max` requests per caller in
 * each fixed window. A caller is a session for authenticated calls — many bettors share one
 * address behind a mobile carrier's NAT — and an address for everything else (login, public
 * reads, a bad token). One counter serves the framework's routes and the reads answered before
 * them (http/fast-lane.ts), so a caller cannot go round it. Memory holds the callers of one
 * window only.
 */
export function createRateLimiter(options: { max: number; windowMs: number }) {
  let window = -1;
  let counts = new Map<string, number>();
  const roll = (now: number) => {
    const current = Math.floor(now / options.windowMs);
    if (current !== window) {
      window = current;
      counts = new Map();
    }
    return current;
  };
  return {
    /** Whether the caller is over the limit already, without counting this request. */
    isOver(key: string, now: number): boolean {
      roll(now);
      return (counts.get(key) ?? 0) >= options.max;
    },
    /** Counts a request; the seconds until the window ends when the caller is over the limit. */
    take(key: string, now: number): { allowed: true } | { allowed: false; retryAfterS: number } {
      const current = roll(now);
      const count = (counts.get(key) ?? 0) + 1;
      counts.set(key, count);
      if (count <= options.max) return { allowed: true };
      const endsInMs = (current + 1) * options.windowMs - now;
      return { allowed: false, retryAfterS: Math.max(1, Math.ceil(endsInMs / 1000)) };
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;

export const RATE_WINDOW_MS = 60_000;

/** The caller a request counts for: its session when it has one, else its address. */
export const callerKey = (sessionId: string | undefined, address: string): string =>
  sessionId === undefined ? `address:${address}` : `session:${sessionId}`;
