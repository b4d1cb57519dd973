import type { LimitKind } from '@backlay/domain';
import { sql } from 'kysely';
import type { Db, Tx } from '../../db/pool.js';

/** One limit of a client as the settings read it at a time (amounts in paise or minutes). */
export interface LimitState {
  readonly kind: LimitKind;
  /** In force: the client's own capped by the ceiling. */
  readonly value: bigint | null;
  readonly own: bigint | null;
  /** A raise or removal still waiting: its value (null: removal) and time. */
  readonly pending: { readonly value: bigint | null; readonly from: Date } | null;
  readonly ceiling: bigint | null;
  /** Loss limits: the period's net loss so far and its end. */
  readonly loss: bigint | null;
  readonly resetsAt: Date | null;
}

const big = (value: string | null): bigint | null => (value === null ? null : BigInt(value));

/** Every limit kind of the client at `at`, in the order of LIMIT_KINDS, with the loss periods of `tz`. */
export async function limitStates(
  db: Db | Tx,
  clientId: string,
  at: Date,
  tz: string,
): Promise<LimitState[]> {
  const { rows } = await sql<{
    kind: LimitKind;
    value: string | null;
    own: string | null;
    pending_value: string | null;
    pending_at: Date | null;
    ceiling: string | null;
    loss: string | null;
    resets_at: Date | null;
  }>`SELECT k.kind, limit_in_force(l, ${at}) AS value, limit_own(l, ${at}) AS own,
      CASE WHEN l.next_at > ${at} THEN l.next_value END AS pending_value,
      CASE WHEN l.next_at > ${at} THEN l.next_at END AS pending_at,
      l.ceiling,
      CASE WHEN k.kind LIKE 'loss%' THEN wallet_net_loss(${clientId}, p.period_start, ${at}) END
        AS loss,
      CASE WHEN k.kind LIKE 'loss%' THEN p.period_end END AS resets_at
    FROM unnest(ARRAY['lossDay', 'lossWeek', 'lossMonth', 'stake', 'session'])
      WITH ORDINALITY AS k(kind, n)
    LEFT JOIN client_limits l ON l.client_id = ${clientId} AND l.kind = k.kind
    CROSS JOIN LATERAL loss_period(k.kind, ${at}, ${tz}) p
    ORDER BY k.n`.execute(db);
  return rows.map((row) => ({
    kind: row.kind,
    value: big(row.value),
    own: big(row.own),
    pending:
      row.pending_at === null ? null : { value: big(row.pending_value), from: row.pending_at },
    ceiling: big(row.ceiling),
    loss: big(row.loss),
    resetsAt: row.resets_at,
  }));
}

/** Locks the client's row against other safer-betting changes; false when there is no such client. */
export async function lockClient(tx: Tx, clientId: string): Promise<boolean> {
  const { rows } =
    await sql`SELECT 1 FROM clients WHERE id = ${clientId} FOR NO KEY UPDATE`.execute(tx);
  return rows.length > 0;
}

/** The client's id by username (any case), locked as {@link lockClient}. */
export async function lockClientByName(tx: Tx, username: string): Promise<string | undefined> {
  const { rows } = await sql<{ id: string }>`SELECT id FROM clients
    WHERE lower(username) = ${username.toLowerCase()} FOR NO KEY UPDATE`.execute(tx);
  return rows[0]?.id;
}

/** The client's own setting of one limit at `at` and its ceiling. */
export async function ownLimit(
  tx: Tx,
  clientId: string,
  kind: LimitKind,
  at: Date,
): Promise<{ own: bigint | null; ceiling: bigint | null }> {
  const { rows } = await sql<{ own: string | null; ceiling: string | null }>`SELECT
      limit_own(l, ${at}) AS own, l.ceiling
    FROM client_limits l WHERE l.client_id = ${clientId} AND l.kind = ${kind}`.execute(tx);
  const row = rows[0];
  return { own: big(row?.own ?? null), ceiling: big(row?.ceiling ?? null) };
}

