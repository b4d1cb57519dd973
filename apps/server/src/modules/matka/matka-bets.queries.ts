/** Placing matka bets (SQL only, plain rows): the game's open market locked, the bets inserted. */
import { sql } from 'kysely';
import type { Tx } from '../../db/pool.js';

/**
 * The game's market open at `now` (no result yet, not voided, never rolled back), locked FOR SHARE
 * against its settlement, void or rollback.
 */
export async function lockOpenMarket(
  tx: Tx,
  gameId: string,
  now: Date,
): Promise<{ mid: string } | undefined> {
  return tx
    .selectFrom('matka_markets')
    .select('id as mid')
    .where('game_id', '=', gameId)
    .where('opens_at', '<=', now)
    .where('closes_at', '>', now)
    .where('result', 'is', null)
    .where('voided_at', 'is', null)
    .where('rolled_back_at', 'is', null)
    .forShare()
    .executeTakeFirst();
}

export async function insertBets(
  tx: Tx,
  bets: readonly {
    clientId: string;
    mid: string;
    betNo: string;
    amountPaise: number;
    ipAddress: string;
    at: Date;
  }[],
): Promise<void> {
  if (bets.length === 0) return;
  await tx
    .insertInto('matka_bets')
    .values(
      bets.map((bet) => ({
        client_id: bet.clientId,
        market_id: bet.mid,
        bet_no: bet.betNo,
        amount_paise: bet.amountPaise,
        ip_address: bet.ipAddress,
        created_at: bet.at,
        // The takes the client's bets are placed under now (docs/agents.md#partnership, versions).
        takes_id: sql<string>`(SELECT takes_id FROM clients WHERE id = ${bet.clientId})`,
      })),
    )
    .execute();
}
