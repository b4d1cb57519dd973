import * as api from '@backlay/contract/agents';
import { validLogin } from '@backlay/contract/auth';
import type { Endpoint } from '@backlay/contract/common';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, LAT_LONG, OPS_TOKEN } from '../../test/app.js';
import { record } from '../figures.js';
import {
  fixtureEvent,
  openWorld,
  placeBet,
  priceMarket,
  type BetDraft,
  type Fixture,
  type World,
} from '../money/betting.js';
import { judge, businessChanges } from '../support/fuzz.js';
import { ROUTES } from '../support/routes.js';

/**
 * The agent network's authorization matrix (docs/reliability.md, "Authorization matrix";
 * docs/agents.md#controls). A tree made through the back office's routes:
 *
 *     admin ─┬─ mu.super ─┬─ m1.master ─┬─ a1.agent ─┬─ c1.client
 *            │            │             │            └─ c1b.client
 *            │            │             └─ c2.client
 *            │            └─ nu.master ─── nu.client
 *            ├─ zeta.super ─── zeta.agent ─── zeta.client
 *            └─ root.client
 *
 * each user with chips and a credit reference of odd amounts nobody else has. Every back-office
 * route that names a user (`username` in the body, `parent` in the downline's query) is called by
 * each actor — a super master, a master, an agent, and a super master of another branch — on
 * every user of the tree, the admin and a user that does not exist, with the actor's right
 * transaction password. A user outside the actor's subtree (an ancestor, a sibling, another
 * branch, the admin) must answer exactly as no user does — 404 "No user named '<name>'" — and
 * change no business row (support/fuzz.ts's count of changes around each call); a user inside
 * must get the action done or a business rule's refusal with its message, never a 404; a new
 * user named as anyone else is "taken" and changes nothing. No answer to an actor may hold the name or any
 * figure (chips, balance, credit reference, P/L) of a user outside its subtree.
 *
 * Then the locks: a login lock on an ancestor (the admin's through the operator's door, a super
 * master's, a master's) ends and refuses the logins of every user below it at every depth and
 * refuses their clients' bets; a betting lock refuses the bets of every client below it, and a
 * user below cannot lift it; users outside the locked subtree, and everyone after the unlock,
 * log in and bet.
 */

const PASSWORD = 'correct horse battery';
const ADMIN_PASSWORD = 'admin password of the authz site';
const TXN = 'authz transaction secret';
const ACCOUNT_LOCKED = 'Your account is locked. Please contact your agent.';
const AGENT_LOCKED = 'Your account is locked';
const BETTING_LOCKED = 'Your betting is locked. Please contact your operator.';

type Level = 'supermaster' | 'master' | 'agent' | 'client';

interface Member {
  readonly username: string;
  readonly level: Level;
  readonly parent: string;
  /** Above the clients. */
  readonly partnership?: number;
  /** Chips deposited by the parent, and the credit reference it records: the same amount. */
  readonly chips: number;
}

