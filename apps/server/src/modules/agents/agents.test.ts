import { AGENT_MESSAGES, takesOnPath } from '@backlay/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cheapPasswords, testClock, testConfig } from '../../../test/app.js';
import { createTestDatabase, type TestDatabase } from '../../../test/database.js';
import { systemRandom } from '../../seams.js';
import { createClientsService } from '../clients/clients.service.js';
import { AGENTS_TEXT } from './agent-actions.js';
import type { NewUser } from './agent-create.js';
import * as q from './agents.queries.js';
import { createAgentsService, type AgentsService } from './agents.service.js';

/*
 * The agent network's tree (docs/agents.md#levels, #partnership, #controls): creating users at
 * every level with their bounds, the takes of their clients, each actor seeing its own subtree
 * only, and the downline's settings. Money: agent-money.test.ts; logins, locks and bets:
 * agent-auth.test.ts.
 */

const TXN = 'transaction secret';
const PASSWORD = 'correct horse battery';

let database: TestDatabase;
let agents: AgentsService;
let admin: string;
const clock = testClock();

beforeAll(async () => {
  database = await createTestDatabase();
  const clients = createClientsService({ db: database.db, clock, passwords: cheapPasswords });
  agents = createAgentsService({
    db: database.db,
    clock,
    random: systemRandom,
    passwords: cheapPasswords,
    throttle: testConfig.loginThrottle,
    clients,
    reportTz: testConfig.reportTz,
  });
  admin = await agents.adminId();
  expect(await agents.setTransactionPassword(admin, { password: TXN })).toEqual({
    ok: true,
    message: 'Transaction password set',
  });
  expect(
    await agents.setAdminCommission({ matchCommissionBp: 300, sessionCommissionBp: 200 }),
  ).toEqual({ ok: true, message: "The admin's commission is 3 % match, 2 % session" });
});
afterAll(async () => {
  await database.drop();
});

const user = (fields: Partial<NewUser> & Pick<NewUser, 'level' | 'username'>): NewUser => ({
  password: PASSWORD,
  creditReferencePaise: 0n,
  matchCommissionBp: 100,
  sessionCommissionBp: 100,
  transactionPassword: TXN,
  ...fields,
});

const agentRow = async (username: string) => {
  const row = await q.findAgentByUsername(database.db, username);
  if (!row) throw new Error(`no agent ${username}`);
  return row;
};
const clientRow = (username: string) =>
  database.db
    .selectFrom('clients')
    .select([
      'id',
      'parent_id',
      'path',
      'takes_id',
      'match_commission_bp',
      'credit_reference_paise',
    ])
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
const takesOf = async (takesId: string | null) =>
  (
    await database.db
      .selectFrom('agent_takes')
      .select('takes')
      .where('id', '=', takesId ?? '0')
      .executeTakeFirstOrThrow()
  ).takes;

/** Creates an agent under `actor` and gives it the transaction password; answers its id. */
async function agentUnder(
  actor: string,
  level: 'supermaster' | 'master' | 'agent',
  username: string,
  partnershipBp: number,
): Promise<string> {
  expect(await agents.createUser(actor, user({ level, username, partnershipBp }))).toEqual({
    ok: true,
    message: `Created ${level} ${username}`,
  });
  const { id } = await agentRow(username);
  await agents.setTransactionPassword(id, { password: TXN });
  return id;
}

let sm1: string;
let m1: string;
let a1: string;
let sm2: string;

