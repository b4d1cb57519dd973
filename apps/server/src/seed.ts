import type { Db } from './db/pool.js';
import type { AgentAuth } from './modules/agents/agent-auth.js';
import type { AgentsService } from './modules/agents/agents.service.js';
import type { NewsService } from './modules/news/news.service.js';

/*
 * The demo data (README "Run it"): the news, and a demo network from the admin down to the demo
 * clients, made through the agents module's own actions as an agent's console would.
 */

/** The README states it on a line of its own: `Demo password: …`. */
export const DEMO_PASSWORD = 'Backlay@2026';
/**
 * The demo network's users' transaction password (docs/agents.md#controls): the demo password
 * itself, so that the back office's console acts at once.
 */
export const DEMO_TRANSACTION_PASSWORD = DEMO_PASSWORD;
export const DEMO_USERS = ['demo1', 'demo2', 'demo3', 'demo4', 'demo5'] as const;
/** Rupees of chips each demo client starts with. */
export const DEMO_CREDIT_RUPEES = 100_000;

/**
 * The levels above the demo clients (docs/agents.md#levels, the worked example's 90/80/70): each
 * the child of the one before it (the first of the admin), its partnership and commission rates
 * in basis points, and the chips its parent deposits, in rupees — enough for the level below and
 * the demo clients' 1,00,000 each.
 */
export const DEMO_TREE = [
  {
    username: 'demo_sm',
    level: 'supermaster',
    partnershipBp: 9000,
    matchCommissionBp: 200,
    sessionCommissionBp: 150,
    chipsRupees: 1_000_000,
  },
  {
    username: 'demo_master',
    level: 'master',
    partnershipBp: 8000,
    matchCommissionBp: 150,
    sessionCommissionBp: 100,
    chipsRupees: 800_000,
  },
  {
    username: 'demo_agent',
    level: 'agent',
    partnershipBp: 7000,
    matchCommissionBp: 100,
    sessionCommissionBp: 100,
    chipsRupees: 600_000,
  },
] as const;

/** Who logs in to the back office's console as a level of the demo network (README "Run it"). */
export const DEMO_BACKOFFICE_USERS = ['admin', ...DEMO_TREE.map((level) => level.username)];

/** The admin's commission, set by the seed only while it has none (docs/agents.md#commission). */
const DEMO_ADMIN_COMMISSION = { matchCommissionBp: 200, sessionCommissionBp: 150 };

const DEMO_NEWS = [
  'Welcome to Backlay! Bet responsibly: set yourself a limit before you play.',
  'Minimum bet is 500 for match markets and 100 for sessions.',
  'Live cricket, soccer and tennis markets are open now.',
];

const paiseOfRupees = (rupees: number) => BigInt(rupees) * 100n;

export interface SeedDeps {
  readonly db: Db;
  readonly news: NewsService;
  readonly agents: AgentsService;
  readonly agentAuth: AgentAuth;
  /** Where a step the seed could not take is told (the console). */
  readonly warn?: (message: string) => void;
}

/** Whether the demo clients are under demo_agent, each with chips: the tree needs nothing. */
async function isTreeSeeded(agents: AgentsService, adminId: string): Promise<boolean> {
  const agent = DEMO_TREE[DEMO_TREE.length - 1]!.username;
  const below = await agents.downline(adminId, {
    parentUsername: agent,
    skip: 0,
    take: 100,
  });
  if (!below.ok) return false;
  const chips = new Map(below.users.map((user) => [user.username, user.balancePaise]));
  return DEMO_USERS.every((username) => (chips.get(username) ?? 0n) > 0n);
}

/**
 * The admin of a fresh network (no transaction password yet) gets the demo password as its
 * password and transaction password, and a commission to hand down while it has none. Answers
 * whether the seed may act as the admin: not when its transaction password is another.
 */
async function readyAdmin(deps: SeedDeps, adminId: string): Promise<boolean> {
  const admin = await deps.agents.me(adminId);
  if (admin.needsTransactionPassword) {
    const set = await deps.agentAuth.setAdminPassword(DEMO_PASSWORD);
    if (!set.ok) deps.warn?.(`demo tree: ${set.message}`);
    await deps.agents.setTransactionPassword(adminId, { password: DEMO_TRANSACTION_PASSWORD });
  }
  if (admin.matchCommissionBp === 0 && admin.sessionCommissionBp === 0)
    await deps.agents.setAdminCommission(DEMO_ADMIN_COMMISSION);
  return (await deps.agents.checkTransactionPassword(adminId, DEMO_TRANSACTION_PASSWORD)).ok;
}