const TREE: readonly Member[] = [
  {
    username: 'mu.super',
    level: 'supermaster',
    parent: 'admin',
    partnership: 90,
    chips: 919_191.19,
  },
  {
    username: 'm1.master',
    level: 'master',
    parent: 'mu.super',
    partnership: 80,
    chips: 250_505.05,
  },
  { username: 'a1.agent', level: 'agent', parent: 'm1.master', partnership: 70, chips: 60_101.01 },
  { username: 'c1.client', level: 'client', parent: 'a1.agent', chips: 21_212.12 },
  { username: 'c1b.client', level: 'client', parent: 'a1.agent', chips: 21_313.13 },
  { username: 'c2.client', level: 'client', parent: 'm1.master', chips: 21_414.14 },
  { username: 'nu.master', level: 'master', parent: 'mu.super', partnership: 75, chips: 43_571.13 },
  { username: 'nu.client', level: 'client', parent: 'nu.master', chips: 20_271.83 },
  {
    username: 'zeta.super',
    level: 'supermaster',
    parent: 'admin',
    partnership: 50,
    chips: 373_913.57,
  },
  {
    username: 'zeta.agent',
    level: 'agent',
    parent: 'zeta.super',
    partnership: 40,
    chips: 48_171.93,
  },
  { username: 'zeta.client', level: 'client', parent: 'zeta.agent', chips: 20_917.53 },
  { username: 'root.client', level: 'client', parent: 'admin', chips: 20_655.37 },
];
const member = (username: string): Member => {
  const found = TREE.find((candidate) => candidate.username === username);
  if (!found) throw new Error(`no member ${username}`);
  return found;
};
/** The ancestors of a user, nearest first (the admin last). */
function ancestorsOf(username: string): string[] {
  const found: string[] = [];
  let parent = member(username).parent;
  while (parent !== 'admin') {
    found.push(parent);
    parent = member(parent).parent;
  }
  return [...found, 'admin'];
}
/** Every user below `username` with its depth (1: a child). */
const descendantsOf = (username: string): { username: string; depth: number }[] =>
  TREE.flatMap((candidate) => {
    const depth = ancestorsOf(candidate.username).indexOf(username) + 1;
    return depth > 0 ? [{ username: candidate.username, depth }] : [];
  });

/** The actors of the matrix: a super master, a master, an agent, another branch's super master. */
const ACTORS = ['mu.super', 'm1.master', 'a1.agent', 'zeta.super'] as const;
/** Every target: the tree, the admin, and a user that does not exist. */
const TARGETS = [...TREE.map((one) => one.username), 'admin', 'nobody.here'];

const TREE_CHIPS = new Map(TREE.map((one) => [one.username, one.chips]));

interface Action {
  readonly name: string;
  readonly endpoint: Endpoint;
  readonly body?: (target: string) => object;
  readonly query?: (target: string) => string;
}

/**
 * Every route that names a user, with a body that leaves a user inside as it was (its own
 * partnership, credit reference and password again; a lock then its unlock) so that every actor
 * meets the same tree.
 */
const ACTIONS: readonly Action[] = [
  { name: 'downline', endpoint: api.agentDownline, query: (target) => `parent=${target}` },
  { name: 'deposit', endpoint: api.agentDeposit, body: (username) => ({ username, amount: 1.23 }) },
  {
    name: 'withdraw',
    endpoint: api.agentWithdraw,
    body: (username) => ({ username, amount: 0.01 }),
  },
  { name: 'clear-pl', endpoint: api.agentClearPl, body: (username) => ({ username }) },
  {
    name: 'credit-reference',
    endpoint: api.agentCreditReference,
    body: (username) => ({ username, creditReference: TREE_CHIPS.get(username) ?? 12.34 }),
  },
  {
    name: 'partnership',
    endpoint: api.agentPartnership,
    body: (username) => ({
      username,
      partnership: TREE.find((one) => one.username === username)?.partnership ?? 10,
    }),
  },
  {
    name: 'commission',
    endpoint: api.agentCommission,
    body: (username) => ({ username, matchCommission: 1, sessionCommission: 1 }),
  },
  {
    name: 'exposure-limit',
    endpoint: api.agentExposureLimit,
    body: (username) => ({ username, exposureLimit: null }),
  },
  ...(['betting', 'login'] as const).flatMap((kind) =>
    [true, false].map((locked): Action => ({
      name: `${locked ? 'lock' : 'unlock'} ${kind}`,
      endpoint: api.agentLock,
      body: (username) => ({ username, kind, locked }),
    })),
  ),
  {
    name: 'reset-password',
    endpoint: api.agentResetPassword,
    body: (username) => ({ username, password: PASSWORD }),
  },
  {
    name: 'create-user (its name)',
    endpoint: api.agentCreateUser,
    body: (username) => ({
      level: 'client',
      username,
      password: PASSWORD,
      creditReference: 0,
      matchCommission: 0,
      sessionCommission: 0,
    }),
  },
];
let world: World;
let app: FastifyInstance;
let fixture: Fixture;
/** Live tokens of the users above the clients, by username. */
const agentTokens = new Map<string, string>();
/** Live tokens of the clients, by username. */
const clientTokens = new Map<string, string>();

