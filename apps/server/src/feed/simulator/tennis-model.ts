import type { Side } from './state.js';

/**
 * The tennis model (docs/decisions.md#feed "tennis: sets, games, server"): an exact Markov chain on points —
 * each player wins a point on their own serve with a fixed chance — through games, tie-breaks at
 * 6–6, sets and a best-of-three match.
 */

/** Each player's chance of winning a point on their own serve: [home, away]. */
export type ServeWin = readonly [number, number];

/** Where a match stands. */
export interface TennisState {
  readonly sets: readonly [number, number];
  readonly games: readonly [number, number];
  readonly points: readonly [number, number];
  /** Server of the game in progress (outside a tie-break). */
  readonly server: Side;
  readonly isTiebreak: boolean;
  /** Server of the tie-break's first point. */
  readonly tiebreakFirstServer: Side;
}

function other(side: Side): Side {
  return side === 0 ? 1 : 0;
}

/** Chance the home player (0) wins a point served by `server`. */
function homePoint(serveWin: ServeWin, server: Side): number {
  return server === 0 ? serveWin[0] : 1 - serveWin[1];
}

/** Chance the server wins a game from (serverPoints, receiverPoints), with deuce in closed form. */
export function gameHoldChance(p: number, server: number, receiver: number): number {
  if (server >= 4 && server - receiver >= 2) return 1;
  if (receiver >= 4 && receiver - server >= 2) return 0;
  if (server >= 3 && receiver >= 3) {
    const deuce = (p * p) / (p * p + (1 - p) * (1 - p));
    if (server === receiver) return deuce;
    return server > receiver ? p + (1 - p) * deuce : p * deuce;
  }
  return (
    p * gameHoldChance(p, server + 1, receiver) + (1 - p) * gameHoldChance(p, server, receiver + 1)
  );
}

/** The server of tie-break point number `n` (0-based): first one point, then two each. */
export function tiebreakServer(firstServer: Side, n: number): Side {
  return ((n + 1) >> 1) % 2 === 0 ? firstServer : other(firstServer);
}

/** Chance home wins a tie-break (first to 7, two clear) from points (home, away). */
export function tiebreakChance(
  serveWin: ServeWin,
  home: number,
  away: number,
  firstServer: Side,
): number {
  const memo = new Map<number, number>();
  // Past 6–6 each pair of points has one serve each, so "deuce" has a closed form.
  const both = serveWin[0] * (1 - serveWin[1]);
  const neither = (1 - serveWin[0]) * serveWin[1];
  const level = both / (both + neither);
  const go = (h: number, a: number): number => {
    if (h >= 7 && h - a >= 2) return 1;
    if (a >= 7 && a - h >= 2) return 0;
    const p = homePoint(serveWin, tiebreakServer(firstServer, h + a));
    if (h >= 6 && a >= 6) {
      if (h === a) return level;
      return h > a ? p + (1 - p) * level : p * level;
    }
    const key = h * 64 + a;
    const known = memo.get(key);
    if (known !== undefined) return known;
    const value = p * go(h + 1, a) + (1 - p) * go(h, a + 1);
    memo.set(key, value);
    return value;
  };
  return go(home, away);
}

/** Chance home wins a set from games (home, away) with `server` serving the next game. */
export function setChance(serveWin: ServeWin, home: number, away: number, server: Side): number {
  const holdHome = gameHoldChance(serveWin[0], 0, 0);
  const holdAway = gameHoldChance(serveWin[1], 0, 0);
  const memo = new Map<number, number>();
  const go = (h: number, a: number, s: Side): number => {
    if ((h >= 6 && h - a >= 2) || h === 7) return 1;
    if ((a >= 6 && a - h >= 2) || a === 7) return 0;
    if (h === 6 && a === 6) return tiebreakChance(serveWin, 0, 0, s);
    const key = (h * 8 + a) * 2 + s;
    const known = memo.get(key);
    if (known !== undefined) return known;
    const win = s === 0 ? holdHome : 1 - holdAway;
    const value = win * go(h + 1, a, other(s)) + (1 - win) * go(h, a + 1, other(s));
    memo.set(key, value);
    return value;
  };
  return go(home, away, server);
}

/** Chance home wins the set in progress from the full state. */
export function currentSetChance(serveWin: ServeWin, state: TennisState): number {
  const [gh, ga] = state.games;
  const [ph, pa] = state.points;
  if (state.isTiebreak) return tiebreakChance(serveWin, ph, pa, state.tiebreakFirstServer);
  const game =
    state.server === 0
      ? gameHoldChance(serveWin[0], ph, pa)
      : 1 - gameHoldChance(serveWin[1], pa, ph);
  const next = other(state.server);
  return (
    game * setChance(serveWin, gh + 1, ga, next) +
    (1 - game) * setChance(serveWin, gh, ga + 1, next)
  );
}

/**
 * Chance home wins a set not begun yet: who serves first in it depends on games not yet played,
 * so both are averaged.
 */
export function freshSetChance(serveWin: ServeWin): number {
  return (setChance(serveWin, 0, 0, 0) + setChance(serveWin, 0, 0, 1)) / 2;
}

/** [home, away] chances of winning a best-of-three match from `state`. */
export function tennisChances(serveWin: ServeWin, state: TennisState): [number, number] {
  const fresh = freshSetChance(serveWin);
  const match = (h: number, a: number): number => {
    if (h >= 2) return 1;
    if (a >= 2) return 0;
    return fresh * match(h + 1, a) + (1 - fresh) * match(h, a + 1);
  };
  const [sh, sa] = state.sets;
  const set = currentSetChance(serveWin, state);
  const home = set * match(sh + 1, sa) + (1 - set) * match(sh, sa + 1);
  const clamped = Math.min(0.9995, Math.max(0.0005, home));
  return [clamped, 1 - clamped];
}
