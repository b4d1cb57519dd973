import { CASINO_GAMES } from '@backlay/contract/casino';
import { addPaise, marketExposure, matkaBoardNumbers, type Paise } from '@backlay/domain';
import {
  best,
  paiseOf,
  topClients,
  type CasinoRisk,
  type ClientBook,
  type MatkaRisk,
} from './risk-book.js';
import type * as q from './risk-games.queries.js';

/*
 * The house's book of the games (docs/backoffice.md, "Live risk"), pure: each open matka market's
 * result for the house on every number that may be drawn, and the stakes the open casino rounds
 * hold. risk.service.ts reads the open stakes and adds these to the sports book.
 */

const NUMBERS = matkaBoardNumbers();

/** The matka market's state while bets on it are open: it takes bets, waits for its draw, or for a declaration. */
function matkaStatus(stake: q.OpenMatkaStake, at: Date): MatkaRisk['status'] {
  if (stake.isRolledBack) return 'rolled back';
  return at.getTime() < stake.closesAt.getTime() ? 'open' : 'closed';
}

/**
 * Results per number (00–99) of stakes on numbers: a hit returns `payout` times its amount, the
 * stake included, and every stake is lost otherwise (docs/decisions.md#money). For the bettor:
 * payout × (amount on the number) − (everything staked).
 */
function resultsPerNumber(own: readonly q.OpenMatkaStake[], payout: number): Paise[] {
  const onNumber = new Map<string, number>();
  let staked = 0;
  for (const stake of own) {
    const amount = paiseOf(stake.amountPaise);
    onNumber.set(stake.betNo, (onNumber.get(stake.betNo) ?? 0) + amount);
    staked += amount;
  }
  return NUMBERS.map((number) => paiseOf(payout * (onNumber.get(number) ?? 0) - staked));
}

/** Items grouped by a key, each group in the items' order. */
function grouped<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group) group.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}

/**
 * Every open matka market's book, in the order of its stakes (by close): the house's result on a
 * number is minus the sum of the bettors' results on it, its exposure the worst of those
 * (`marketExposure`, 0 when the house wins whatever is drawn), and each bettor's exposure the
 * worst of theirs.
 */
export function matkaRisk(
  stakes: readonly q.OpenMatkaStake[],
  payout: number,
  at: Date,
): MatkaRisk[] {
  const markets: MatkaRisk[] = [];
  for (const own of grouped(stakes, (stake) => stake.mid).values()) {
    const first = own[0];
    if (!first) continue;
    const books: ClientBook[] = [];
    let house = NUMBERS.map(() => paiseOf(0));
    for (const bettor of grouped(own, (stake) => stake.clientId).values()) {
      const me = bettor[0];
      if (!me) continue;
      const results = resultsPerNumber(bettor, payout);
      house = house.map((pl, index) => paiseOf(pl - (results[index] ?? 0)));
      books.push({
        clientId: me.clientId,
        username: me.username,
        exposure: marketExposure(results),
        best: best(results),
      });
    }
    // The first number of the lowest result: the one the house least wants drawn.
    const worst = house.reduce((low, pl, index) => (pl < (house[low] ?? 0) ? index : low), 0);
    markets.push({
      mid: first.mid,
      gameId: first.gameId,
      game: first.game,
      status: matkaStatus(first, at),
      closesAt: first.closesAt,
      staked: addPaise(...own.map((stake) => paiseOf(stake.amountPaise))),
      worstNumber: NUMBERS[worst] ?? '00',
      houseIfWorst: house[worst] ?? paiseOf(0),
      houseExposure: marketExposure(house),
      openBets: own.reduce((sum, stake) => sum + stake.bets, 0),
      topClients: topClients(books),
    });
  }
  return markets;
}

/** The open casino rounds per game, in the lobby's order, named as the lobby names them. */
export function casinoRisk(rows: readonly q.OpenCasinoStakes[]): CasinoRisk[] {
  const order = (gameId: string) => {
    const index = CASINO_GAMES.findIndex((game) => game.id === gameId);
    return index < 0 ? CASINO_GAMES.length : index;
  };
  return rows
    .map((row) => ({
      gameId: row.gameId,
      game: CASINO_GAMES.find((game) => game.id === row.gameId)?.name ?? `Game ${row.gameId}`,
      openRounds: row.rounds,
      stakeHeld: paiseOf(row.stakePaise),
    }))
    .sort((a, b) => order(a.gameId) - order(b.gameId) || (a.gameId < b.gameId ? -1 : 1));
}
