/**
 * Where a game's frame points (docs/decisions.md#silent-rules "Casino"): `CASINO_URL/{gameid}?company=&token=` when
 * configured, otherwise the built-in provider on its own origin — the host the visitor used, on
 * the provider's port — so the frame works from `localhost`, a LAN address or a brand's host name.
 */
export function casinoFrameUrl(
  settings: { url: string | undefined; port: number; company: string },
  launch: { gameId: string; token: string; hostname: string },
): string {
  const base =
    settings.url === undefined
      ? `http://${hostForUrl(launch.hostname)}:${settings.port}`
      : settings.url.replace(/\/+$/, '');
  const query = new URLSearchParams({ company: settings.company, token: launch.token });
  return `${base}/${encodeURIComponent(launch.gameId)}?${query.toString()}`;
}

/** The CSP frame-src sources that admit the provider's pages. */
export function casinoFrameOrigins(settings: { url: string | undefined; port: number }): string[] {
  if (settings.url !== undefined) return [new URL(settings.url).origin];
  return [`http://*:${settings.port}`, `https://*:${settings.port}`];
}

/** Fastify's hostname has no port; an IPv6 literal needs brackets in a URL. */
function hostForUrl(hostname: string): string {
  return hostname.includes(':') && !hostname.startsWith('[') ? `[${hostname}]` : hostname;
}
