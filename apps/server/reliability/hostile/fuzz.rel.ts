import { validLogin } from '@backlay/contract/auth';
import { casinoLaunch } from '@backlay/contract/casino';
import type { Endpoint } from '@backlay/contract/common';
import { getMatkaEventMarkets } from '@backlay/contract/matka';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  CASINO_SECRET,
  login,
  OPS_TOKEN,
  operatorLogin,
  TEST_PASSWORD,
  LAT_LONG,
} from '../../test/app.js';
import { record, scale } from '../figures.js';
import {
  betBody,
  casinoCredit,
  casinoDebit,
  casinoSession,
  fixtureEvent,
  KALYAN,
  matkaBody,
  newBettor,
  ops,
  openWorld,
  placeBet,
  placeMatka,
  priceFancy,
  priceMarket,
  runSeed,
  seededRng,
  type Bettor,
  type Fixture,
  type Instance,
  type World,
} from '../money/betting.js';
import {
  judge,
  mutatedInput,
  stateDigest,
  validInput,
  type FuzzInput,
  type Hints,
} from '../support/fuzz.js';
import { ROUTES, urlOf, type Route } from '../support/routes.js';

/**
 * HTTP fuzzing (docs/reliability.md, "HTTP fuzzing"): every route of the contract gets
 * INPUTS_PER_ROUTE generated requests — valid instances of its schemas (with the seeded world's
 * real ids mixed in) and mutated ones (support/fuzz.ts) — each sent with the route's credential,
 * with none or with a wrong one. Every answer must be a non-5xx that parses with the route's
 * response schema (200) or the refusal envelope (anything else), and a refused request must change
 * no business row: the database is digested around each batch of requests, and when a batch also
 * had successes (which may change state), each of its refused requests is replayed alone between
 * two digests.
 *
 * Routes run public, client, provider, then ops (whose valid inputs settle and lock the seeded
 * event), with logout and change-password last among the client ones. RELIABILITY_SEED replays
 * a run.
 */

const INPUTS_PER_ROUTE = scale(1000, 200);
const BATCH = 25;
/** Share of the inputs that are valid instances (the rest are mutated). */
const VALID_SHARE = 0.3;

const seed = runSeed();
const rng = seededRng(seed);

let world: World;
let instance: Instance;
let app: FastifyInstance;
let fixture: Fixture;
let fuzzer: Bettor;
let other: Bettor;
/** A revoked token of a third client: a credential that once was right. */
let revokedToken: string;
/** A back-office admin's session (docs/backoffice.md): the right credential of operator routes. */
let operatorToken: string;
let hints: Hints;
let examples: Record<string, object[]>;

const AUDIENCE_ORDER = {
  public: 0,
  client: 1,
  provider: 2,
  ops: 3,
  operator: 4,
  agent: 5,
} as const;
const LAST_CLIENT = new Set(['chips.changePassword', 'auth.logout', 'backoffice.operatorLogout']);

interface Sent {
  readonly route: string;
  readonly credential: string;
  readonly input: FuzzInput;
  readonly statusCode: number;
  readonly body: string;
}

const offenders = {
  fiveXX: [] as Sent[],
  schema: [] as (Sent & { why: string })[],
  state: [] as Sent[],
};
let total = 0;
let validAccepted = 0;
let validSent = 0;
let refusedTotal = 0;
const kinds = new Map<string, number>();

/** The fuzzer's password: a successful change-password input changes it. */
let fuzzerPassword = TEST_PASSWORD;

/** Logs the fuzzer in again, from an address of its own (the fuzzed logins get 127.0.0.1 blocked). */
async function refreshFuzzer(): Promise<void> {
  const response = await app.inject({
    method: 'POST',
    url: validLogin.path,
    remoteAddress: '10.20.30.40',
    payload: { username: fuzzer.username, password: fuzzerPassword, LatLong: LAT_LONG },
  });
  const body = response.json<{ Status: boolean; data?: { Token: string } }>();
  if (!body.Status || !body.data) throw new Error(`fuzzer login failed: ${response.body}`);
  fuzzer = { ...fuzzer, token: body.data.Token };
}