interface Finding {
  readonly actor: string;
  readonly target: string;
  readonly action: string;
  readonly statusCode: number;
  readonly body: string;
  readonly why: string;
}
const leaks: Finding[] = [];
const outsideChanged: Finding[] = [];
const outsideNot404: Finding[] = [];
const insideAnswered404: Finding[] = [];
const insideUnclear: Finding[] = [];
const selfChanged: Finding[] = [];
const broken: Finding[] = [];
let matrixCalls = 0;
let outsideCalls = 0;
let insideCalls = 0;
let insideDone = 0;

const lockBreaches: string[] = [];
const lockControls: string[] = [];
let lockChecks = 0;
let deepestChecked = 0;

async function call(endpoint: Endpoint, token: string, body?: object, query?: string) {
  const response = await app.inject({
    method: endpoint.method,
    url: query ? `${endpoint.path}?${query}` : endpoint.path,
    headers: bearer(token),
    ...(body === undefined ? {} : { payload: body }),
  });
  const contentType = response.headers['content-type'];
  return {
    statusCode: response.statusCode,
    body: response.body,
    contentType: typeof contentType === 'string' ? contentType : undefined,
    json: (() => {
      try {
        return JSON.parse(response.body) as { Status?: unknown; Result?: unknown };
      } catch {
        return {};
      }
    })(),
  };
}

async function must(answer: Promise<{ statusCode: number; body: string }>, what: string) {
  const done = await answer;
  if (done.statusCode !== 200 || !(JSON.parse(done.body) as { Status: boolean }).Status)
    throw new Error(`${what}: ${done.statusCode} ${done.body}`);
}

/** A login's token, or its refusal: the status and the message. */
type Login = { readonly token: string } | { readonly refused: string };

/** A login of a user above the clients: its token, or the refusal's message. */
async function agentLogin(username: string, password = PASSWORD): Promise<Login> {
  const response = await app.inject({
    method: 'POST',
    url: api.agentLogin.path,
    remoteAddress: '10.70.0.1',
    payload: { username, password },
  });
  const body = response.json<{ Status: boolean; Result: { token: string } | string }>();
  return body.Status && typeof body.Result === 'object'
    ? { token: body.Result.token }
    : { refused: `${response.statusCode} ${JSON.stringify(body.Result)}` };
}

/** A client's login: its token, or the refusal's message. */
async function clientLogin(username: string): Promise<Login> {
  const response = await app.inject({
    method: 'POST',
    url: validLogin.path,
    remoteAddress: '10.70.0.2',
    payload: { username, password: PASSWORD, LatLong: LAT_LONG },
  });
  const body = response.json<{ Status: boolean; Result: string; data?: { Token: string } }>();
  return body.Status && body.data
    ? { token: body.data.Token }
    : { refused: `${response.statusCode} ${body.Result}` };
}

async function loggedInAgent(username: string): Promise<string> {
  const login = await agentLogin(username);
  if (!('token' in login)) throw new Error(`login of ${username}: ${login.refused}`);
  agentTokens.set(username, login.token);
  return login.token;
}

/** The token acting for a parent: the operator's for the admin. */
const tokenOf = (username: string): string =>
  username === 'admin' ? OPS_TOKEN : (agentTokens.get(username) ?? '');
/** The endpoint acting for a parent: its `/api/ops/agent/` twin for the admin. */
function doorOf(username: string, endpoint: Endpoint): Endpoint {
  if (username !== 'admin') return endpoint;
  const twin = endpoint.path.replace('/api/agent/', '/api/ops/agent/');
  const found = ROUTES.find((route) => route.endpoint.path === twin);
  if (!found) throw new Error(`no operator's door for ${endpoint.path}`);
  return found.endpoint;
}

