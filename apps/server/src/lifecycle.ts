/** One part of the running server that must stop, in order, on shutdown. */
export interface Stoppable {
  readonly name: string;
  stop(): Promise<void>;
}

/**
 * Stops the parts in the order given, each after the previous finished: HTTP first (it waits
 * for requests in flight), then the pool, then PostgreSQL (DESIGN §2: only after the drain).
 * A failing part is reported and the rest still stop.
 */
export async function stopInOrder(
  parts: readonly Stoppable[],
  report: (name: string, error: unknown) => void,
): Promise<void> {
  for (const part of parts) {
    try {
      await part.stop();
    } catch (error) {
      report(part.name, error);
    }
  }
}

/**
 * The server's shutdown order: the feed stops ticking and saves its state, HTTP drains, the pool
 * closes, then PostgreSQL stops.
 */
export function drainOrder(parts: {
  feed?: (() => Promise<void>) | undefined;
  /** Hub clients are told to reconnect later before HTTP closes. */
  hub?: (() => Promise<void>) | undefined;
  http: () => Promise<void>;
  pool: () => Promise<void>;
  postgres?: (() => Promise<void>) | undefined;
}): Stoppable[] {
  return [
    ...(parts.feed ? [{ name: 'feed', stop: parts.feed }] : []),
    ...(parts.hub ? [{ name: 'hub', stop: parts.hub }] : []),
    { name: 'HTTP', stop: parts.http },
    { name: 'database pool', stop: parts.pool },
    ...(parts.postgres ? [{ name: 'PostgreSQL', stop: parts.postgres }] : []),
  ];
}