/** The credential to send: the route's own, none, or a wrong one. */
function credentialFor(
  endpoint: Endpoint,
  isValid: boolean,
): { name: string; headers: Record<string, string> } {
  const right: Record<string, string> =
    endpoint.audience === 'client'
      ? bearer(fuzzer.token)
      : endpoint.audience === 'ops'
        ? bearer(OPS_TOKEN)
        : endpoint.audience === 'operator'
          ? bearer(operatorToken)
          : endpoint.audience === 'provider'
            ? bearer(CASINO_SECRET)
            : {};
  const roll = rng.next();
  if (roll < (isValid ? 0.7 : 0.8)) return { name: 'right', headers: right };
  if (roll < (isValid ? 0.85 : 0.9)) return { name: 'none', headers: {} };
  const wrong = rng.pick([
    ['client token', `Bearer ${fuzzer.token}`],
    ['operator token', `Bearer ${OPS_TOKEN}`],
    ['casino secret', `Bearer ${CASINO_SECRET}`],
    ['revoked token', `Bearer ${revokedToken}`],
    ['garbage token', `Bearer ${'A'.repeat(rng.int(1, 8000))}`],
    ['basic', `Basic ${Buffer.from('admin:admin').toString('base64')}`],
    ['bare Bearer', 'Bearer'],
    ['two tokens', `Bearer ${OPS_TOKEN} ${fuzzer.token}`],
    ['operator token, lower case', `bearer ${OPS_TOKEN.toUpperCase()}`],
  ] as const);
  // A credential that is in fact this route's own is not a wrong one.
  if (wrong[1] === right.authorization) return { name: 'right', headers: right };
  return { name: wrong[0], headers: { authorization: wrong[1] } };
}

async function send(route: Route, input: FuzzInput, headers: Record<string, string>) {
  const { endpoint } = route;
  const response = await app.inject({
    method: endpoint.method,
    url: urlOf(endpoint, input.params, input.query),
    headers: {
      ...headers,
      ...(input.body ? { 'content-type': input.body.contentType } : {}),
    },
    ...(input.body ? { payload: input.body.text } : {}),
  });
  const contentType = response.headers['content-type'];
  return {
    statusCode: response.statusCode,
    body: response.body,
    contentType: typeof contentType === 'string' ? contentType : undefined,
  };
}

interface Planned {
  readonly input: FuzzInput;
  readonly credential: { name: string; headers: Record<string, string> };
}

function plan(route: Route): Planned[] {
  const planned: Planned[] = [];
  const own = examples[route.name] ?? [];
  for (let n = 0; n < INPUTS_PER_ROUTE; n += 1) {
    const wantsValid = rng.next() < VALID_SHARE;
    const valid = wantsValid ? validInput(rng, route.endpoint, hints, own) : null;
    const input = valid ?? mutatedInput(rng, route.endpoint, hints, own);
    planned.push({ input, credential: credentialFor(route.endpoint, input.kind === 'valid') });
  }
  return planned;
}

/** Sends one planned request, judges its answer; true when it was refused. */
async function run(route: Route, item: Planned): Promise<{ isRefused: boolean; sent: Sent }> {
  const answer = await send(route, item.input, item.credential.headers);
  const verdict = judge(route.endpoint, answer);
  const sent: Sent = {
    route: route.name,
    credential: item.credential.name,
    input: item.input,
    statusCode: answer.statusCode,
    body: answer.body,
  };
  total += 1;
  kinds.set(item.input.kind, (kinds.get(item.input.kind) ?? 0) + 1);
  if (verdict.is5xx) offenders.fiveXX.push(sent);
  if (verdict.schemaBreak) offenders.schema.push({ ...sent, why: verdict.schemaBreak });
  if (verdict.isRefused) refusedTotal += 1;
  if (item.input.kind === 'valid' && item.credential.name === 'right') {
    validSent += 1;
    if (!verdict.isRefused) validAccepted += 1;
  }
  return { isRefused: verdict.isRefused, sent };
}