/** Writes the client's own setting of a limit: `value` now, and `next` from its time (or none). */
export async function writeOwnLimit(
  tx: Tx,
  clientId: string,
  kind: LimitKind,
  setting: { value: bigint | null; next: { value: bigint | null; at: Date } | null },
  at: Date,
): Promise<void> {
  await tx
    .insertInto('client_limits')
    .values({
      client_id: clientId,
      kind,
      value: setting.value,
      next_value: setting.next?.value ?? null,
      next_at: setting.next?.at ?? null,
      updated_at: at,
    })
    .onConflict((conflict) =>
      conflict.columns(['client_id', 'kind']).doUpdateSet({
        value: setting.value,
        next_value: setting.next?.value ?? null,
        next_at: setting.next?.at ?? null,
        updated_at: at,
      }),
    )
    .execute();
  await markHasLimits(tx, clientId);
}

/** Writes the operator's ceiling of a limit (null: none), keeping the client's own setting. */
export async function writeCeiling(
  tx: Tx,
  clientId: string,
  kind: LimitKind,
  ceiling: bigint | null,
  at: Date,
): Promise<void> {
  await tx
    .insertInto('client_limits')
    .values({ client_id: clientId, kind, value: null, ceiling, updated_at: at })
    .onConflict((conflict) =>
      conflict.columns(['client_id', 'kind']).doUpdateSet({ ceiling, updated_at: at }),
    )
    .execute();
  await markHasLimits(tx, clientId);
}

async function markHasLimits(tx: Tx, clientId: string): Promise<void> {
  await tx
    .updateTable('clients')
    .set({ has_limits: true })
    .where('id', '=', clientId)
    .where('has_limits', '=', false)
    .execute();
}

export async function realityCheckOf(db: Db | Tx, clientId: string): Promise<number | null> {
  const row = await db
    .selectFrom('clients')
    .select('reality_check_min')
    .where('id', '=', clientId)
    .executeTakeFirst();
  return row?.reality_check_min ?? null;
}

export async function writeRealityCheck(
  db: Db | Tx,
  clientId: string,
  minutes: number | null,
): Promise<void> {
  await db
    .updateTable('clients')
    .set({ reality_check_min: minutes })
    .where('id', '=', clientId)
    .execute();
}

export interface Exclusion {
  readonly kind: 'time_out' | 'self_exclusion';
  /** null: permanent. */
  readonly until: Date | null;
}

export async function exclusionOf(db: Db | Tx, clientId: string): Promise<Exclusion | null> {
  const row = await db
    .selectFrom('clients')
    .select(['excluded_kind', 'excluded_until'])
    .where('id', '=', clientId)
    .executeTakeFirst();
  return row?.excluded_kind ? { kind: row.excluded_kind, until: row.excluded_until } : null;
}

export async function writeExclusion(
  tx: Tx,
  clientId: string,
  exclusion: Exclusion | null,
): Promise<void> {
  await tx
    .updateTable('clients')
    .set({ excluded_kind: exclusion?.kind ?? null, excluded_until: exclusion?.until ?? null })
    .where('id', '=', clientId)
    .execute();
}

/** Bets placed by the client since `from`: exchange, bookmaker and fancy bets, matka numbers, casino rounds. */
export async function betsSince(db: Db, clientId: string, from: Date): Promise<number> {
  const { rows } = await sql<{ count: string }>`SELECT
      (SELECT count(*) FROM bets WHERE client_id = ${clientId} AND created_at >= ${from})
      + (SELECT count(*) FROM matka_bets WHERE client_id = ${clientId} AND created_at >= ${from})
      + (SELECT count(*) FROM casino_rounds
          WHERE client_id = ${clientId} AND status <> 'refused' AND created_at >= ${from})
      AS count`.execute(db);
  return Number(rows[0]?.count ?? 0);
}

/**
 * Why the client's limits refuse a stake (safer_refusal, db/functions/safer_betting.sql); null when they do not.
 * Call it under the client's wallet lock, with what its open bets hold (`held`) and what the
 * stake adds (`added`).
 */
export async function stakeRefusal(
  tx: Tx,
  check: {
    clientId: string;
    at: Date;
    held: bigint;
    added: bigint;
    stakePaise: bigint;
    messages: string;
  },
): Promise<string | null> {
  const { rows } = await sql<{ refusal: string | null }>`SELECT safer_refusal(${check.clientId},
    ${check.at}, ${check.held.toString()}::bigint, ${check.added.toString()}::bigint,
    ${check.stakePaise.toString()}::bigint, ${check.messages}::jsonb) AS refusal`.execute(tx);
  return rows[0]?.refusal ?? null;
}
