import { agentLogin, agentLogout, agentTransactionPassword } from '@backlay/contract/agents';
import { validLogin } from '@backlay/contract/auth';
import { updateChips } from '@backlay/contract/chips';
import type { Endpoint } from '@backlay/contract/common';
import { getMatkaEventMarkets } from '@backlay/contract/matka';
import { getAccountStatement, getBetHistory } from '@backlay/contract/reports';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  CASINO_SECRET,
  LAT_LONG,
  OPS_TOKEN,
  operatorLogin,
  TEST_PASSWORD,
} from '../../test/app.js';
import { record, scale } from '../figures.js';
import {
  casinoDebit,
  casinoSession,
  fixtureEvent,
  KALYAN,
  newBettor,
  ops,
  openWorld,
  placeBet,
  placeMatka,
  priceFancy,
  priceMarket,
  runSeed,
  seededRng,
  type BetDraft,
  type Bettor,
  type Fixture,
  type World,
} from '../money/betting.js';
import { judge, validInput, type FuzzInput, type Hints } from '../support/fuzz.js';
import { routesOf, urlOf, type Route } from '../support/routes.js';

/**
 * The authorization matrix (docs/reliability.md, "Authorization matrix"). Two clients, A and B,
 * each with bets (open and settled, match and fancy), matka bets, casino rounds, credit with a
 * remark, chips and a statement. Every client route is called as A with B's ids wherever the route
 * names one — uid and userId, bet, market, event, session (fancy), matka market and game ids — and
 * the casino provider's routes with A's provider session and B's round ids: nothing of B's may come
 * back (B's name, id, stakes, amounts, remark, round ids, chips) and none of B's rows may change.
 * Every operator route is called as A, as B, anonymous and with wrong tokens, every provider route
 * without its secret, every client route anonymous, every back-office route of the agent network
 * (audience `agent`) with a client's, an operator's or the operator token, and every route of
 * another audience with an agent's token (a live one and a logged-out one): none may succeed.
 * The agent network's own matrix — actors, targets inside and outside their subtrees, locks —
 * is agents-authz.rel.ts.
 */

const CALLS_PER_ROUTE = scale(60, 20);

const seed = runSeed();
const rng = seededRng(seed);

let world: World;
let app: FastifyInstance;
let shared: Fixture;
let bOnly: Fixture;
let alice: Bettor;
let bravo: Bettor;
let aliceCasino: string;
/** A back-office operator of each role (docs/backoffice.md). */
let operators: Record<'admin' | 'risk' | 'support', string>;
/** The agent network's admin (docs/agents.md): a live session and a logged-out one. */
let agentToken: string;
let loggedOutAgentToken: string;
/** Ids of B's things, by the field names routes use for them. */
let bravoIds: Hints;
/** Texts and numbers of B's that must never reach A. */
let sentinels: { name: string; pattern: RegExp }[];

/** B's stakes and amounts: odd values nobody else uses. */
const B_STAKE = 7919;
const B_FANCY_STAKE = 6131;
const B_MATKA = [613.37, 386.63] as const;
const B_CASINO_STAKE = 777.77;
const B_REMARK = 'bravo-secret-credit';
const B_CHIPS = { ChipName: 'BravoChipOne,BravoChipTwo', ChipValue: '8887,9973' };
const B_ROUNDS = ['bravoround0001', 'bravoround0002'] as const;

interface Finding {
  readonly route: string;
  readonly input: FuzzInput | string;
  readonly credential: string;
  readonly statusCode: number;
  readonly body: string;
  readonly why: string;
}
const leaks: Finding[] = [];
const foreignUid: Finding[] = [];
const bravoChanged: Finding[] = [];
const opsAnswered: Finding[] = [];
const providerAnswered: Finding[] = [];
const anonymousAnswered: Finding[] = [];
const agentAnswered: Finding[] = [];
const schemaBreaks: Finding[] = [];
let callsAsAlice = 0;
let gateCalls = 0;