async function fuzzRoute(route: Route): Promise<void> {
  const planned = plan(route);
  // Valid inputs with the right credential may succeed and change state; the rest should not.
  const hopeful = planned.filter(
    (item) => item.input.kind === 'valid' && item.credential.name === 'right',
  );
  const hostile = planned.filter((item) => !hopeful.includes(item));
  const ordered = [...hostile, ...hopeful];
  for (let start = 0; start < ordered.length; start += BATCH) {
    const batch = ordered.slice(start, start + BATCH);
    const before = await stateDigest(world.database.db);
    const refused: Planned[] = [];
    let hadSuccess = false;
    for (const item of batch) {
      const { isRefused, sent } = await run(route, item);
      if (isRefused) refused.push(item);
      else hadSuccess = true;
      if (!isRefused && route.name === 'chips.changePassword' && item.input.body) {
        // The server's JSON parser skips a leading byte-order mark, as JSON.parse does not.
        const text = item.input.body.text.replace(/^\uFEFF/, '');
        fuzzerPassword = (JSON.parse(text) as { newPassword: string }).newPassword;
      }
      // A logout (or a 401 with the right token) ends the fuzzer's session: log in again.
      const ended =
        route.name === 'auth.logout'
          ? !isRefused
          : sent.statusCode === 401 &&
            sent.credential === 'right' &&
            route.endpoint.audience === 'client';
      if (ended) {
        await refreshFuzzer();
        hadSuccess = true;
      }
    }
    if (refused.length === 0 || (await stateDigest(world.database.db)) === before) continue;
    if (!hadSuccess) {
      // Only refusals, and yet something changed: find which (replayed alone).
      const found = await replayAlone(route, refused);
      if (found === 0)
        offenders.state.push({
          route: route.name,
          credential: '(batch)',
          input: batch[0]!.input,
          statusCode: 0,
          body: 'a batch of refusals changed state; no single replay did',
        });
    } else {
      await replayAlone(route, refused);
    }
  }
}

/** Replays refused requests one by one between two digests; the number that changed state. */
async function replayAlone(route: Route, items: readonly Planned[]): Promise<number> {
  let found = 0;
  for (const item of items) {
    const before = await stateDigest(world.database.db);
    const answer = await send(route, item.input, item.credential.headers);
    const verdict = judge(route.endpoint, answer);
    if (!verdict.isRefused) continue;
    if ((await stateDigest(world.database.db)) !== before) {
      found += 1;
      offenders.state.push({
        route: route.name,
        credential: item.credential.name,
        input: item.input,
        statusCode: answer.statusCode,
        body: answer.body,
      });
    }
  }
  return found;
}

function show(sent: Sent & { why?: string }): string {
  const body = sent.input.body ? sent.input.body.text : '';
  return [
    `${sent.route} [${sent.input.kind}; credential ${sent.credential}]`,
    `  params ${JSON.stringify(sent.input.params)} query ${sent.input.query.slice(0, 200)}`,
    `  body (${sent.input.body?.contentType ?? 'none'}) ${body.slice(0, 300)}${body.length > 300 ? `… (${body.length} chars)` : ''}`,
    `  → ${sent.statusCode} ${sent.body.slice(0, 300)}${sent.why ? `\n  why: ${sent.why}` : ''}`,
  ].join('\n');
}

