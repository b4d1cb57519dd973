/**
 * The agent hierarchy's pure rules (docs/agents.md): who may create whom, each level's take of a
 * client's result, the split of a settled market and of a commission among the levels to the
 * paisa, and a credit reference's P/L.
 *
 * Units: money in integer paise as `bigint` (the unit of the wallet's totals and of settlement,
 * docs/conventions.md#money); partnerships, takes and commission rates in whole basis points of
 * 100 % (`ShareBp`, 0..10000: 9000 is 90 %, 3333 is 33.33 %). Every product is an exact integer:
 * a share of X paise at t basis points is the rational X·t/10000, rounded once, by a rule given
 * with each function.
 */

/** The levels of the hierarchy, top down (docs/agents.md#levels). */
export const AGENT_LEVELS = ['admin', 'supermaster', 'master', 'agent', 'client'] as const;

/** A user's level: `admin` is the house, `client` the bettor. */
export type AgentLevel = (typeof AGENT_LEVELS)[number];

/** A share of 100 % in whole basis points: 10000 is 100 %, 3333 is 33.33 %. */
export type ShareBp = number;

/** 100 % in basis points. */
export const WHOLE_BP = 10_000;

const WHOLE = 10_000n;

/** One user on the path from the admin down to a client's parent, with its partnership. */
export interface PathLevel {
  readonly userId: string;
  readonly level: AgentLevel;
  /** 0..10000; the admin's is 10000, every other at most its parent's. */
  readonly partnershipBp: ShareBp;
}

/** A user's take of a client's result, in basis points: all of a path's sum to 10000. */
export interface TakeShare {
  readonly userId: string;
  readonly takeBp: ShareBp;
}

/** A take with the level it belongs to, as {@link takesOnPath} gives it. */
export interface LevelTake extends TakeShare {
  readonly level: AgentLevel;
}

/** The takes of a path, top down, or why the path is refused. */
export type TakesResult =
  | { readonly ok: true; readonly takes: readonly LevelTake[] }
  | { readonly ok: false; readonly message: string };

/**
 * One settled bet of a client's market: its result for the client in paise (+ the client won)
 * and the takes of the version it was placed under.
 */
export interface SplitBet {
  readonly resultPaise: bigint;
  readonly takes: readonly TakeShare[];
}

/** What one level books, in paise (+ the level gains). */
export interface LevelBooking {
  readonly userId: string;
  readonly paise: bigint;
}

/** The levels' bookings, every user of the takes once in order of first appearance, or why not. */
export type SplitResult =
  | { readonly ok: true; readonly bookings: readonly LevelBooking[] }
  | { readonly ok: false; readonly message: string };

/** Accepted, or why not. */
export type AgentCheck = { readonly ok: true } | { readonly ok: false; readonly message: string };

/** Basis points as a percentage for messages: 9000 → "90 %", 3334 → "33.34 %". */
function percentText(bp: ShareBp): string {
  const whole = Math.trunc(bp / 100);
  const hundredths = Math.abs(bp % 100);
  return hundredths === 0 ? `${whole} %` : `${whole}.${String(hundredths).padStart(2, '0')} %`;
}

/** Our messages for a refused path, takes or setting (docs/agents.md). */
export const AGENT_MESSAGES = {
  emptyPath: 'A path starts with the admin: this one is empty',
  notAdminFirst: (userId: string, level: AgentLevel) =>
    `A path starts with the admin, not ${userId} (${level})`,
  shareRange: (userId: string, bp: number) =>
    `The partnership of ${userId} must be whole basis points from 0 to 10000 (0 to 100 %), not ${bp}`,
  adminNotWhole: (userId: string, bp: ShareBp) =>
    `The admin's partnership is 100 %, not ${percentText(bp)} (${userId})`,
  clientOnPath: (userId: string) =>
    `${userId} is a client: a path ends at the client's parent and a client has no partnership`,
  levelOrder: (userId: string, level: AgentLevel, parentId: string, parentLevel: AgentLevel) =>
    `${userId} (${level}) cannot be below ${parentId} (${parentLevel}): each level is below its parent's`,
  aboveParent: (userId: string, bp: ShareBp, parentId: string, parentBp: ShareBp) =>
    `The partnership of ${userId}, ${percentText(bp)}, is above its parent ${parentId}'s ${percentText(parentBp)}`,
  repeatedUser: (userId: string) => `${userId} appears twice`,
  takeRange: (bet: number, userId: string, bp: number) =>
    `Bet ${bet}: the take of ${userId} must be whole basis points from 0 to 10000, not ${bp}`,
  takeRepeated: (bet: number, userId: string) => `Bet ${bet}: ${userId} has two takes`,
  takesSum: (bet: number, bp: ShareBp) =>
    `Bet ${bet}: the takes sum to ${percentText(bp)}, not 100 %`,
  rateRange: (bp: number) =>
    `A commission rate must be whole basis points from 0 to 10000 (0 to 100 %), not ${bp}`,
  rateAboveParent: (bp: ShareBp, parentBp: ShareBp) =>
    `A commission rate of ${percentText(bp)} is above the parent's ${percentText(parentBp)}`,
} as const;