describe('creating the tree', () => {
  it('builds admin → supermaster → master → agent → client, each with its path and takes', async () => {
    sm1 = await agentUnder(admin, 'supermaster', 'sm1', 9000);
    m1 = await agentUnder(sm1, 'master', 'ma1', 8000);
    a1 = await agentUnder(m1, 'agent', 'ag1', 7000);
    expect(
      await agents.createUser(
        a1,
        user({ level: 'client', username: 'cl1', creditReferencePaise: 1_000_000n }),
      ),
    ).toEqual({ ok: true, message: 'Created client cl1' });

    const a1Row = await agentRow('ag1');
    expect(a1Row).toMatchObject({ level: 'agent', parentId: m1, path: [admin, sm1, m1] });
    // docs/agents.md#worked-example: 10/10/10/70 %.
    expect(await takesOf(a1Row.takesId)).toEqual([
      [Number(admin), 1000],
      [Number(sm1), 1000],
      [Number(m1), 1000],
      [Number(a1), 7000],
    ]);
    const c1 = await clientRow('cl1');
    expect(c1).toMatchObject({
      parent_id: a1,
      path: [admin, sm1, m1, a1],
      takes_id: a1Row.takesId,
      match_commission_bp: 100,
      credit_reference_paise: '1000000',
    });
    expect(await takesOf((await agentRow('sm1')).takesId)).toEqual([
      [Number(admin), 1000],
      [Number(sm1), 9000],
    ]);
  });

  it('lets a level create any level below its own, skipping levels', async () => {
    expect(await agents.createUser(m1, user({ level: 'client', username: 'cl2' }))).toEqual({
      ok: true,
      message: 'Created client cl2',
    });
    const c2 = await clientRow('cl2');
    expect(c2).toMatchObject({ parent_id: m1, path: [admin, sm1, m1] });
    expect(await takesOf(c2.takes_id)).toEqual([
      [Number(admin), 1000],
      [Number(sm1), 1000],
      [Number(m1), 8000],
    ]);
    sm2 = await agentUnder(admin, 'supermaster', 'sm2', 5000);
    expect(await agents.createUser(admin, user({ level: 'client', username: 'house_c' }))).toEqual({
      ok: true,
      message: 'Created client house_c',
    });
    expect(await takesOf((await clientRow('house_c')).takes_id)).toEqual([[Number(admin), 10000]]);
  });

  it('refuses a level, partnership or commission out of bounds, each on its field, creating nothing', async () => {
    const before = await database.db
      .selectFrom('agents')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const cases: [string, NewUser, unknown][] = [
      [
        a1,
        user({ level: 'master', username: 'xx1', partnershipBp: 100 }),
        { field: 'level', message: 'An agent cannot create a master' },
      ],
      [
        m1,
        user({ level: 'supermaster', username: 'xx2', partnershipBp: 100 }),
        { field: 'level', message: 'A master cannot create a supermaster' },
      ],
      [
        sm1,
        user({ level: 'master', username: 'xx3', partnershipBp: 9500 }),
        { field: 'partnership', message: 'A partnership of 95 % is above your own 90 %' },
      ],
      [
        sm1,
        user({ level: 'master', username: 'xx4' }),
        { field: 'partnership', message: 'A master needs a partnership' },
      ],
      [
        a1,
        user({ level: 'client', username: 'xx5', partnershipBp: 0 }),
        { field: 'partnership', message: 'A client has no partnership' },
      ],
      [
        sm1,
        user({ level: 'master', username: 'xx6', partnershipBp: 100, matchCommissionBp: 400 }),
        { field: 'matchCommission', message: AGENT_MESSAGES.rateAboveParent(400, 100) },
      ],
      [
        a1,
        user({ level: 'client', username: 'xx7', sessionCommissionBp: 101 }),
        { field: 'sessionCommission', message: AGENT_MESSAGES.rateAboveParent(101, 100) },
      ],
      [
        a1,
        user({ level: 'client', username: 'xx8', password: 'short' }),
        { field: 'password', message: 'A password must be at least 8 characters' },
      ],
      [
        a1,
        user({ level: 'client', username: 'x y' }),
        { field: 'username', message: 'A username is 3 to 32 letters, digits or . _ -' },
      ],
      // Usernames are one namespace for agents and clients, in any case.
      [
        a1,
        user({ level: 'client', username: 'SM1' }),
        { field: 'username', message: "Username 'SM1' is taken" },
      ],
      [
        sm1,
        user({ level: 'master', username: 'CL1', partnershipBp: 100 }),
        { field: 'username', message: "Username 'CL1' is taken" },
      ],
    ];
    for (const [actor, asked, expected] of cases)
      expect(await agents.createUser(actor, asked)).toEqual({
        ok: false,
        kind: 'invalid',
        ...(expected as object),
      });
    const after = await database.db
      .selectFrom('agents')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });
});

