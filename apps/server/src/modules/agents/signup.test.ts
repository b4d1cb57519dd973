import * as api from '@backlay/contract/agents';
import { validLogin } from '@backlay/contract/auth';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, LAT_LONG, OPS_TOKEN, testClock } from '../../../test/app.js';
import { createTestDatabase, type TestDatabase } from '../../../test/database.js';
import { MAX_PENDING, SIGNUP_TEXT } from './signup.js';

/*
 * Sign-up through an agent over HTTP (docs/agents.md#sign-up): a visitor's request with the
 * agent's referral code, the refusals of the form (no code, an unknown one, a username taken),
 * the agent's list, approval (a client under the agent that logs in, made once per key) and
 * decline, and another agent's 404.
 *
 *     admin ─┬─ master1 (80 %) ─── agent1 (70 %)
 *            └─ agent2 (50 %)
 */

const TXN = 'transaction secret';
const PASSWORD = 'correct horse battery';
const ADMIN_PASSWORD = 'admin password of the site';
const CODE = /^[2-9A-HJKMNP-Z]{8}$/;

let database: TestDatabase;
let app: FastifyInstance;
const clock = testClock();
const tokens = new Map<string, string>();
const codes = new Map<string, string>();
/** A fresh address per visitor, so that one test's refusals do not throttle another's. */
let addresses = 0;
const nextAddress = () => `10.9.0.${(addresses += 1)}`;

type Answer = { status: number; body: { Status: boolean; Result: unknown; field?: string } };

async function post(
  path: string,
  payload: object,
  token: string,
  options: { key?: string; address?: string } = {},
): Promise<Answer & { headers: Record<string, unknown> }> {
  const response = await app.inject({
    method: 'POST',
    url: path,
    payload,
    ...(options.address ? { remoteAddress: options.address } : {}),
    headers: {
      ...(token ? bearer(token) : {}),
      ...(options.key ? { 'idempotency-key': options.key } : {}),
    },
  });
  return { status: response.statusCode, body: response.json(), headers: response.headers };
}
async function get(path: string, token: string): Promise<Answer> {
  const response = await app.inject({ url: path, headers: bearer(token) });
  return { status: response.statusCode, body: response.json() };
}
const ok = (result: unknown) => ({ status: 200, body: { Status: true, Result: result } });

async function agentLogin(username: string, password = PASSWORD) {
  const answer = await post(api.agentLogin.path, { username, password }, '');
  const token = (answer.body.Result as { token: string }).token;
  tokens.set(username, token);
  return token;
}

async function create(parent: string, username: string, level: string, partnership?: number) {
  const answer = await post(
    api.agentCreateUser.path,
    {
      level,
      username,
      password: PASSWORD,
      creditReference: 0,
      ...(partnership === undefined ? {} : { partnership }),
      matchCommission: 1,
      sessionCommission: 1,
      transactionPassword: TXN,
    },
    tokens.get(parent) ?? '',
  );
  expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ Status: true });
  if (level === 'client') return;
  const token = await agentLogin(username);
  await post(api.agentTransactionPassword.path, { password: TXN }, token);
  const me = await get(api.agentMe.path, token);
  codes.set(username, (me.body.Result as { referralCode: string }).referralCode);
}

/** A visitor's form, filled; `fields` replaces any of it. */
const form = (fields: Record<string, unknown> = {}) => ({
  username: 'newbie',
  password: 'visitor password',
  name: 'Asha Kumar',
  countryCode: '+91',
  mobile: '9876543210',
  referralCode: codes.get('agent1'),
  adult: true,
  ...fields,
});

const signUp = (fields: Record<string, unknown> = {}, address = nextAddress()) =>
  post(api.signupRequest.path, form(fields), '', { address });

/** The requests waiting for `agent`. */
async function waiting(agent: string) {
  const list = await get(`${api.agentSignupRequests.path}?take=100`, tokens.get(agent) ?? '');
  expect(list.status).toBe(200);
  return list.body.Result as {
    total: number;
    requests: { id: number; username: string; name: string; mobile: string; createdAt: string }[];
  };
}

