/** The hub's path (docs/product.md#calls: `{host}/MessageHub?userId=`). */
export const HUB_PATH = '/MessageHub';

/** The hub method a connection calls to join an event's group. */
export const SUBSCRIBE_EVENT = 'SubscribeEvent';

/**
 * docs/product.md#states, #constants: a dropped connection reconnects after 0, 2, 5 and 10 s, then gives up. The wire
 * protocol's timing, shared by the web client and the reliability suite's reconnect storm.
 */
export const RECONNECT_DELAYS_MS = [0, 2000, 5000, 10_000] as const;
/** docs/decisions.md#hub: the first delay gets 0–1 s of jitter so a restarted server is not hit all at once. */
export const FIRST_RETRY_JITTER_MS = 1000;

/**
 * The wait before reconnect attempt `previousRetryCount + 1` (0 before the first), or null to
 * give up; `random` is in [0, 1). The shape of `@microsoft/signalr`'s `IRetryPolicy`.
 */
export function reconnectDelayMs(previousRetryCount: number, random: () => number): number | null {
  const delay = RECONNECT_DELAYS_MS[previousRetryCount];
  if (delay === undefined) return null;
  return previousRetryCount === 0 ? delay + Math.floor(random() * FIRST_RETRY_JITTER_MS) : delay;
}
