import { readFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { CatalogueNames } from './translate.js';

/**
 * The two Betfair HTTPS calls the stream needs (docs/feeds.md, "Going live"): the certificate
 * login that gives a session token, and the Betting API's market catalogue that names what the
 * stream does not (events, competitions, runners).
 */
export interface BetfairApiOptions {
  readonly appKey: string;
  readonly loginUrl: string;
  readonly apiUrl: string;
  /** A CA file to check the servers against (a local test server); the system's CAs otherwise. */
  readonly ca?: string | undefined;
  readonly timeoutMs?: number;
}

function request(
  url: string,
  init: {
    method: 'POST';
    headers: Record<string, string>;
    body: string;
    ca?: string | undefined;
    cert?: string;
    key?: string;
    timeoutMs: number;
  },
): Promise<{ status: number; body: string }> {
  const target = new URL(url);
  const transport = target.protocol === 'http:' ? http : https;
  return new Promise((resolve, reject) => {
    const req = transport.request(
      target,
      {
        method: init.method,
        headers: { ...init.headers, 'Content-Length': Buffer.byteLength(init.body) },
        ...(init.ca ? { ca: readFileSync(init.ca) } : {}),
        ...(init.cert ? { cert: readFileSync(init.cert) } : {}),
        ...(init.key ? { key: readFileSync(init.key) } : {}),
        timeout: init.timeoutMs,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        response.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${target.host} did not answer in time`)));
    req.on('error', reject);
    req.end(init.body);
  });
}

/** Betfair's certificate login: a session token for the stream's authentication. */
export async function certLogin(
  options: BetfairApiOptions,
  login: { username: string; password: string; cert: string; key: string },
): Promise<string> {
  const answer = await request(options.loginUrl, {
    method: 'POST',
    headers: {
      'X-Application': options.appKey,
      'Content-Type': 'application/x-www-form-urlencoded',
      Accept: 'application/json',
    },
    body: new URLSearchParams({ username: login.username, password: login.password }).toString(),
    ca: options.ca,
    cert: login.cert,
    key: login.key,
    timeoutMs: options.timeoutMs ?? 10_000,
  });
  let parsed: { sessionToken?: string; loginStatus?: string };
  try {
    parsed = JSON.parse(answer.body) as typeof parsed;
  } catch {
    throw new Error(`Betfair's login answered ${answer.status} with no JSON`);
  }
  if (parsed.loginStatus !== 'SUCCESS' || !parsed.sessionToken)
    throw new Error(`Betfair's login failed: ${parsed.loginStatus ?? `status ${answer.status}`}`);
  return parsed.sessionToken;
}

interface CatalogueEntry {
  marketId: string;
  marketName?: string;
  competition?: { name?: string };
  event?: { name?: string };
  runners?: { selectionId: number; runnerName?: string }[];
}

/** Names of these markets from the Betting API's listMarketCatalogue (at most 100 a call). */
export async function marketCatalogue(
  options: BetfairApiOptions,
  session: string,
  marketIds: readonly string[],
): Promise<Map<string, CatalogueNames>> {
  const names = new Map<string, CatalogueNames>();
  for (let at = 0; at < marketIds.length; at += 100) {
    const ids = marketIds.slice(at, at + 100);
    const answer = await request(`${options.apiUrl.replace(/\/$/, '')}/listMarketCatalogue/`, {
      method: 'POST',
      headers: {
        'X-Application': options.appKey,
        'X-Authentication': session,
        'Content-Type': 'application/json',
        Accept: 'application/json',
      },
      body: JSON.stringify({
        filter: { marketIds: ids },
        marketProjection: ['EVENT', 'COMPETITION', 'RUNNER_DESCRIPTION'],
        maxResults: ids.length,
      }),
      ca: options.ca,
      timeoutMs: options.timeoutMs ?? 10_000,
    });
    if (answer.status !== 200)
      throw new Error(
        `Betfair's catalogue answered ${answer.status}: ${answer.body.slice(0, 200)}`,
      );
    for (const entry of JSON.parse(answer.body) as CatalogueEntry[]) {
      names.set(entry.marketId, {
        eventName: entry.event?.name ?? `Market ${entry.marketId}`,
        ...(entry.competition?.name ? { competition: entry.competition.name } : {}),
        marketName: entry.marketName ?? 'Match Odds',
        runners: new Map(
          (entry.runners ?? []).map((runner) => [
            runner.selectionId,
            runner.runnerName ?? `Selection ${runner.selectionId}`,
          ]),
        ),
      });
    }
  }
  return names;
}
