/** One part of the running server that must stop, in order, on shutdown. */
export interface Stoppable {
  readonly name: string;
  stop(): Promise<void>;
}

/**
 * Stops the parts in the order given, each after the previous finished: HTTP first (it waits
 * for requests in flight), then the pool, then PostgreSQL (docs/decisions.md#stack: only after the drain).
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
 * The server's shutdown order (docs/decisions.md#stack; docs/reliability.md, "Graceful stop"): the side servers
 * (TV, demo casino) close while our API still answers their calls; HTTP drains — new connections
 * refused, requests on open connections answered 503 with `Connection: close`, hub clients told to
 * reconnect later, requests in flight finished; then the feed stops ticking and saves its state,
 * the pool closes, and PostgreSQL stops.
 */
export function drainOrder(parts: {
  edges?: (() => Promise<void>) | undefined;
  http: () => Promise<void>;
  feed?: (() => Promise<void>) | undefined;
  pool: () => Promise<void>;
  postgres?: (() => Promise<void>) | undefined;
}): Stoppable[] {
  return [
    ...(parts.edges ? [{ name: 'side servers', stop: parts.edges }] : []),
    { name: 'HTTP', stop: parts.http },
    ...(parts.feed ? [{ name: 'feed', stop: parts.feed }] : []),
    { name: 'database pool', stop: parts.pool },
    ...(parts.postgres ? [{ name: 'PostgreSQL', stop: parts.postgres }] : []),
  ];
}