/** Every row of B's (sessions without their last-seen time), as one text. */
async function bravoRows(): Promise<string> {
  const id = bravo.clientId;
  const result = await sql<{ rows: string }>`
    SELECT concat_ws(E'\n',
      (SELECT string_agg(t::text, '|' ORDER BY t.id) FROM clients t WHERE t.id = ${id}),
      (SELECT string_agg(w::text, '|') FROM wallets w JOIN accounts a ON a.id = w.account_id WHERE a.client_id = ${id}),
      (SELECT string_agg(l::text, '|' ORDER BY l.id) FROM ledger_entries l JOIN accounts a ON a.id = l.account_id WHERE a.client_id = ${id}),
      (SELECT string_agg(t::text, '|' ORDER BY t::text) FROM bets t WHERE t.client_id = ${id}),
      (SELECT string_agg(t::text, '|' ORDER BY t::text) FROM exposures t WHERE t.client_id = ${id}),
      (SELECT string_agg(t::text, '|' ORDER BY t::text) FROM matka_bets t WHERE t.client_id = ${id}),
      (SELECT string_agg(t::text, '|' ORDER BY t::text) FROM casino_rounds t WHERE t.client_id = ${id}),
      (SELECT string_agg(t::text, '|' ORDER BY t::text) FROM chip_settings t WHERE t.client_id = ${id}),
      (SELECT string_agg(t::text, '|' ORDER BY t::text) FROM idempotency_keys t WHERE t.client_id = ${id}),
      (SELECT string_agg((t.id, t.revoked_at)::text, '|' ORDER BY t.id) FROM sessions t WHERE t.client_id = ${id})
    ) AS rows`.execute(world.database.db);
  return result.rows[0]?.rows ?? '';
}

async function loginFrom(username: string): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: validLogin.path,
    remoteAddress: '10.7.7.7',
    payload: { username, password: TEST_PASSWORD, LatLong: LAT_LONG },
  });
  const body = response.json<{ Status: boolean; data?: { Token: string } }>();
  if (!body.Status || !body.data) throw new Error(`login of ${username} failed: ${response.body}`);
  return body.data.Token;
}

async function send(endpoint: Endpoint, input: FuzzInput, headers: Record<string, string>) {
  const response = await app.inject({
    method: endpoint.method,
    url: urlOf(endpoint, input.params, input.query),
    headers: { ...headers, ...(input.body ? { 'content-type': input.body.contentType } : {}) },
    ...(input.body ? { payload: input.body.text } : {}),
  });
  const contentType = response.headers['content-type'];
  return {
    statusCode: response.statusCode,
    body: response.body,
    contentType: typeof contentType === 'string' ? contentType : undefined,
  };
}

/** Calls to a route as A with B's ids: distinct valid inputs drawn with B's ids preferred. */
function inputsWithBravoIds(route: Route): FuzzInput[] {
  const seen = new Map<string, FuzzInput>();
  for (let n = 0; n < CALLS_PER_ROUTE * 3 && seen.size < CALLS_PER_ROUTE; n += 1) {
    const input = validInput(rng, route.endpoint, bravoIds);
    if (!input) continue;
    seen.set(`${JSON.stringify(input.params)}?${input.query}#${input.body?.text ?? ''}`, input);
  }
  // Routes without inputs still answer A with data: one call each shows it is A's.
  return [...seen.values()];
}

/** A valid call of the route (any ids), for the credential checks. */
function anyValidInput(route: Route): FuzzInput {
  return (
    validInput(rng, route.endpoint, bravoIds) ?? {
      kind: 'valid',
      params: {},
      query: '',
      body: { text: '{}', contentType: 'application/json' },
    }
  );
}

const namesUid = (input: FuzzInput) =>
  new RegExp(`(^|&)(uid|userId|UserId)=${bravo.clientId}(&|$)`).test(input.query);

function show(finding: Finding): string {
  const input =
    typeof finding.input === 'string'
      ? finding.input
      : `params ${JSON.stringify(finding.input.params)} query ${finding.input.query} body ${finding.input.body?.text.slice(0, 300) ?? ''}`;
  return `${finding.route} [${finding.credential}] ${input}\n  → ${finding.statusCode} ${finding.body.slice(0, 300)}\n  why: ${finding.why}`;
}