/** A parent's action on a child, with the parent's transaction password. */
const asParent = (parent: string, endpoint: Endpoint, body: object) =>
  call(doorOf(parent, endpoint), tokenOf(parent), { ...body, transactionPassword: TXN });

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A figure as JSON writes it, not inside a longer number. */
const figure = (value: number) => new RegExp(`(?<![\\d.])${escape(String(value))}(?![\\d])`);

/**
 * What an actor must never read of a user: its name and the figures of its downline row (chips,
 * balance, free balance, credit reference, reference P/L), read now through the operator's door.
 */
async function sentinelsOf(username: string): Promise<{ name: string; pattern: RegExp }[]> {
  const found = [{ name: `${username}'s name`, pattern: new RegExp(`\\b${escape(username)}\\b`) }];
  if (username === 'admin') return found;
  const listing = await call(
    api.opsAgentDownline,
    OPS_TOKEN,
    undefined,
    `parent=${member(username).parent}&search=${username}`,
  );
  const row = (
    listing.json as { Result?: { users?: Record<string, unknown>[] } }
  ).Result?.users?.find((user) => user.username === username);
  if (!row) throw new Error(`no downline row of ${username}: ${listing.body}`);
  for (const field of ['balance', 'freeBalance', 'creditReference', 'referencePl']) {
    const value = row[field];
    // Round figures (0, 1, 100) say nothing of whose they are.
    if (typeof value === 'number' && !Number.isInteger(value))
      found.push({ name: `${username}'s ${field}`, pattern: figure(value) });
  }
  return found;
}

function show(finding: Finding): string {
  return `${finding.actor} → ${finding.action} ${finding.target}: ${finding.statusCode} ${finding.body.slice(0, 300)}\n  why: ${finding.why}`;
}

beforeAll(async () => {
  world = await openWorld();
  app = (await world.start(6)).app;
  fixture = await fixtureEvent(app, 'Agents Eleven v Clients Eleven', 2);
  const [home, away] = fixture.runners;
  await priceMarket(app, fixture.eventId, fixture.matchOdds, [
    { selectionId: home, back: 1.9, lay: 1.92 },
    { selectionId: away, back: 2.1, lay: 2.12 },
  ]);

  await must(call(api.opsAdminPassword, OPS_TOKEN, { password: ADMIN_PASSWORD }), 'admin password');
  await must(
    call(api.opsAdminCommission, OPS_TOKEN, { matchCommission: 3, sessionCommission: 2 }),
    'admin commission',
  );
  const admin = await agentLogin('admin', ADMIN_PASSWORD);
  if (!('token' in admin)) throw new Error(`admin login: ${admin.refused}`);
  await must(
    call(api.agentTransactionPassword, admin.token, { password: TXN }),
    'admin transaction password',
  );
  for (const one of TREE) {
    await must(
      asParent(one.parent, api.agentCreateUser, {
        level: one.level,
        username: one.username,
        password: PASSWORD,
        creditReference: one.chips,
        ...(one.partnership === undefined ? {} : { partnership: one.partnership }),
        matchCommission: 1,
        sessionCommission: 1,
      }),
      `create ${one.username}`,
    );
    await must(
      asParent(one.parent, api.agentDeposit, { username: one.username, amount: one.chips }),
      `deposit to ${one.username}`,
    );
    if (one.level === 'client') continue;
    const token = await loggedInAgent(one.username);
    await must(
      call(api.agentTransactionPassword, token, { password: TXN }),
      `${one.username}'s transaction password`,
    );
  }
});

afterAll(async () => {
  await world?.close();
});