beforeAll(async () => {
  world = await openWorld();
  instance = await world.start(6);
  app = instance.app;
  operatorToken = (await operatorLogin(app, world.clock, 'fuzz-admin', 'admin')).token;
  fixture = await fixtureEvent(app, 'Hostile Kings v Fuzz Royals', 3);
  const [home, away] = fixture.runners;
  for (const [marketId, back, lay] of [
    [fixture.matchOdds, 1.9, 1.92],
    [fixture.toss, 1.95, 1.97],
    [fixture.bookmaker, 45, 47],
  ] as const) {
    await priceMarket(app, fixture.eventId, marketId, [
      { selectionId: home, back, lay },
      { selectionId: away, back, lay },
    ]);
  }
  await priceFancy(
    app,
    fixture.eventId,
    fixture.fancy.map((selectionId, n) => ({
      selectionId,
      noLine: 30 + n,
      noRate: 100,
      yesLine: 31 + n,
      yesRate: 100,
    })),
  );
  fuzzer = await newBettor(world, app, 'fuzzer', 5_000_000);
  other = await newBettor(world, app, 'other.client', 10_000);
  await newBettor(world, app, 'loginfuzz', 100);
  const revoked = await newBettor(world, app, 'revoked', 0);
  revokedToken = revoked.token;
  await login(app, 'revoked'); // the newer login revokes the first token

  const draft = {
    MarketType: 'MATCH_ODDS',
    MarketId: fixture.matchOdds,
    EventId: fixture.eventId,
    SelectionID: String(home),
    BetType: 'Back',
    Odds: 1.9,
    Price: 0,
    Stack: 500,
  } as const;
  const fancyDraft = {
    MarketType: 'FANCY',
    MarketId: String(fixture.eventId),
    EventId: fixture.eventId,
    SelectionID: fixture.fancy[0]!,
    BetType: 'Yes',
    Odds: 31,
    Price: 100,
    Stack: 500,
  } as const;
  const bookmakerDraft = {
    ...draft,
    MarketType: 'BOOKMAKER',
    MarketId: fixture.bookmaker,
    Odds: 45,
  } as const;
  const tossDraft = { ...draft, MarketType: 'TOSS', MarketId: fixture.toss, Odds: 1.95 } as const;
  for (const bettor of [fuzzer, other]) {
    for (const bet of [draft, fancyDraft, bookmakerDraft, tossDraft]) {
      const placed = await placeBet(app, bettor, bet);
      if (!placed.body.Status) throw new Error(`seed bet refused: ${placed.text}`);
    }
    const matka = await placeMatka(app, bettor, {
      game: KALYAN,
      bets: [{ BetNo: '42', Amount: 50 }],
    });
    if (!matka.body.Status) throw new Error(`seed matka bet refused: ${matka.text}`);
  }
  const session = await casinoSession(app, fuzzer);
  await casinoDebit(app, session, 'seedround01', 100);
  await casinoCredit(app, session, 'seedround01', 180);
  await casinoDebit(app, session, 'seedround02', 50);
  // The digest sees a change: one news message between two digests.
  const beforeNews = await stateDigest(world.database.db);
  await ops(app, 'news', { message: 'Welcome to the hostile cup' });
  if ((await stateDigest(world.database.db)) === beforeNews) throw new Error('digest is blind');
  const launchTokens: string[] = [];
  for (let n = 0; n < 5; n += 1) {
    const launched = await app.inject({
      method: 'POST',
      url: casinoLaunch.path,
      payload: { gameId: 'roulette' },
      headers: bearer(fuzzer.token),
    });
    const url = launched.json<{ Result: { Url: string } }>().Result.Url;
    launchTokens.push(new URL(url).searchParams.get('token') ?? '');
  }
  const matkaMarkets = (
    await app.inject({
      method: 'GET',
      url: getMatkaEventMarkets.path,
      headers: bearer(fuzzer.token),
    })
  ).json<{ Result: { Mid: number; EventId: number }[] }>().Result;
  const mids = matkaMarkets.map((market) => market.Mid);

  const eventId = fixture.eventId;
  const marketIds = [fixture.matchOdds, fixture.bookmaker, fixture.toss];
  const selections = [home, away];
  hints = {
    eventId: [String(eventId), eventId],
    EventId: [eventId, String(eventId), KALYAN],
    marketId: [String(eventId), ...marketIds],
    MarketId: [String(eventId), ...marketIds, `${eventId}B`],
    marketids: [marketIds.join(','), fixture.matchOdds],
    selectionId: [...fixture.fancy, ...selections],
    SelectionID: [...selections.map(String), ...fixture.fancy],
    winnerSelectionId: selections,
    target: [...marketIds, ...fixture.fancy],
    Mid: mids.map(String),
    mid: mids,
    uid: [fuzzer.clientId, '0'],
    userId: [fuzzer.clientId, '0'],
    UserId: [fuzzer.clientId, 0],
    username: [other.username, fuzzer.username],
    password: [TEST_PASSWORD],
    oldPassword: [TEST_PASSWORD],
    LatLong: [LAT_LONG],
    startDate: ['2026-11-01', '2026-11-21'],
    endDate: ['2026-11-21', '2026-11-30'],
    Odds: [1.9, 1.92, 45, 31, 1.95],
    Price: [0, 100],
    Stack: [500, 1000, 2500],
    sportsId: ['4', '0', 4],
    session: [session],
    token: launchTokens,
    roundId: ['seedround02', 'seedround01'],
    amount: [10, 50, 100],
    BetNo: ['00', '42', '99'],
  };
  examples = {
    'bets.postUserBet': [draft, bookmakerDraft, tossDraft].map((bet) => betBody(bet)),
    'bets.postFancyBet': [betBody(fancyDraft)],
    'matka.placeMatkaBet': [
      matkaBody({
        game: KALYAN,
        bets: [
          { BetNo: '07', Amount: 10 },
          { BetNo: '08', Amount: 15 },
        ],
      }),
    ],
    'chips.updateChips': [{ ChipName: '1k,5k,10k', ChipValue: '1000,5000,10000' }],
    'casino.casinoProviderDebit': [{ session, roundId: 'fuzzround01', amount: 10 }],
    'casino.casinoProviderCredit': [{ session, roundId: 'seedround02', amount: 0, detail: 'lost' }],
    'auth.validLogin': [{ username: 'loginfuzz', password: TEST_PASSWORD, LatLong: LAT_LONG }],
  };
});