beforeAll(async () => {
  world = await openWorld();
  app = (await world.start(6)).app;
  operators = {
    admin: (await operatorLogin(app, world.clock, 'authz-admin', 'admin')).token,
    risk: (await operatorLogin(app, world.clock, 'authz-risk', 'risk')).token,
    support: (await operatorLogin(app, world.clock, 'authz-support', 'support')).token,
  };
  // The admin of the agent network, logged in twice: one session stays, the other logs out.
  const ADMIN_PASSWORD = 'admin password of the authz matrix';
  await ops(app, 'agent/admin-password', { password: ADMIN_PASSWORD });
  const agentSession = async () => {
    const response = await app.inject({
      method: 'POST',
      url: agentLogin.path,
      remoteAddress: '10.7.7.8',
      payload: { username: 'admin', password: ADMIN_PASSWORD },
    });
    const body = response.json<{ Status: boolean; Result: { token: string } | string }>();
    if (!body.Status || typeof body.Result !== 'object')
      throw new Error(`admin login failed: ${response.body}`);
    return body.Result.token;
  };
  agentToken = await agentSession();
  await app.inject({
    method: 'POST',
    url: agentTransactionPassword.path,
    payload: { password: 'authz transaction secret' },
    headers: bearer(agentToken),
  });
  loggedOutAgentToken = await agentSession();
  await app.inject({ method: 'POST', url: agentLogout.path, headers: bearer(loggedOutAgentToken) });
  shared = await fixtureEvent(app, 'Alpha Town v Bravo City', 2);
  bOnly = await fixtureEvent(app, 'Bravo Rovers v Bravo United', 2);
  for (const fixture of [shared, bOnly]) {
    const [home, away] = fixture.runners;
    await priceMarket(app, fixture.eventId, fixture.matchOdds, [
      { selectionId: home, back: 1.9, lay: 1.92 },
      { selectionId: away, back: 2.1, lay: 2.12 },
    ]);
    await priceMarket(app, fixture.eventId, fixture.toss, [
      { selectionId: home, back: 1.95, lay: 1.97 },
      { selectionId: away, back: 1.95, lay: 1.97 },
    ]);
    await priceFancy(
      app,
      fixture.eventId,
      fixture.fancy.map((selectionId) => ({
        selectionId,
        noLine: 40,
        noRate: 100,
        yesLine: 41,
        yesRate: 100,
      })),
    );
  }
  alice = await newBettor(world, app, 'alice.client', 200_000);
  bravo = await newBettor(world, app, 'bravo.client', 300_000);
  await ops(app, 'credit', { username: bravo.username, amount: 1234.56, remark: B_REMARK });

  const bet = (fixture: Fixture, market: 'matchOdds' | 'toss', stake: number): BetDraft => ({
    MarketType: market === 'toss' ? 'TOSS' : 'MATCH_ODDS',
    MarketId: fixture[market],
    EventId: fixture.eventId,
    SelectionID: String(fixture.runners[0]),
    BetType: 'Back',
    Odds: market === 'toss' ? 1.95 : 1.9,
    Price: 0,
    Stack: stake,
  });
  const fancy = (fixture: Fixture, stake: number): BetDraft => ({
    MarketType: 'FANCY',
    MarketId: String(fixture.eventId),
    EventId: fixture.eventId,
    SelectionID: fixture.fancy[0] ?? '',
    BetType: 'Yes',
    Odds: 41,
    Price: 100,
    Stack: stake,
  });
  const drafts: [Bettor, BetDraft][] = [
    [alice, bet(shared, 'matchOdds', 1000)],
    [alice, bet(shared, 'toss', 1100)],
    [alice, fancy(shared, 1200)],
    [bravo, bet(shared, 'matchOdds', B_STAKE)],
    [bravo, bet(shared, 'toss', B_STAKE)],
    [bravo, fancy(shared, B_FANCY_STAKE)],
    [bravo, bet(bOnly, 'matchOdds', B_STAKE)],
    [bravo, bet(bOnly, 'toss', B_STAKE)],
    [bravo, fancy(bOnly, B_FANCY_STAKE)],
  ];
  for (const [bettor, draft] of drafts) {
    const placed = await placeBet(app, bettor, draft);
    if (!placed.body.Status) throw new Error(`seed bet refused: ${placed.text}`);
  }
  // Settled toss markets give both a settlement row, a profit and loss line and a match bet.
  for (const fixture of [shared, bOnly]) {
    const declared = await ops(app, 'declare-result', {
      marketId: fixture.toss,
      winnerSelectionId: fixture.runners[0],
    });
    if (!declared.body.Status) throw new Error(`declare refused: ${declared.text}`);
  }
  for (const [bettor, bets] of [
    [alice, [{ BetNo: '11', Amount: 100 }]],
    [bravo, B_MATKA.map((Amount, n) => ({ BetNo: `7${n}`, Amount }))],
  ] as const) {
    const placed = await placeMatka(app, bettor, { game: KALYAN, bets });
    if (!placed.body.Status) throw new Error(`seed matka refused: ${placed.text}`);
  }
  for (const [bettor, chips] of [
    [alice, { ChipName: 'A1,A2', ChipValue: '100,200' }],
    [bravo, B_CHIPS],
  ] as const) {
    await app.inject({
      method: 'POST',
      url: updateChips.path,
      payload: chips,
      headers: bearer(bettor.token),
    });
  }
  aliceCasino = await casinoSession(app, alice);
  await casinoDebit(app, aliceCasino, 'aliceround0001', 100);
  const bravoCasino = await casinoSession(app, bravo);
  for (const roundId of B_ROUNDS) await casinoDebit(app, bravoCasino, roundId, B_CASINO_STAKE);
  // The casino launches above were minted from the bettors' sessions; log both in afresh.
  alice = { ...alice, token: await loginFrom(alice.username) };
  bravo = { ...bravo, token: await loginFrom(bravo.username) };

  const matkaMarkets = (
    await app.inject({
      method: 'GET',
      url: getMatkaEventMarkets.path,
      headers: bearer(bravo.token),
    })
  ).json<{ Result: { Mid: number; EventId: number }[] }>().Result;
  const bravoMid = matkaMarkets.find((market) => market.EventId === KALYAN)?.Mid ?? 0;

  const events = [bOnly.eventId, shared.eventId];
  const markets = [bOnly.matchOdds, bOnly.toss, shared.matchOdds, shared.toss, `${bOnly.eventId}B`];
  const fancyIds = [...bOnly.fancy, ...shared.fancy];
  bravoIds = {
    uid: [bravo.clientId],
    userId: [bravo.clientId],
    UserId: [bravo.clientId, Number(bravo.clientId)],
    eventId: events.flatMap((id) => [String(id), id]),
    EventId: [...events, ...events.map(String), KALYAN],
    marketId: [...events.map(String), ...markets, String(bravoMid)],
    MarketId: [...events.map(String), ...markets],
    marketids: [markets.slice(0, 4).join(','), bOnly.matchOdds],
    selectionId: [...fancyIds, ...bOnly.runners],
    SelectionID: [...bOnly.runners.map(String), ...fancyIds],
    Mid: [String(bravoMid)],
    mid: [bravoMid],
    session: [aliceCasino],
    roundId: [...B_ROUNDS],
    amount: [1, 10],
    Stack: [500, 1000],
    Odds: [1.9, 1.95, 41],
    Price: [0, 100],
    sportsId: ['4', '0'],
    username: [bravo.username],
    startDate: ['2026-11-01'],
    endDate: ['2026-11-30'],
  };
  const number = (value: number) =>
    new RegExp(`(?<![\\d.])${String(value).replace('.', '\\.')}(?![\\d])`);
  sentinels = [
    { name: "B's username", pattern: /bravo\.client/ },
    {
      name: "B's id",
      pattern: new RegExp(`"(uid|userId|UserId|playerId)":"?${bravo.clientId}\\b`),
    },
    { name: "B's stake", pattern: number(B_STAKE) },
    { name: "B's fancy stake", pattern: number(B_FANCY_STAKE) },
    ...B_MATKA.map((amount) => ({ name: "B's matka amount", pattern: number(amount) })),
    { name: "B's casino stake", pattern: number(B_CASINO_STAKE) },
    { name: "B's credit remark", pattern: new RegExp(B_REMARK) },
    { name: "B's credit", pattern: number(1234.56) },
    { name: "B's chips", pattern: /BravoChip/ },
    { name: "B's chip value", pattern: number(8887) },
    { name: "B's round ids", pattern: /bravoround/ },
  ];
  // The sentinels see B's data where it belongs: B's own bet history and statement.
  for (const url of [getBetHistory.path, getAccountStatement.path]) {
    const own = await app.inject({ url: `${url}?psize=100`, headers: bearer(bravo.token) });
    if (!sentinels.some((sentinel) => sentinel.pattern.test(own.body)))
      throw new Error(`the sentinels are blind to B's own ${url}: ${own.body.slice(0, 300)}`);
  }
});