describe('each actor sees its own subtree only', () => {
  it('answers every action on a user outside it as on a user that does not exist', async () => {
    const base = { transactionPassword: TXN };
    const actions = (username: string) => [
      agents.deposit(sm2, { ...base, username, amountPaise: 100n }),
      agents.withdraw(sm2, { ...base, username, amountPaise: 100n }),
      agents.clearPl(sm2, { ...base, username }),
      agents.setCreditReference(sm2, { ...base, username, creditReferencePaise: 5n }),
      agents.setPartnership(sm2, { ...base, username, partnershipBp: 10 }),
      agents.setCommission(sm2, {
        ...base,
        username,
        matchCommissionBp: 0,
        sessionCommissionBp: 0,
      }),
      agents.setExposureLimit(sm2, { ...base, username, exposureLimitPaise: 1n }),
      agents.setLock(sm2, { ...base, username, kind: 'login', locked: true }),
      agents.resetPassword(sm2, { ...base, username, password: 'new password 1' }),
      agents.downline(sm2, { parentUsername: username, skip: 0, take: 10 }),
    ];
    // Another branch's users, the actor's parent, and nobody at all answer alike.
    for (const username of ['ma1', 'ag1', 'cl1', 'sm1', 'admin', 'nobody'])
      for (const answer of await Promise.all(actions(username)))
        expect(answer).toEqual({
          ok: false,
          kind: 'not_found',
          message: `No user named '${username}'`,
        });
    expect(await agents.isInSubtree(sm2, 'cl1')).toBe(false);
    expect(await agents.isInSubtree(sm1, 'CL1')).toBe(true);
    expect(await agents.subtreeOf(sm2)).toEqual({ agentIds: [], clientIds: [] });
    const c1 = await clientRow('cl1');
    const c2 = await clientRow('cl2');
    expect(await agents.subtreeOf(sm1)).toEqual({
      agentIds: [m1, a1],
      clientIds: [c1.id, c2.id],
    });
    // Nothing changed: cl1 is as it was created.
    expect(c1).toMatchObject({ credit_reference_paise: '1000000', match_commission_bp: 100 });
    expect((await agentRow('ma1')).loginLockedAt).toBeNull();
  });

  it('refuses a change of the actor itself', async () => {
    expect(
      await agents.setCreditReference(m1, {
        username: 'MA1',
        transactionPassword: TXN,
        creditReferencePaise: 1n,
      }),
    ).toEqual({ ok: false, kind: 'refused', message: AGENTS_TEXT.ownSettings });
  });

  it('lists only the direct children of the actor or of a user below it', async () => {
    const fromSm1 = await agents.downline(sm1, { skip: 0, take: 10 });
    expect(fromSm1).toMatchObject({
      ok: true,
      breadcrumb: [{ username: 'sm1', level: 'supermaster' }],
      total: 1,
      users: [{ username: 'ma1', level: 'master', partnershipBp: 8000 }],
    });
    const ofM1 = await agents.downline(sm1, { parentUsername: 'ma1', skip: 0, take: 10 });
    expect(ofM1).toMatchObject({
      ok: true,
      breadcrumb: [
        { username: 'sm1', level: 'supermaster' },
        { username: 'ma1', level: 'master' },
      ],
      total: 2,
      users: [
        { username: 'ag1', level: 'agent', partnershipBp: 7000, exposureLimitPaise: null },
        { username: 'cl2', level: 'client', partnershipBp: null, matchCommissionBp: 100 },
      ],
    });
    expect(await agents.downline(sm1, { parentUsername: 'cl1', skip: 0, take: 10 })).toEqual({
      ok: false,
      kind: 'invalid',
      field: 'parentUsername',
      message: 'cl1 is a client: it has no downline',
    });
    const fromAdmin = await agents.downline(admin, { search: 'S', skip: 1, take: 1 });
    expect(fromAdmin).toMatchObject({ ok: true, total: 2, users: [{ username: 'sm2' }] });
  });
});