async function requestOf(agent: string, username: string) {
  const found = (await waiting(agent)).requests.find((row) => row.username === username);
  if (!found) throw new Error(`no request of ${username} for ${agent}`);
  return found;
}

async function clientLogin(username: string, password: string) {
  const response = await app.inject({
    method: 'POST',
    url: `${validLogin.path}?ipAddress=10.1.2.3`,
    remoteAddress: nextAddress(),
    payload: { username, password, LatLong: LAT_LONG },
  });
  return response.json<{ Status: boolean; Result: unknown; data?: { Token: string } }>();
}

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildTestApp(database.db, { clock });
  await post(api.opsAdminPassword.path, { password: ADMIN_PASSWORD }, OPS_TOKEN);
  await post(api.opsAdminCommission.path, { matchCommission: 3, sessionCommission: 2 }, OPS_TOKEN);
  const admin = await agentLogin('admin', ADMIN_PASSWORD);
  await post(api.agentTransactionPassword.path, { password: TXN }, admin);
  await create('admin', 'master1', 'master', 80);
  await create('master1', 'agent1', 'agent', 70);
  await create('admin', 'agent2', 'agent', 50);
  await create('agent1', 'oldclient', 'client');
});

afterAll(async () => {
  await app.close();
  await database.drop();
});