afterAll(async () => {
  await world?.close();
});

describe('authorization matrix', () => {
  it("answers client A nothing of client B's, and changes nothing of B's", async () => {
    const routes = [...routesOf('client'), ...routesOf('provider')].sort(
      // Logout and change-password last: they end A's session (A logs in again).
      (a, b) =>
        Number(/logout|changePwd/.test(a.endpoint.path)) -
        Number(/logout|changePwd/.test(b.endpoint.path)),
    );
    for (const route of routes) {
      const credential =
        route.endpoint.audience === 'provider' ? bearer(CASINO_SECRET) : bearer(alice.token);
      for (const input of inputsWithBravoIds(route)) {
        const before = await bravoRows();
        const answer = await send(
          route.endpoint,
          input,
          route.endpoint.audience === 'provider' ? credential : bearer(alice.token),
        );
        callsAsAlice += 1;
        const verdict = judge(route.endpoint, answer);
        const finding = {
          route: route.name,
          input,
          credential: route.endpoint.audience === 'provider' ? "provider, A's session" : 'A',
          statusCode: answer.statusCode,
          body: answer.body,
        };
        if (verdict.is5xx || verdict.schemaBreak)
          schemaBreaks.push({ ...finding, why: verdict.schemaBreak ?? '5xx' });
        if (answer.statusCode === 200) {
          for (const sentinel of sentinels) {
            if (sentinel.pattern.test(answer.body)) leaks.push({ ...finding, why: sentinel.name });
          }
          if (namesUid(input) && !verdict.isRefused)
            foreignUid.push({ ...finding, why: "B's id in uid/userId answered" });
        }
        if (namesUid(input) && answer.statusCode !== 403 && answer.statusCode !== 401)
          foreignUid.push({
            ...finding,
            why: `B's id in uid/userId answered ${answer.statusCode}, not 403`,
          });
        if ((await bravoRows()) !== before)
          bravoChanged.push({ ...finding, why: "B's rows changed" });
        if (answer.statusCode === 401 && route.endpoint.audience === 'client')
          alice = { ...alice, token: await loginFrom(alice.username) };
      }
      if (/logout/.test(route.endpoint.path))
        alice = { ...alice, token: await loginFrom(alice.username) };
    }

    expect(callsAsAlice).toBeGreaterThan(routes.length);
  });

  it('answers no operator route to a client or anonymous, no provider route without its secret, no client route anonymous', async () => {
    const wrongFor = (route: Route): [string, Record<string, string>][] => {
      const common: [string, Record<string, string>][] = [
        ['anonymous', {}],
        ['garbage token', { authorization: 'Bearer not-a-token' }],
        [
          'basic',
          {
            authorization: `Basic ${Buffer.from(`${alice.username}:${TEST_PASSWORD}`).toString('base64')}`,
          },
        ],
        ['empty bearer', { authorization: 'Bearer ' }],
        ['logged-out agent', bearer(loggedOutAgentToken)],
      ];
      // A user above the clients: every other audience refuses its token.
      const agent: [string, Record<string, string>] = ['agent', bearer(agentToken)];
      switch (route.endpoint.audience) {
        case 'ops':
          return [
            ...common,
            ['client A', bearer(alice.token)],
            ['client B', bearer(bravo.token)],
            ['casino secret', bearer(CASINO_SECRET)],
            ['operator token prefix', bearer(OPS_TOKEN.slice(0, -1))],
            ['operator token query', {}],
            agent,
          ];
        case 'operator':
          // Every other credential, and each operator whose role the route does not admit.
          return [
            ...common,
            ['client A', bearer(alice.token)],
            ['client B', bearer(bravo.token)],
            ['casino secret', bearer(CASINO_SECRET)],
            ['operator token', bearer(OPS_TOKEN)],
            agent,
            ...(['risk', 'support'] as const)
              .filter((role) => !(route.endpoint.roles ?? []).includes(role))
              .map((role): [string, Record<string, string>] => [
                `${role} operator`,
                bearer(operators[role]),
              ]),
          ];
        case 'agent':
          // A user above the clients only: every other credential is refused.
          return [
            ...common,
            ['client A', bearer(alice.token)],
            ['client B', bearer(bravo.token)],
            ['casino secret', bearer(CASINO_SECRET)],
            ['operator token', bearer(OPS_TOKEN)],
            ['operator token query', {}],
            ...(['admin', 'risk', 'support'] as const).map(
              (role): [string, Record<string, string>] => [
                `${role} operator`,
                bearer(operators[role]),
              ],
            ),
          ];
        case 'provider':
          return [
            ...common,
            ['client A', bearer(alice.token)],
            ['operator token', bearer(OPS_TOKEN)],
            ['casino secret prefix', bearer(CASINO_SECRET.slice(0, -1))],
            agent,
          ];
        case 'client':
          return [
            ...common,
            ['operator token', bearer(OPS_TOKEN)],
            ['casino secret', bearer(CASINO_SECRET)],
            agent,
          ];
        case 'public':
          return [];
      }
    };
    for (const route of [
      ...routesOf('ops'),
      ...routesOf('operator'),
      ...routesOf('provider'),
      ...routesOf('client'),
      ...routesOf('agent'),
    ]) {
      for (let n = 0; n < 3; n += 1) {
        const input = anyValidInput(route);
        for (const [name, headers] of wrongFor(route)) {
          const withToken =
            name === 'operator token query'
              ? { ...input, query: `${input.query}${input.query ? '&' : ''}token=${OPS_TOKEN}` }
              : input;
          const answer = await send(route.endpoint, withToken, headers);
          gateCalls += 1;
          const verdict = judge(route.endpoint, answer);
          const finding = {
            route: route.name,
            input: withToken,
            credential: name,
            statusCode: answer.statusCode,
            body: answer.body,
          };
          if (verdict.schemaBreak) schemaBreaks.push({ ...finding, why: verdict.schemaBreak });
          // Operator and provider routes must say 401 or 403; a client route must not succeed
          // (the hub's ticket route is not there at all without a hub: 404).
          if (answer.statusCode === 401 || answer.statusCode === 403) continue;
          // The hub's ticket routes (a client's and an operator's) are not there at all without
          // a hub: a 404 answers nothing.
          if (answer.statusCode === 404 && route.endpoint.path.endsWith('/hub-ticket')) continue;
          if (
            route.endpoint.audience === 'client' &&
            verdict.isRefused &&
            answer.statusCode !== 200
          )
            continue;
          const list =
            route.endpoint.audience === 'ops' || route.endpoint.audience === 'operator'
              ? opsAnswered
              : route.endpoint.audience === 'provider'
                ? providerAnswered
                : route.endpoint.audience === 'agent'
                  ? agentAnswered
                  : anonymousAnswered;
          list.push({ ...finding, why: `answered ${answer.statusCode}, not 401/403` });
        }
      }
    }
    expect(gateCalls).toBeGreaterThan(0);
  });

  afterAll(() => {
    const all = [
      ['leaks', leaks],
      ['foreign uid', foreignUid],
      ["B's rows changed", bravoChanged],
      ['ops answered', opsAnswered],
      ['provider answered', providerAnswered],
      ['client answered anonymous', anonymousAnswered],
      ['agent routes answered', agentAnswered],
      ['schema breaks', schemaBreaks],
    ] as const;
    for (const [title, list] of all) {
      if (list.length > 0)
        process.stdout.write(
          `\n${title}: ${list.length}\n${list.slice(0, 6).map(show).join('\n')}\n`,
        );
    }
    record({ suite: 'hostile', name: 'authz: seed', value: seed });
    record({ suite: 'hostile', name: "authz: calls as A with B's ids", value: callsAsAlice });
    record({ suite: 'hostile', name: 'authz: calls with a wrong credential', value: gateCalls });
    const figure = (name: string, list: readonly Finding[]) =>
      record({ suite: 'hostile', name, value: list.length, bar: '= 0', pass: list.length === 0 });
    figure("authz: B's data leaked to A", leaks);
    figure("authz: B's uid/userId answered to A", foreignUid);
    figure("authz: B's rows changed by A", bravoChanged);
    figure(
      'authz: operator and back-office routes answered a client, anonymous or a role they do not admit',
      opsAnswered,
    );
    figure('authz: provider routes answered without the secret', providerAnswered);
    figure('authz: client routes answered anonymous', anonymousAnswered);
    figure(
      'authz: agent routes answered a client, an operator, the operator token, anonymous or a logged-out agent',
      agentAnswered,
    );
    figure('authz: 5xx or schema-breaking answers', schemaBreaks);
    expect(leaks.map(show)).toEqual([]);
    expect(foreignUid.map(show)).toEqual([]);
    expect(bravoChanged.map(show)).toEqual([]);
    expect(opsAnswered.map(show)).toEqual([]);
    expect(providerAnswered.map(show)).toEqual([]);
    expect(anonymousAnswered.map(show)).toEqual([]);
    expect(agentAnswered.map(show)).toEqual([]);
    expect(schemaBreaks.map(show)).toEqual([]);
  });
});
