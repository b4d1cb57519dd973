import { sql } from 'kysely';
import type { Db } from '../../db/pool.js';

/*
 * The house's book of the games (docs/backoffice.md, "Live risk"): the open matka bets and the
 * open casino rounds, summed (SQL only, plain rows; risk-games.ts books them).
 */

/**
 * The open (Pending) matka bets, summed per market, client and number, with their markets: one
 * statement on the partial index of open bets (matka_bets_open). A market whose result was rolled
 * back has its bets pending again; a voided or settled one has none.
 */
export interface OpenMatkaStake {
  readonly mid: string;
  readonly gameId: string;
  readonly game: string;
  readonly closesAt: Date;
  readonly isRolledBack: boolean;
  readonly clientId: string;
  readonly username: string;
  readonly betNo: string;
  readonly amountPaise: string;
  readonly bets: number;
}

export async function openMatkaStakes(db: Db): Promise<OpenMatkaStake[]> {
  const rows = await db
    .selectFrom('matka_bets as b')
    .innerJoin('matka_markets as m', 'm.id', 'b.market_id')
    .innerJoin('matka_games as g', 'g.id', 'm.game_id')
    .innerJoin('clients as c', 'c.id', 'b.client_id')
    .where('b.status', '=', 'Pending')
    .select((eb) => [
      'm.id as mid',
      'm.game_id',
      'g.name as game',
      'm.closes_at',
      sql<boolean>`m.rolled_back_at is not null`.as('is_rolled_back'),
      'c.id as client_id',
      'c.username',
      'b.bet_no',
      eb.fn.sum<string>('b.amount_paise').as('amount_paise'),
      eb.fn.countAll<string>().as('bets'),
    ])
    .groupBy(['m.id', 'g.name', 'c.id', 'b.bet_no'])
    .orderBy('m.closes_at')
    .orderBy('m.id')
    .execute();
  return rows.map((row) => ({
    mid: row.mid,
    gameId: row.game_id,
    game: row.game,
    closesAt: row.closes_at,
    isRolledBack: row.is_rolled_back,
    clientId: row.client_id,
    username: row.username,
    betNo: row.bet_no,
    amountPaise: row.amount_paise,
    bets: Number(row.bets),
  }));
}

/** The open casino rounds' stakes per game: one statement on the partial index of open rounds. */
export interface OpenCasinoStakes {
  readonly gameId: string;
  readonly rounds: number;
  readonly stakePaise: string;
}

export async function openCasinoStakes(db: Db): Promise<OpenCasinoStakes[]> {
  const rows = await db
    .selectFrom('casino_rounds as r')
    .where('r.status', '=', 'open')
    .select((eb) => [
      sql<string>`coalesce(r.game_id, '')`.as('game_id'),
      eb.fn.countAll<string>().as('rounds'),
      sql<string>`coalesce(sum(r.stake_paise), 0)`.as('stake_paise'),
    ])
    .groupBy('r.game_id')
    .orderBy('r.game_id')
    .execute();
  return rows.map((row) => ({
    gameId: row.game_id,
    rounds: Number(row.rounds),
    stakePaise: row.stake_paise,
  }));
}