describe('the agent network’s authorization matrix', () => {
  it('answers a user outside the actor’s subtree as no user, changes nothing of it and leaks nothing', async () => {
    for (const actor of ACTORS) {
      const token = await loggedInAgent(actor);
      const below = new Set(descendantsOf(actor).map((one) => one.username));
      const outside = TARGETS.filter(
        (target) => target !== actor && target !== 'nobody.here' && !below.has(target),
      );
      const sentinels = (await Promise.all(outside.map(sentinelsOf))).flat();
      // The sentinels see a user's figures where they belong: its child's, in its own downline.
      const child = TREE.find((one) => one.parent === actor);
      if (child) {
        const own = await call(api.agentDownline, token);
        const seen = (await sentinelsOf(child.username)).filter((sentinel) =>
          sentinel.pattern.test(own.body),
        );
        if (seen.length < 3)
          throw new Error(`the sentinels are blind to ${actor}'s own downline: ${own.body}`);
      }
      const leaked = (answer: { body: string }, expected?: string) =>
        answer.body === expected
          ? []
          : sentinels.filter((sentinel) => sentinel.pattern.test(answer.body));
      // The actor's own reads name no one outside.
      for (const [name, endpoint] of [
        ['me', api.agentMe],
        ['downline', api.agentDownline],
      ] as const) {
        const answer = await call(endpoint, token);
        matrixCalls += 1;
        for (const sentinel of leaked(answer))
          leaks.push({
            actor,
            target: '(none)',
            action: name,
            statusCode: answer.statusCode,
            body: answer.body,
            why: sentinel.name,
          });
      }
      for (const target of TARGETS) {
        const isInside = below.has(target);
        const isSelf = target === actor;
        for (const action of ACTIONS) {
          const isCreate = action.endpoint === api.agentCreateUser;
          // A user that does not exist would be created: its name is for the 404s only.
          if (isCreate && target === 'nobody.here') continue;
          const body = action.body
            ? { ...action.body(target), transactionPassword: TXN }
            : undefined;
          const before = await businessChanges(world.database.db);
          const answer = await call(action.endpoint, token, body, action.query?.(target));
          const after = await businessChanges(world.database.db);
          matrixCalls += 1;
          // Outside, the answer to no user; for a new user's name, "taken" (one username space:
          // the name only, as anyone's would be).
          const expected = isCreate
            ? {
                statusCode: 200,
                body: JSON.stringify({
                  Status: false,
                  Result: `Username '${target}' is taken`,
                  field: 'username',
                }),
              }
            : {
                statusCode: 404,
                body: JSON.stringify({ Status: false, Result: `No user named '${target}'` }),
              };
          const finding = {
            actor,
            target,
            action: action.name,
            statusCode: answer.statusCode,
            body: answer.body,
          };
          const verdict = judge(action.endpoint, answer);
          if (verdict.is5xx || verdict.schemaBreak)
            broken.push({ ...finding, why: verdict.schemaBreak ?? '5xx' });
          for (const sentinel of leaked(answer, isInside ? undefined : expected.body))
            leaks.push({ ...finding, why: sentinel.name });
          const result = typeof answer.json.Result === 'string' ? answer.json.Result : '';
          if (isSelf) {
            if (after !== before) selfChanged.push({ ...finding, why: 'state changed' });
            continue;
          }
          if (!isInside) {
            outsideCalls += 1;
            if (after !== before) outsideChanged.push({ ...finding, why: 'state changed' });
            if (answer.statusCode !== expected.statusCode || answer.body !== expected.body)
              outsideNot404.push({
                ...finding,
                why: `expected ${expected.statusCode} ${expected.body}`,
              });
            continue;
          }
          insideCalls += 1;
          if (answer.statusCode === 404)
            insideAnswered404.push({ ...finding, why: 'a user inside answered 404' });
          else if (answer.statusCode === 200 && answer.json.Status === true) insideDone += 1;
          else if (
            answer.statusCode !== 200 ||
            answer.json.Status !== false ||
            result.trim() === '' ||
            /^No user named/.test(result)
          )
            insideUnclear.push({ ...finding, why: 'neither done nor a business refusal' });
        }
      }
    }
    expect(matrixCalls).toBeGreaterThan(ACTORS.length * TARGETS.length * ACTIONS.length);
  });

  it('blocks every descendant of a locked ancestor: logins and bets (login lock), bets (betting lock)', async () => {
    const draft: BetDraft = {
      MarketType: 'MATCH_ODDS',
      MarketId: fixture.matchOdds,
      EventId: fixture.eventId,
      SelectionID: String(fixture.runners[0]),
      BetType: 'Back',
      Odds: 1.9,
      Price: 0,
      Stack: 500,
    };
    const clients = TREE.filter((one) => one.level === 'client').map((one) => one.username);
    const agents = TREE.filter((one) => one.level !== 'client').map((one) => one.username);
    const bet = (username: string) =>
      placeBet(app, { clientId: '', username, token: clientTokens.get(username) ?? '' }, draft);
    const betRows = async (username: string) =>
      Number(
        (
          await world.database.db
            .selectFrom('bets')
            .innerJoin('clients', 'clients.id', 'bets.client_id')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('clients.username', '=', username)
            .executeTakeFirstOrThrow()
        ).n,
      );
    /** Everyone logs in and every client bets: the control. */
    const allowed = async (users: readonly string[], when: string) => {
      for (const username of users) {
        if (agents.includes(username)) {
          const login = await agentLogin(username);
          if ('token' in login) agentTokens.set(username, login.token);
          else lockControls.push(`${when}: ${username}'s login refused: ${login.refused}`);
          continue;
        }
        const login = await clientLogin(username);
        if (!('token' in login)) {
          lockControls.push(`${when}: ${username}'s login refused: ${login.refused}`);
          continue;
        }
        clientTokens.set(username, login.token);
        const placed = await bet(username);
        if (!placed.body.Status)
          lockControls.push(`${when}: ${username}'s bet refused: ${placed.text}`);
      }
    };
    const everyone = TREE.map((one) => one.username);
    await allowed(everyone, 'before any lock');

    // The lock of each ancestor is set by its parent (the admin's through the operator's door).
    for (const ancestor of ['mu.super', 'm1.master', 'a1.agent']) {
      const parent = member(ancestor).parent;
      const below = descendantsOf(ancestor);
      const outside = everyone.filter(
        (username) => username !== ancestor && !below.some((one) => one.username === username),
      );
      for (const kind of ['login', 'betting'] as const) {
        // The parent's own session may have ended with an earlier lock above it.
        if (parent !== 'admin') await loggedInAgent(parent);
        await must(
          asParent(parent, api.agentLock, { username: ancestor, kind, locked: true }),
          `${kind} lock of ${ancestor}`,
        );
        const what = `${kind} lock on ${ancestor}`;
        if (kind === 'login') {
          for (const username of [ancestor, ...below.map((one) => one.username)]) {
            if (!agents.includes(username)) continue;
            lockChecks += 1;
            const me = await call(api.agentMe, agentTokens.get(username) ?? '');
            if (me.statusCode !== 401)
              lockBreaches.push(`${what}: ${username}'s session answered ${me.statusCode}`);
            const login = await agentLogin(username);
            if ('token' in login || login.refused !== `200 ${JSON.stringify(AGENT_LOCKED)}`)
              lockBreaches.push(
                `${what}: ${username}'s login ${'token' in login ? 'succeeded' : login.refused}`,
              );
          }
        }
        for (const { username, depth } of below) {
          if (!clients.includes(username)) continue;
          lockChecks += 1;
          deepestChecked = Math.max(deepestChecked, depth);
          const bets = await betRows(username);
          // A login lock ends the session (401) or bet_place refuses it; a betting lock refuses.
          const placed = await bet(username);
          const refusedAsLocked =
            (kind === 'login' && placed.statusCode === 401) ||
            (placed.statusCode === 200 &&
              placed.body.Status === false &&
              placed.body.Result === BETTING_LOCKED);
          if (!refusedAsLocked || (await betRows(username)) !== bets)
            lockBreaches.push(
              `${what}: ${username} (depth ${depth}) bet: ${placed.statusCode} ${placed.text}`,
            );
          if (kind === 'login') {
            const login = await clientLogin(username);
            if ('token' in login || login.refused !== `200 ${ACCOUNT_LOCKED}`)
              lockBreaches.push(
                `${what}: ${username} (depth ${depth}) login ${'token' in login ? 'succeeded' : login.refused}`,
              );
          }
        }
        if (kind === 'betting') {
          // A user below cannot lift the lock: its own "unlock" changes nothing of the ancestor's.
          for (const { username } of below) {
            const client = member(username);
            if (client.level !== 'client') continue;
            const unlock = await asParent(client.parent, api.agentLock, {
              username,
              kind: 'betting',
              locked: false,
            });
            const placed = await bet(username);
            lockChecks += 1;
            if (placed.body.Status !== false || placed.body.Result !== BETTING_LOCKED)
              lockBreaches.push(
                `${what}: ${client.parent} lifted it for ${username} (${unlock.body}): ${placed.text}`,
              );
          }
          const own = await asParent(ancestor, api.agentLock, {
            username: ancestor,
            kind: 'betting',
            locked: false,
          });
          if (own.json.Result !== 'You cannot change your own settings')
            lockBreaches.push(`${what}: ${ancestor} unlocking itself answered ${own.body}`);
        }
        // Outside the locked subtree nothing changes.
        await allowed(outside, `${what}, outside it`);
        await must(
          asParent(parent, api.agentLock, { username: ancestor, kind, locked: false }),
          `${kind} unlock of ${ancestor}`,
        );
        await allowed([ancestor, ...below.map((one) => one.username)], `after the ${what} lifted`);
      }
    }
    expect(lockChecks).toBeGreaterThan(0);
  });

  afterAll(() => {
    const lists = [
      ['leaks', leaks],
      ['outside targets changed', outsideChanged],
      ['outside targets not answered as no user', outsideNot404],
      ['inside targets answered 404', insideAnswered404],
      ['inside targets neither done nor refused with a message', insideUnclear],
      ['actions on the actor itself changed state', selfChanged],
      ['5xx or schema-breaking answers', broken],
    ] as const;
    for (const [title, list] of lists)
      if (list.length > 0)
        process.stdout.write(
          `\n${title}: ${list.length}\n${list.slice(0, 8).map(show).join('\n')}\n`,
        );
    for (const [title, list] of [
      ['lock breaches', lockBreaches],
      ['lock controls refused', lockControls],
    ] as const)
      if (list.length > 0)
        process.stdout.write(`\n${title}: ${list.length}\n${list.slice(0, 8).join('\n')}\n`);

    const counted = (name: string, value: number) =>
      record({ suite: 'hostile', name, value, bar: '= 0', pass: value === 0 });
    record({
      suite: 'hostile',
      name: 'agents authz: calls (actor × target × route)',
      value: `${matrixCalls} (${outsideCalls} outside, ${insideCalls} inside, ${insideDone} done)`,
    });
    counted('agents authz: leaks', leaks.length);
    counted('agents authz: changes from outside targets', outsideChanged.length);
    counted(
      'agents authz: outside targets not answered as no user (404 "No user named \'…\'")',
      outsideNot404.length,
    );
    counted('agents authz: inside targets answered 404', insideAnswered404.length);
    counted(
      'agents authz: inside targets neither done nor refused with a message',
      insideUnclear.length,
    );
    counted('agents authz: changes from actions on the actor itself', selfChanged.length);
    counted('agents authz: 5xx or schema-breaking answers', broken.length);
    record({
      suite: 'hostile',
      name: 'agents locks: checks (descendant × locked ancestor)',
      value: `${lockChecks} (to depth ${deepestChecked})`,
    });
    counted(
      'agents locks: logins or bets let through under a locked ancestor',
      lockBreaches.length,
    );
    counted(
      'agents locks: users refused outside the locked subtree or after the unlock',
      lockControls.length,
    );
    expect(leaks.map(show)).toEqual([]);
    expect(outsideChanged.map(show)).toEqual([]);
    expect(outsideNot404.map(show)).toEqual([]);
    expect(insideAnswered404.map(show)).toEqual([]);
    expect(insideUnclear.map(show)).toEqual([]);
    expect(selfChanged.map(show)).toEqual([]);
    expect(broken.map(show)).toEqual([]);
    expect(lockBreaches).toEqual([]);
    expect(lockControls).toEqual([]);
  });
});