function isShare(bp: number): boolean {
  return Number.isInteger(bp) && bp >= 0 && bp <= WHOLE_BP;
}

function levelRank(level: AgentLevel): number {
  return AGENT_LEVELS.indexOf(level);
}

/**
 * Whether a user at `parentLevel` may create one at `childLevel` (docs/agents.md#levels): any
 * level strictly below its own, so a master may create an agent or a client directly; a client
 * creates no one and no one creates an admin.
 */
export function canCreate(parentLevel: AgentLevel, childLevel: AgentLevel): boolean {
  return parentLevel !== 'client' && levelRank(childLevel) > levelRank(parentLevel);
}

/**
 * Each level's take of a client's result (docs/agents.md#partnership), top down. `path` runs
 * from the admin down to the client's parent. A level takes its partnership less its child's on
 * the path; the last (the client's parent) keeps its whole partnership; the admin's partnership
 * is 100 %, so it takes 100 % less its child's. The takes sum to exactly 10000.
 *
 * Refused with the first problem found, top down: an empty path; a first user that is not the
 * admin; then, user by user, a partnership that is not whole basis points in 0..10000, a user
 * already met, a client, an admin's partnership that is not 10000, a level not strictly below the
 * one above it, a partnership above the parent's.
 */
export function takesOnPath(path: readonly PathLevel[]): TakesResult {
  const [top] = path;
  if (top === undefined) return { ok: false, message: AGENT_MESSAGES.emptyPath };
  if (top.level !== 'admin')
    return { ok: false, message: AGENT_MESSAGES.notAdminFirst(top.userId, top.level) };
  const seen = new Set<string>();
  for (const [index, member] of path.entries()) {
    if (!isShare(member.partnershipBp))
      return { ok: false, message: AGENT_MESSAGES.shareRange(member.userId, member.partnershipBp) };
    if (seen.has(member.userId))
      return { ok: false, message: AGENT_MESSAGES.repeatedUser(member.userId) };
    seen.add(member.userId);
    if (member.level === 'client')
      return { ok: false, message: AGENT_MESSAGES.clientOnPath(member.userId) };
    const parent = path[index - 1];
    if (parent === undefined) {
      if (member.partnershipBp !== WHOLE_BP)
        return {
          ok: false,
          message: AGENT_MESSAGES.adminNotWhole(member.userId, member.partnershipBp),
        };
      continue;
    }
    if (levelRank(member.level) <= levelRank(parent.level))
      return {
        ok: false,
        message: AGENT_MESSAGES.levelOrder(
          member.userId,
          member.level,
          parent.userId,
          parent.level,
        ),
      };
    if (member.partnershipBp > parent.partnershipBp)
      return {
        ok: false,
        message: AGENT_MESSAGES.aboveParent(
          member.userId,
          member.partnershipBp,
          parent.userId,
          parent.partnershipBp,
        ),
      };
  }
  const takes = path.map(({ userId, level, partnershipBp }, index) => ({
    userId,
    level,
    takeBp: partnershipBp - (path[index + 1]?.partnershipBp ?? 0),
  }));
  return { ok: true, takes };
}

/** ⌊a / b⌋ for b > 0 (bigint division truncates toward zero). */
function floorDivide(a: bigint, b: bigint): bigint {
  const quotient = a / b;
  return a % b < 0n ? quotient - 1n : quotient;
}

/**
 * Each user's amount of its exact share, `numerator / 10000` paise, where the shares sum to a whole
 * number of paise: every share rounded down, then one paisa more to as many shares as the sum
 * still lacks, largest fractional remainder first, ties to the earlier share. So the amounts sum
 * exactly, and each differs from its share by less than one paisa.
 */
function largestRemainder(numerators: ReadonlyMap<string, bigint>): LevelBooking[] {
  const shares = [...numerators].map(([userId, numerator], index) => {
    const floor = floorDivide(numerator, WHOLE);
    return { userId, index, floor, remainder: numerator - floor * WHOLE };
  });
  const lacking = shares.reduce((sum, share) => sum + share.remainder, 0n) / WHOLE;
  const raised = new Set(
    [...shares]
      .sort((a, b) =>
        a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1,
      )
      .slice(0, Number(lacking))
      .map((share) => share.index),
  );
  return shares.map(({ userId, index, floor }) => ({
    userId,
    paise: raised.has(index) ? floor + 1n : floor,
  }));
}