describe('sign-up through an agent', () => {
  it('gives every user above the clients but the admin its own referral code', async () => {
    const all = [...codes.values()];
    expect(all).toHaveLength(3);
    for (const code of all) expect(code).toMatch(CODE);
    expect(new Set(all).size).toBe(3);
    const admin = await get(api.agentMe.path, tokens.get('admin') ?? '');
    expect(admin.body).toMatchObject({ Status: true, Result: { referralCode: null } });
    // A row written without one gets one from the column's default (migration 0021).
    const row = await sql<{ referral_code: string }>`INSERT INTO agents
        (username, level, parent_id, path, partnership_bp, created_at)
      SELECT 'raw.agent', 'agent', id, ARRAY[id], 10, now() FROM agents WHERE level = 'admin'
      RETURNING referral_code`.execute(database.db);
    expect(row.rows[0]?.referral_code).toMatch(CODE);
  });

  it('sends a request with a good code, which its agent alone sees', async () => {
    const code = codes.get('agent1') ?? '';
    // Typed in lower case with a space: the same code.
    const typed = `${code.slice(0, 4).toLowerCase()} ${code.slice(4)}`;
    expect(await signUp({ referralCode: typed })).toMatchObject(ok(SIGNUP_TEXT.sent('newbie')));
    const list = await waiting('agent1');
    expect(list).toEqual({
      total: 1,
      requests: [
        {
          id: expect.any(Number) as number,
          username: 'newbie',
          name: 'Asha Kumar',
          mobile: '+919876543210',
          createdAt: clock.now().toISOString(),
        },
      ],
    });
    expect(await waiting('agent2')).toEqual({ total: 0, requests: [] });
    expect(await waiting('master1')).toEqual({ total: 0, requests: [] });
    // The same request again (a lost answer): the same answer, one row.
    expect(await signUp({ referralCode: code })).toMatchObject(ok(SIGNUP_TEXT.sent('newbie')));
    expect((await waiting('agent1')).total).toBe(1);
    // Another password for the same name: someone else.
    expect(await signUp({ password: 'someone else entirely' })).toMatchObject({
      status: 200,
      body: { Status: false, field: 'username', Result: SIGNUP_TEXT.waiting('newbie') },
    });
  });

  it('refuses no code, an unknown one and a taken username, naming the field', async () => {
    for (const referralCode of [undefined, '', '   ']) {
      expect(await signUp({ username: 'nocode', referralCode })).toEqual({
        status: 200,
        body: { Status: false, Result: SIGNUP_TEXT.noCode, field: 'referralCode' },
        headers: expect.any(Object) as object,
      });
    }
    for (const referralCode of ['ZZZZZZZZ', 'not a code']) {
      expect(await signUp({ username: 'badcode', referralCode })).toMatchObject({
        status: 200,
        body: {
          Status: false,
          Result: SIGNUP_TEXT.unknownCode(referralCode),
          field: 'referralCode',
        },
      });
    }
    // One username space: a client's or an agent's name, in any case.
    for (const username of ['OldClient', 'agent2', 'ADMIN']) {
      expect(await signUp({ username })).toMatchObject({
        status: 200,
        body: { Status: false, Result: SIGNUP_TEXT.taken(username), field: 'username' },
      });
    }
    // What the contract refuses: a bad number, no word on age, another country.
    for (const fields of [{ mobile: '12345' }, { adult: false }, { countryCode: '+1' }]) {
      expect((await signUp({ username: 'badform', ...fields })).status).toBe(400);
    }
    expect((await waiting('agent1')).requests.map((row) => row.username)).toEqual(['newbie']);
  });

  it('throttles an address whose sign-ups are refused, as logins are', async () => {
    const address = nextAddress();
    for (let n = 0; n < 20; n += 1) {
      const answer = await signUp({ username: 'guesser', referralCode: 'ZZZZZZZZ' }, address);
      expect(answer.body).toMatchObject({ Status: false, field: 'referralCode' });
    }
    const blocked = await signUp({ username: 'guesser' }, address);
    expect(blocked.status).toBe(429);
    expect(blocked.headers['retry-after']).toBe('30');
    expect(blocked.body).toEqual({
      Status: false,
      Result: 'Too many refused sign-ups. Try again in 30 seconds.',
    });
    // Another address is not blocked.
    expect((await signUp({ username: 'guesser' })).body).toMatchObject({ Status: true });
  });

  it('approves with the transaction password: a client under the agent that logs in, made once', async () => {
    const request = await requestOf('agent1', 'newbie');
    const agent1 = tokens.get('agent1') ?? '';
    const approve = (token: string, key?: string, transactionPassword = TXN) =>
      post(
        api.agentSignupApprove.path,
        { id: request.id, transactionPassword },
        token,
        key ? { key } : {},
      );
    expect(await approve(agent1, undefined, 'wrong')).toMatchObject({
      status: 200,
      body: { Status: false, Result: 'Wrong transaction password', field: 'transactionPassword' },
    });
    // Another agent, or the agent's own parent: as if there were no such request.
    for (const other of ['agent2', 'master1']) {
      const token = tokens.get(other) ?? '';
      expect(await approve(token)).toMatchObject({
        status: 404,
        body: { Status: false, Result: SIGNUP_TEXT.notFound(String(request.id)) },
      });
      expect(await post(api.agentSignupDecline.path, { id: request.id }, token)).toMatchObject({
        status: 404,
      });
    }
    expect(await approve(agent1, 'approve-newbie')).toMatchObject(
      ok(SIGNUP_TEXT.approved('newbie')),
    );
    // The same key again: the same answer, done once.
    expect(await approve(agent1, 'approve-newbie')).toMatchObject(
      ok(SIGNUP_TEXT.approved('newbie')),
    );
    expect(await approve(agent1, 'approve-newbie-again')).toMatchObject({
      status: 200,
      body: { Status: false, Result: SIGNUP_TEXT.decided('approved') },
    });
    expect((await waiting('agent1')).total).toBe(1); // guesser's

    const clients = await sql<{
      n: string;
      parent: string;
      path: string[];
      takes_id: string;
      agent_takes: string;
      credit_reference_paise: string;
      match_commission_bp: number;
      session_commission_bp: number;
    }>`SELECT count(*) OVER () AS n, a.username AS parent, c.path::text[] AS path, c.takes_id,
          a.takes_id AS agent_takes, c.credit_reference_paise, c.match_commission_bp,
          c.session_commission_bp
        FROM clients c JOIN agents a ON a.id = c.parent_id
        WHERE lower(c.username) = 'newbie'`.execute(database.db);
    expect(clients.rows).toHaveLength(1);
    const client = clients.rows[0];
    const ids = await sql<{ username: string; id: string }>`SELECT username, id FROM agents
      WHERE username IN ('admin', 'master1', 'agent1')`.execute(database.db);
    const id = (name: string) => ids.rows.find((row) => row.username === name)?.id;
    expect(client).toMatchObject({
      parent: 'agent1',
      path: [id('admin'), id('master1'), id('agent1')],
      credit_reference_paise: '0',
      match_commission_bp: 0,
      session_commission_bp: 0,
    });
    expect(client?.takes_id).toBe(client?.agent_takes);
    const decided = await sql<{ status: string; password_hash: string | null; decided_by: string }>`
      SELECT status, password_hash, decided_by FROM signup_requests
      WHERE id = ${request.id}`.execute(database.db);
    expect(decided.rows).toEqual([
      { status: 'approved', password_hash: null, decided_by: id('agent1') },
    ]);

    const login = await clientLogin('newbie', 'visitor password');
    expect(login).toMatchObject({ Status: true });
    // The agent sees its new client in its downline.
    const downline = await get(api.agentDownline.path, agent1);
    expect(downline.body).toMatchObject({
      Status: true,
      Result: { users: expect.arrayContaining([expect.objectContaining({ username: 'newbie' })]) },
    });
  });

  it('declines a request: nothing is made, and it cannot be approved after', async () => {
    expect(await signUp({ username: 'declined1' })).toMatchObject(
      ok(SIGNUP_TEXT.sent('declined1')),
    );
    const request = await requestOf('agent1', 'declined1');
    const agent1 = tokens.get('agent1') ?? '';
    expect(await post(api.agentSignupDecline.path, { id: request.id }, agent1)).toMatchObject(
      ok(SIGNUP_TEXT.declined('declined1')),
    );
    expect(
      await post(api.agentSignupApprove.path, { id: request.id, transactionPassword: TXN }, agent1),
    ).toMatchObject({
      status: 200,
      body: { Status: false, Result: SIGNUP_TEXT.decided('declined') },
    });
    expect(await post(api.agentSignupDecline.path, { id: request.id }, agent1)).toMatchObject({
      status: 200,
      body: { Status: false, Result: SIGNUP_TEXT.decided('declined') },
    });
    expect(await clientLogin('declined1', 'visitor password')).toMatchObject({ Status: false });
    // Declined, the name may be asked for again.
    expect(await signUp({ username: 'declined1' })).toMatchObject(
      ok(SIGNUP_TEXT.sent('declined1')),
    );
  });

  it('refuses an approval whose username was taken since the request, and keeps it waiting', async () => {
    expect(await signUp({ username: 'racer' })).toMatchObject(ok(SIGNUP_TEXT.sent('racer')));
    const request = await requestOf('agent1', 'racer');
    await create('agent2', 'Racer', 'client');
    expect(
      await post(
        api.agentSignupApprove.path,
        { id: request.id, transactionPassword: TXN },
        tokens.get('agent1') ?? '',
      ),
    ).toMatchObject({
      status: 200,
      body: { Status: false, Result: SIGNUP_TEXT.takenNow('racer') },
    });
    expect((await requestOf('agent1', 'racer')).id).toBe(request.id);
  });

  it('lists its routes in the API document', async () => {
    const document = (await app.inject({ url: '/api/docs' })).json<{
      paths: Record<string, unknown>;
    }>();
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        api.signupRequest.path,
        api.agentSignupRequests.path,
        api.agentSignupApprove.path,
        api.agentSignupDecline.path,
      ]),
    );
  });

  it('pages the requests and stops an agent’s queue at its limit', async () => {
    await sql`INSERT INTO signup_requests (agent_id, username, password_hash, full_name, mobile, created_at)
      SELECT a.id, 'flood' || n, 'x', 'Flood', '+919000000000', now()
      FROM agents a, generate_series(1, ${MAX_PENDING}) n WHERE a.username = 'agent2'`.execute(
      database.db,
    );
    const page = await get(
      `${api.agentSignupRequests.path}?skip=10&take=5`,
      tokens.get('agent2') ?? '',
    );
    expect(page.body).toMatchObject({
      Status: true,
      Result: {
        total: MAX_PENDING,
        requests: [11, 12, 13, 14, 15].map((n) => ({ username: `flood${n}` })),
      },
    });
    expect(await signUp({ username: 'onemore', referralCode: codes.get('agent2') })).toMatchObject({
      status: 200,
      body: { Status: false, Result: SIGNUP_TEXT.full },
    });
  });
});