afterAll(async () => {
  await world?.close();
});

describe('HTTP fuzzing', () => {
  it(`sends ${INPUTS_PER_ROUTE} generated inputs to each of the ${ROUTES.length} routes`, async () => {
    const routes = [...ROUTES].sort(
      (a, b) =>
        AUDIENCE_ORDER[a.endpoint.audience] - AUDIENCE_ORDER[b.endpoint.audience] ||
        Number(LAST_CLIENT.has(a.name)) - Number(LAST_CLIENT.has(b.name)),
    );
    const started = performance.now();
    for (const route of routes) {
      // The login route logs in its own client only: a login revokes the fuzzer's other session.
      const own = route.name === 'auth.validLogin' ? { ...hints, username: ['loginfuzz'] } : hints;
      const saved = hints;
      hints = own;
      await fuzzRoute(route);
      hints = saved;
    }
    const seconds = (performance.now() - started) / 1000;

    for (const [title, list] of [
      ['5xx answers', offenders.fiveXX],
      ['answers breaking their schema', offenders.schema],
      ['state changes from refused requests', offenders.state],
    ] as const) {
      if (list.length === 0) continue;
      const byRoute = new Map<string, number>();
      for (const sent of list) byRoute.set(sent.route, (byRoute.get(sent.route) ?? 0) + 1);
      process.stdout.write(
        `\n${title}: ${list.length} (${[...byRoute].map(([name, n]) => `${name} ${n}`).join(', ')})\n` +
          list.slice(0, 6).map(show).join('\n') +
          '\n',
      );
    }

    record({ suite: 'hostile', name: 'fuzz: seed', value: seed });
    record({ suite: 'hostile', name: 'fuzz: routes', value: ROUTES.length });
    record({ suite: 'hostile', name: 'fuzz: requests sent', value: total });
    record({ suite: 'hostile', name: 'fuzz: requests refused', value: refusedTotal });
    record({
      suite: 'hostile',
      name: 'fuzz: valid inputs accepted (right credential)',
      value: `${validAccepted}/${validSent}`,
    });
    record({ suite: 'hostile', name: 'fuzz: seconds', value: Math.round(seconds) });
    record({
      suite: 'hostile',
      name: 'fuzz: 5xx answers',
      value: offenders.fiveXX.length,
      bar: '= 0',
      pass: offenders.fiveXX.length === 0,
    });
    record({
      suite: 'hostile',
      name: 'fuzz: answers breaking their response schema',
      value: offenders.schema.length,
      bar: '= 0',
      pass: offenders.schema.length === 0,
    });
    record({
      suite: 'hostile',
      name: 'fuzz: state changes from refused requests',
      value: offenders.state.length,
      bar: '= 0',
      pass: offenders.state.length === 0,
    });
    process.stdout.write(`inputs by kind: ${JSON.stringify(Object.fromEntries(kinds))}\n`);

    expect(total).toBeGreaterThanOrEqual(ROUTES.length * INPUTS_PER_ROUTE);
    expect(offenders.fiveXX.map(show)).toEqual([]);
    expect(offenders.schema.map(show)).toEqual([]);
    expect(offenders.state.map(show)).toEqual([]);
  });
});