/**
 * `username` under `parentId` (refused as taken when it exists already), then its chips from the
 * parent under a key of its own: a second run replays the stored answer, so nothing is deposited
 * twice (docs/agents.md#chips; every step audited as the parent).
 */
async function placeUser(
  deps: SeedDeps,
  parentId: string,
  user: {
    readonly username: string;
    readonly level: 'supermaster' | 'master' | 'agent' | 'client';
    readonly partnershipBp?: number;
    readonly matchCommissionBp: number;
    readonly sessionCommissionBp: number;
    readonly chipsRupees: number;
  },
): Promise<'created' | 'there' | 'elsewhere'> {
  const chips = paiseOfRupees(user.chipsRupees);
  const created = await deps.agents.createUser(parentId, {
    level: user.level,
    username: user.username,
    password: DEMO_PASSWORD,
    creditReferencePaise: chips,
    partnershipBp: user.partnershipBp,
    matchCommissionBp: user.matchCommissionBp,
    sessionCommissionBp: user.sessionCommissionBp,
    transactionPassword: DEMO_TRANSACTION_PASSWORD,
  });
  const deposited = await deps.agents.deposit(parentId, {
    username: user.username,
    amountPaise: chips,
    transactionPassword: DEMO_TRANSACTION_PASSWORD,
    remark: 'Demo chips',
    key: `demo-seed-chips-${user.username}`,
  });
  // A demo client of a database seeded before the network is the admin's: not below the parent.
  if (!deposited.ok && deposited.kind === 'not_found') return 'elsewhere';
  if (!deposited.ok) deps.warn?.(`demo chips of ${user.username}: ${deposited.message}`);
  return created.ok ? 'created' : 'there';
}

/**
 * The user's id through its own login (the demo password), which is then ended; its transaction
 * password set the first time. Undefined when it cannot log in (its password was changed).
 */
async function readyAgent(deps: SeedDeps, username: string): Promise<string | undefined> {
  const login = await deps.agentAuth.login({
    username,
    password: DEMO_PASSWORD,
    socketAddress: 'demo-seed',
  });
  if (login.kind !== 'success') {
    deps.warn?.(
      `demo tree: ${username} cannot log in with the demo password; the tree stops there`,
    );
    return undefined;
  }
  await deps.agentAuth.logout(login.agent.sessionId);
  if (login.needsTransactionPassword)
    await deps.agents.setTransactionPassword(login.agent.agentId, {
      password: DEMO_TRANSACTION_PASSWORD,
    });
  return login.agent.agentId;
}

/**
 * The demo network (docs/agents.md): admin → demo_sm (90 %) → demo_master (80 %) → demo_agent
 * (70 %) → demo1 … demo5, each made and given its chips through the agents' own actions, so every
 * rupee is a ledger pair and an audit row. Answers the users it created.
 */
async function seedDemoTree(deps: SeedDeps): Promise<string[]> {
  const adminId = await deps.agents.adminId();
  if (await isTreeSeeded(deps.agents, adminId)) return [];
  if (!(await readyAdmin(deps, adminId))) {
    deps.warn?.('demo tree: the admin has a transaction password of its own; not seeded');
    return [];
  }
  const created: string[] = [];
  let parentId = adminId;
  for (const level of DEMO_TREE) {
    if ((await placeUser(deps, parentId, level)) === 'created') created.push(level.username);
    const id = await readyAgent(deps, level.username);
    if (id === undefined) return created;
    parentId = id;
  }
  const elsewhere: string[] = [];
  for (const username of DEMO_USERS) {
    const client = {
      username,
      level: 'client',
      // The demo clients pay no commission: their results read as a client's without a network.
      matchCommissionBp: 0,
      sessionCommissionBp: 0,
      chipsRupees: DEMO_CREDIT_RUPEES,
    } as const;
    const placed = await placeUser(deps, parentId, client);
    if (placed === 'created') created.push(username);
    if (placed === 'elsewhere') elsewhere.push(username);
  }
  if (elsewhere.length > 0)
    deps.warn?.(
      `demo clients ${elsewhere.join(', ')} were seeded before the demo network: they stay the admin's own`,
    );
  return created;
}

/**
 * Demo data, on the embedded database or with SEED_DEMO=1 only: the demo network and its
 * clients, and the news. Idempotent: a user that exists is left as it is and every deposit has
 * its key, so a restart never credits twice. Answers the users it created.
 */
export async function seedDemo(deps: SeedDeps): Promise<string[]> {
  const created = await seedDemoTree(deps);
  const existingNews = await deps.db.selectFrom('news').select('id').limit(1).execute();
  if (existingNews.length === 0) {
    for (const message of DEMO_NEWS) await deps.news.publish(message);
  }
  return created;
}