/**
 * The split of a client's settled market among the levels (docs/agents.md#settlement-split).
 * Each bet's result X is shared by the takes of its own version: a level's exact share is
 * Σ −X·take/10000 over the bets. The exact shares are then rounded to paise once, by the
 * largest remainder ({@link largestRemainder}): down, then a paisa more to the largest fractional
 * parts, ties to the user met first (bets in the given order, takes top down: on one path, the
 * higher level). The bookings sum to exactly −ΣX; each is within one paisa of its exact share.
 *
 * Every user of the takes gets a booking (0 included), in order of first appearance. Refused: a
 * bet whose takes are not whole basis points in 0..10000, name a user twice, or do not sum to
 * 10000 (bets numbered from 1 in messages). No bets: no bookings.
 */
export function splitResult(bets: readonly SplitBet[]): SplitResult {
  const numerators = new Map<string, bigint>();
  for (const [index, bet] of bets.entries()) {
    const number = index + 1;
    const users = new Set<string>();
    let sum = 0;
    for (const { userId, takeBp } of bet.takes) {
      if (!isShare(takeBp))
        return { ok: false, message: AGENT_MESSAGES.takeRange(number, userId, takeBp) };
      if (users.has(userId))
        return { ok: false, message: AGENT_MESSAGES.takeRepeated(number, userId) };
      users.add(userId);
      sum += takeBp;
    }
    if (sum !== WHOLE_BP) return { ok: false, message: AGENT_MESSAGES.takesSum(number, sum) };
    for (const { userId, takeBp } of bet.takes)
      numerators.set(userId, (numerators.get(userId) ?? 0n) - bet.resultPaise * BigInt(takeBp));
  }
  return { ok: true, bookings: largestRemainder(numerators) };
}

/**
 * What a void or a rollback books (docs/agents.md#settlement-split): exactly the negation of what
 * was booked, never a new split (rounding a negated result may give a tie to another level).
 */
export function reverseSplit(booked: readonly LevelBooking[]): LevelBooking[] {
  return booked.map(({ userId, paise }) => ({ userId, paise: -paise }));
}

/**
 * Whether a commission rate may be set under its parent's (docs/agents.md#commission): whole
 * basis points in 0..10000, at most the parent's setting (for a child of the admin, the admin's).
 */
export function commissionRateCheck(rateBp: number, parentRateBp: ShareBp): AgentCheck {
  if (!isShare(rateBp)) return { ok: false, message: AGENT_MESSAGES.rateRange(rateBp) };
  if (rateBp > parentRateBp)
    return { ok: false, message: AGENT_MESSAGES.rateAboveParent(rateBp, parentRateBp) };
  return { ok: true };
}

/**
 * The match commission paid to a client on a settled match odds, bookmaker or toss market
 * (docs/agents.md#commission): on a net loss L (`netResultPaise` = −L < 0), L·rate/10000 rounded
 * down to the paisa; 0 when the client won or broke even. `rateBp` is whole basis points in
 * 0..10000 ({@link commissionRateCheck}), so the commission is never negative nor above L.
 */
export function matchCommission(netResultPaise: bigint, rateBp: ShareBp): bigint {
  if (netResultPaise >= 0n) return 0n;
  return (-netResultPaise * BigInt(rateBp)) / WHOLE;
}

/**
 * The session commission paid to a client on a settled fancy market (docs/agents.md#commission):
 * the stakes (paise, each > 0) of its bets settled won or lost, summed, times rate/10000, rounded
 * down to the paisa once on the sum. Void bets are not passed: their stakes come back.
 */
export function sessionCommission(stakesPaise: readonly bigint[], rateBp: ShareBp): bigint {
  const staked = stakesPaise.reduce((sum, stake) => sum + stake, 0n);
  return (staked * BigInt(rateBp)) / WHOLE;
}

/**
 * The levels' bearing of a commission paid to a client (docs/agents.md#commission), booked beside
 * the result's split: each level books −commission·take/10000, by the same largest-remainder rule
 * as {@link splitResult}, so the bookings sum to exactly −commission. `takes` are those of the
 * version of the client's latest bet in the market.
 */
export function splitCommission(commissionPaise: bigint, takes: readonly TakeShare[]): SplitResult {
  return splitResult([{ resultPaise: commissionPaise, takes }]);
}

/**
 * A credit reference's P/L (docs/agents.md#credit-reference): balance − credit reference, in
 * paise; + the user (with its downline) is up on what it was lent. For a user above the clients,
 * `balancePaise` is its own balance plus every balance below it.
 */
export function referencePl(balancePaise: bigint, creditReferencePaise: bigint): bigint {
  return balancePaise - creditReferencePaise;
}