describe('settings below the actor', () => {
  it('bounds commission by the parent above and by the children below', async () => {
    const set = (actor: string, username: string, match: number, session: number) =>
      agents.setCommission(actor, {
        username,
        transactionPassword: TXN,
        matchCommissionBp: match,
        sessionCommissionBp: session,
      });
    expect(await set(sm1, 'ma1', 301, 100)).toEqual({
      ok: false,
      kind: 'invalid',
      field: 'matchCommission',
      message: AGENT_MESSAGES.rateAboveParent(301, 100),
    });
    expect(await set(admin, 'sm1', 300, 200)).toEqual({
      ok: true,
      message: 'Commission of sm1 set to 3 % match, 2 % session',
    });
    expect(await set(sm1, 'ma1', 250, 150)).toEqual({
      ok: true,
      message: 'Commission of ma1 set to 2.50 % match, 1.50 % session',
    });
    // ag1 and cl2 are at 1 %: ma1 cannot go under them.
    expect(await set(sm1, 'ma1', 50, 150)).toEqual({
      ok: false,
      kind: 'refused',
      message: `A child of ma1 has a match commission of 1 %, above 0.50 %: ${AGENTS_TEXT.lowerChildren}`,
    });
    expect(await set(m1, 'cl2', 250, 0)).toEqual({
      ok: true,
      message: 'Commission of cl2 set to 2.50 % match, 0 % session',
    });
  });

  it("sets a client's exposure limit and credit reference, never an agent's limit", async () => {
    const base = { transactionPassword: TXN };
    expect(
      await agents.setExposureLimit(sm1, { ...base, username: 'cl1', exposureLimitPaise: 50_000n }),
    ).toEqual({ ok: true, message: 'Exposure limit of cl1 set to ₹500.00' });
    expect(
      await agents.setExposureLimit(sm1, { ...base, username: 'ag1', exposureLimitPaise: 50_000n }),
    ).toEqual({
      ok: false,
      kind: 'invalid',
      field: 'exposureLimit',
      message: 'Only a client has an exposure limit',
    });
    expect(
      await agents.setCreditReference(m1, {
        ...base,
        username: 'ag1',
        creditReferencePaise: 12_345n,
      }),
    ).toEqual({ ok: true, message: 'Credit reference of ag1 set to ₹123.45' });
    const listed = await agents.downline(m1, { search: 'a', skip: 0, take: 5 });
    expect(listed).toMatchObject({
      users: [{ username: 'ag1', creditReferencePaise: 12_345n, referencePlPaise: -12_345n }],
    });
    const c1 = await agents.downline(a1, { skip: 0, take: 5 });
    expect(c1).toMatchObject({ users: [{ username: 'cl1', exposureLimitPaise: 50_000n }] });
  });
});

describe('takes under concurrent changes', () => {
  /** Every agent's current takes are those of the partnerships on its path now; every client is on its parent's. */
  async function treeIsConsistent() {
    const rows = await database.db.selectFrom('agents').selectAll().execute();
    const byId = new Map(rows.map((row) => [row.id, row]));
    for (const row of rows) {
      const path = [...row.path.map(String), row.id].map((member) => {
        const agent = byId.get(member);
        if (!agent) throw new Error(`no agent ${member}`);
        return { userId: agent.id, level: agent.level, partnershipBp: agent.partnership_bp };
      });
      const expected = takesOnPath(path);
      if (!expected.ok) throw new Error(expected.message);
      expect(await takesOf(row.takes_id)).toEqual(
        expected.takes.map((take) => [Number(take.userId), take.takeBp]),
      );
    }
    const clients = await database.db
      .selectFrom('clients')
      .innerJoin('agents', 'agents.id', 'clients.parent_id')
      .select(['clients.username', 'clients.takes_id', 'agents.takes_id as parent_takes'])
      .execute();
    for (const client of clients)
      expect([client.username, client.takes_id]).toEqual([client.username, client.parent_takes]);
  }

  it('keeps every takes version current when partnerships change at three levels while users are created', async () => {
    const base = { transactionPassword: TXN };
    const answers = await Promise.all([
      agents.setPartnership(admin, { ...base, username: 'sm1', partnershipBp: 8500 }),
      agents.setPartnership(sm1, { ...base, username: 'ma1', partnershipBp: 7800 }),
      agents.setPartnership(m1, { ...base, username: 'ag1', partnershipBp: 6900 }),
      agents.createUser(a1, user({ level: 'client', username: 'cl5' })),
      agents.createUser(a1, user({ level: 'client', username: 'cl6' })),
      agents.createUser(m1, user({ level: 'agent', username: 'ag5', partnershipBp: 6000 })),
      agents.createUser(sm1, user({ level: 'client', username: 'cl7' })),
    ]);
    expect(answers.map((answer) => answer.ok)).toEqual(Array<boolean>(7).fill(true));
    await treeIsConsistent();
    expect(await takesOf((await agentRow('ag1')).takesId)).toEqual([
      [Number(admin), 1500],
      [Number(sm1), 700],
      [Number(m1), 900],
      [Number(a1), 6900],
    ]);
  });
});
