import { chmod, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Call } from '../../apps/server/reliability/support/bank-load.js';
import { SERVER_OPS_TOKEN } from '../../apps/server/reliability/support/server-process.js';
import { FANCY_NAMES, RUNNERS, tickData, tickSteps } from './ticks.js';

/**
 * What render-cost and lighthouse share: Debian's Chromium pinned to the product's cores, a
 * demo client's session for the browser, and the event screen's scripted event.
 */

/** Debian's Chromium, never a downloaded browser; flags that keep it off the closed network. */
export const CHROMIUM = '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * An executable that starts Chromium pinned to `cpus` (taskset; every process it starts —
 * renderer, GPU, network — inherits the pinning). Playwright and chrome-launcher take it as the
 * browser's path.
 */
export async function pinnedChromium(dir: string, cpus: string): Promise<string> {
  const path = join(dir, 'chromium-pinned.sh');
  await writeFile(path, `#!/bin/sh\nexec taskset -c ${cpus} ${CHROMIUM} "$@"\n`);
  await chmod(path, 0o755);
  return path;
}

export async function ops(call: Call, command: string, json: object): Promise<unknown> {
  const answer = await call('POST', `/api/ops/${command}`, { token: SERVER_OPS_TOKEN, json });
  if (answer.ok !== true)
    throw new Error(`ops ${command}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.result;
}

/**
 * Plays tick `n` on the event: match odds, bookmaker and toss prices and the 40 fancy rows, as
 * one feed batch (as a tick of the simulator changes every market of an event at once).
 */
export async function playTick(call: Call, eventId: number, n: number): Promise<void> {
  await ops(call, 'fixture-step', { eventId, steps: tickSteps(tickData(eventId, n)) });
}

/** The in-play cricket event of the screen, priced at tick 0; answers its id. */
export async function screenEvent(call: Call): Promise<number> {
  const created = (await ops(call, 'fixture-event', {
    sportId: 4,
    seriesName: 'Bench Premier League',
    name: `${RUNNERS[0]} v ${RUNNERS[1]}`,
    runners: [...RUNNERS],
    bookmaker: true,
    toss: true,
    fancy: FANCY_NAMES,
    inPlay: true,
  })) as { eventId: number };
  await playTick(call, created.eventId, 0);
  return created.eventId;
}

export interface StoredLogin {
  readonly Token: string;
  readonly uid: number;
  readonly UserName: string;
  readonly IsValidToken: string;
}

/** Logs a demo client in over the API (a new login ends that client's older session). */
export async function logIn(call: Call, username = 'demo1'): Promise<StoredLogin> {
  const answer = await call('POST', '/api/Authenticate/ValidLogin?ipAddress=127.0.0.1', {
    json: { username, password: 'Backlay@2026', LatLong: '19.076,72.8777' },
  });
  const data = (answer.body as { data?: StoredLogin } | undefined)?.data;
  if (answer.ok !== true || !data) throw new Error(`login: ${JSON.stringify(answer.body)}`);
  return data;
}

/**
 * A script for the page that stores the session as the login form does (docs/product.md#entities) and marks the
 * rules modal seen for this tab, on the server's origin only.
 */
export function sessionScript(origin: string, login: StoredLogin): string {
  return `if (location.origin === ${JSON.stringify(origin)}) {
  localStorage.setItem('loginUserDetails', ${JSON.stringify(JSON.stringify(login))});
  localStorage.setItem('isLoggedIn', 'true');
  sessionStorage.setItem('ShowRules', 'false');
}`;
}
