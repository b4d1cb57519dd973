/**
 * What a settlement reads of the agent network (SQL only, plain rows; docs/agents.md): versions of
 * takes, the admin, the accounts of the levels and the clients' commission rates. Rows of
 * agent_takes and accounts never change once written, so these take no lock.
 */
import type { Db, Tx } from '../../db/pool.js';

/** Each agent_takes row of `takesIds`: its takes as stored, [[agentId, takeBp], …] top down. */
export async function takesRows(
  db: Db | Tx,
  takesIds: readonly string[],
): Promise<{ id: string; takes: [string | number, number][] }[]> {
  if (takesIds.length === 0) return [];
  return db
    .selectFrom('agent_takes')
    .select(['id', 'takes'])
    .where('id', 'in', [...takesIds])
    .execute();
}

/** The admin's id and the house's account, the admin's (docs/agents.md#levels: exactly one). */
export async function adminAndHouse(db: Db | Tx): Promise<{ admin: string; house: string }> {
  return db
    .selectFrom('agents')
    .innerJoin('accounts', (join) => join.on('accounts.kind', '=', 'house'))
    .select(['agents.id as admin', 'accounts.id as house'])
    .where('agents.level', '=', 'admin')
    .executeTakeFirstOrThrow();
}

/** The account of each agent of `agentIds` that has one (the admin has none: it is the house). */
export async function agentAccounts(
  db: Db | Tx,
  agentIds: readonly string[],
): Promise<{ agentId: string; accountId: string }[]> {
  if (agentIds.length === 0) return [];
  const rows = await db
    .selectFrom('accounts')
    .select(['id', 'agent_id'])
    .where('kind', '=', 'agent')
    .where('agent_id', 'in', [...agentIds])
    .execute();
  return rows.map((row) => ({ agentId: row.agent_id ?? '', accountId: row.id }));
}

/** Each client's commission rates, in basis points (docs/agents.md#commission). */
export async function commissionRates(
  db: Db | Tx,
  clientIds: readonly string[],
): Promise<{ id: string; match_commission_bp: number; session_commission_bp: number }[]> {
  if (clientIds.length === 0) return [];
  return db
    .selectFrom('clients')
    .select(['id', 'match_commission_bp', 'session_commission_bp'])
    .where('id', 'in', [...clientIds])
    .execute();
}
