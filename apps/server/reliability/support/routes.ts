import * as agents from '@backlay/contract/agents';
import * as auth from '@backlay/contract/auth';
import * as backoffice from '@backlay/contract/backoffice';
import * as bets from '@backlay/contract/bets';
import * as casino from '@backlay/contract/casino';
import * as chips from '@backlay/contract/chips';
import type { Audience, Endpoint } from '@backlay/contract/common';
import * as hub from '@backlay/contract/hub';
import * as markets from '@backlay/contract/markets';
import * as matka from '@backlay/contract/matka';
import * as news from '@backlay/contract/news';
import * as ops from '@backlay/contract/ops';
import * as reports from '@backlay/contract/reports';
import * as scores from '@backlay/contract/scores';
import * as site from '@backlay/contract/site';
import * as system from '@backlay/contract/system';
import * as wallet from '@backlay/contract/wallet';

/**
 * Every endpoint of the contract, for the hostile suite (docs/reliability.md, "Hostile input"):
 * each area module's exports that are endpoints (a method, a path, an audience and a response
 * schema). A new endpoint in any area is fuzzed and checked for authorization without touching the
 * suites.
 */

export interface Route {
  /** `<area>.<export>`, e.g. `bets.postUserBet`. */
  readonly name: string;
  readonly endpoint: Endpoint;
}

const AREAS = {
  agents,
  auth,
  backoffice,
  bets,
  casino,
  chips,
  hub,
  markets,
  matka,
  news,
  ops,
  reports,
  scores,
  site,
  system,
  wallet,
};

function isEndpoint(value: unknown): value is Endpoint {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<Record<keyof Endpoint, unknown>>;
  return (
    (candidate.method === 'GET' || candidate.method === 'POST') &&
    typeof candidate.path === 'string' &&
    typeof candidate.audience === 'string' &&
    typeof candidate.response === 'object'
  );
}

/** Every endpoint once (an endpoint exported under two names counts once), in path order. */
export const ROUTES: readonly Route[] = (() => {
  const seen = new Map<Endpoint, string>();
  for (const [area, exports] of Object.entries(AREAS)) {
    for (const [name, value] of Object.entries(exports)) {
      if (isEndpoint(value) && !seen.has(value)) seen.set(value, `${area}.${name}`);
    }
  }
  return [...seen]
    .map(([endpoint, name]) => ({ name, endpoint }))
    .sort((a, b) => a.endpoint.path.localeCompare(b.endpoint.path));
})();

export const routesOf = (audience: Audience): readonly Route[] =>
  ROUTES.filter((route) => route.endpoint.audience === audience);

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** `encodeURIComponent`, with a lone surrogate sent as the bytes it would be (not UTF-8). */
export function encodePart(text: string): string {
  return text
    .split(LONE_SURROGATE)
    .map((piece) => encodeURIComponent(piece))
    .join('%ED%A0%80');
}

/** The URL of a route with its path parameters filled in (each encoded). */
export function urlOf(
  endpoint: Endpoint,
  params: Readonly<Record<string, string>> = {},
  query?: string,
): string {
  const path = endpoint.path.replace(/:([A-Za-z]+)/g, (_match, name: string) =>
    encodePart(params[name] ?? ''),
  );
  return query ? `${path}?${query}` : path;
}
