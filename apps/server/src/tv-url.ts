/**
 * Where an event's live TV is (docs/decisions.md#silent-rules): `TV_URL` with `{eventId}` when configured, otherwise
 * the built-in TV page on its own origin — the host the visitor used, on the TV page's port —
 * so the frame works from `localhost`, a LAN address or a brand's host name alike.
 */
export function tvUrlOf(
  configured: string | undefined,
  tvPort: number | undefined,
): (eventId: number, hostname: string) => string | null {
  if (configured !== undefined)
    return (eventId) => configured.replace('{eventId}', String(eventId));
  if (tvPort === undefined) return () => null;
  return (eventId, hostname) => `http://${hostForUrl(hostname)}:${tvPort}/tv/${eventId}`;
}

/** The CSP frame-src sources that admit the TV page. */
export function tvFrameOrigins(
  configured: string | undefined,
  tvPort: number | undefined,
): string[] {
  if (configured !== undefined) return [new URL(configured.replace('{eventId}', '0')).origin];
  return tvPort === undefined ? [] : [`http://*:${tvPort}`];
}

/** An IPv6 literal needs brackets in a URL. */
function hostForUrl(hostname: string): string {
  return hostname.includes(':') && !hostname.startsWith('[') ? `[${hostname}]` : hostname;
}
