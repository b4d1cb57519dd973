import type { DownlineRow } from '../api/downline';
import type { useAgentMe } from '../api/get-me';
import { parseRupees, rupees, signedRupees } from '../../format';

/*
 * What each action on a user of the downline will do, in words, before it is confirmed: the
 * figures before → after, worked out from the rows the server sent (docs/agents.md#chips,
 * #credit-reference, #clearing). The server decides; a problem here only saves a refused call,
 * in the server's own words.
 */

/** The agent of this session, as `GET /api/agent/me` answers. */
export type AgentMe = NonNullable<ReturnType<typeof useAgentMe>['data']>;

/** A statement to confirm and, when the action cannot be sent as it stands, why not. */
export interface Effect {
  readonly statement: string;
  readonly problem?: string | undefined;
}

export const AMOUNT_PROBLEM = 'Enter an amount in rupees above zero, with at most two decimals';
export const PASSWORD_PROBLEM = 'A password must be at least 8 characters';
export const MIN_PASSWORD = 8;

/** Sums of rupees exact to the paisa (the wire's rupees have at most two decimals). */
const paise = (value: number) => Math.round(value * 100);
const plus = (a: number, b: number) => (paise(a) + paise(b)) / 100;
const minus = (a: number, b: number) => (paise(a) - paise(b)) / 100;

/** A share as the server writes it: 90 → "90 %", 33.3 → "33.30 %". */
export const percentText = (value: number): string =>
  `${Number.isInteger(value) ? String(value) : value.toFixed(2)} %`;

/** A percentage typed: 0–100 with at most two decimals, or undefined. */
export function parsePercent(text: string): number | undefined {
  const trimmed = text.trim();
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(trimmed)) return undefined;
  const value = Number(trimmed);
  return value <= 100 ? value : undefined;
}

/** Rupees typed where zero is allowed (a credit reference, an exposure limit), or undefined. */
export function parseRupeesOrZero(text: string): number | undefined {
  return /^\s*0+(\.0{1,2})?\s*$/.test(text) ? 0 : parseRupees(text);
}

const limitText = (limit: number | null) => (limit === null ? 'no limit' : rupees(limit));

/** The admin's balance is the house's: it covers any amount (docs/agents.md#chips). */
const notCovered = (me: AgentMe, amount: number) =>
  me.level !== 'admin' && amount > me.balance
    ? `Your balance of ${rupees(me.balance)} does not cover ${rupees(amount)}`
    : undefined;

export function depositEffect(user: DownlineRow, me: AgentMe, amount: number | undefined): Effect {
  const name = user.username;
  if (amount === undefined)
    return {
      statement: `Deposit chips to ${name} from your balance of ${rupees(me.balance)}`,
      problem: AMOUNT_PROBLEM,
    };
  return {
    statement:
      `Deposit ${rupees(amount)} to ${name}: your balance ${rupees(me.balance)} → ` +
      `${rupees(minus(me.balance, amount))}, its balance ${rupees(user.balance)} → ` +
      `${rupees(plus(user.balance, amount))}`,
    problem: notCovered(me, amount),
  };
}

/** What may be withdrawn from a user: its free balance (docs/agents.md#chips), never below 0. */
const freeOf = (user: DownlineRow) => Math.max(0, user.freeBalance);

export function withdrawEffect(user: DownlineRow, me: AgentMe, amount: number | undefined): Effect {
  const name = user.username;
  if (amount === undefined)
    return {
      statement: `Withdraw chips from ${name}: at most its free balance of ${rupees(freeOf(user))}`,
      problem: AMOUNT_PROBLEM,
    };
  return {
    statement:
      `Withdraw ${rupees(amount)} from ${name}: its free balance ${rupees(user.freeBalance)} → ` +
      `${rupees(minus(user.freeBalance, amount))}, yours ${rupees(me.balance)} → ` +
      `${rupees(plus(me.balance, amount))}`,
    problem:
      amount > freeOf(user)
        ? `At most ${rupees(freeOf(user))} can be withdrawn from ${name}`
        : undefined,
  };
}

/**
 * A clearing (docs/agents.md#clearing): chips move so that the reference P/L becomes 0 — to the
 * user when it is down, from it when it is up, then at most its free balance.
 */
export function clearPlEffect(user: DownlineRow, me: AgentMe): Effect {
  const name = user.username;
  const pl = user.referencePl;
  if (pl === 0)
    return {
      statement: `Clear the P/L of ${name}: it is ${rupees(0)}`,
      problem: `${name}'s reference P/L is already 0`,
    };
  if (pl < 0) {
    const amount = -pl;
    return {
      statement:
        `Clear ${name}'s P/L of ${signedRupees(pl)}: ${rupees(amount)} to ${name}, your balance ` +
        `${rupees(me.balance)} → ${rupees(minus(me.balance, amount))}, its balance ` +
        `${rupees(user.balance)} → ${rupees(plus(user.balance, amount))}`,
      problem: notCovered(me, amount),
    };
  }
  const amount = Math.min(pl, freeOf(user));
  if (amount <= 0)
    return {
      statement: `Clear ${name}'s P/L of ${signedRupees(pl)}: its free balance is ${rupees(0)}`,
      problem: `${name} has no free balance to clear its P/L with`,
    };
  const figures =
    `its free balance ${rupees(user.freeBalance)} → ${rupees(minus(user.freeBalance, amount))}, ` +
    `yours ${rupees(me.balance)} → ${rupees(plus(me.balance, amount))}`;
  return {
    statement:
      amount === pl
        ? `Clear ${name}'s P/L of ${signedRupees(pl)}: ${rupees(amount)} from ${name}, ${figures}`
        : `Clear ${rupees(amount)} of ${name}'s P/L of ${signedRupees(pl)} (its free balance ` +
          `covers no more): ${figures}`,
  };
}

export function creditReferenceEffect(user: DownlineRow, value: number | undefined): Effect {
  const name = user.username;
  if (value === undefined)
    return {
      statement: `Set the credit reference of ${name}: now ${rupees(user.creditReference)}`,
      problem: 'Enter a credit reference in rupees (0 or more), with at most two decimals',
    };
  return {
    statement:
      `Set the credit reference of ${name}: ${rupees(user.creditReference)} → ${rupees(value)}, ` +
      `its reference P/L ${signedRupees(user.referencePl)} → ` +
      `${signedRupees(minus(user.balance, value))}. No chips move`,
  };
}

export function partnershipEffect(
  user: DownlineRow,
  me: AgentMe,
  value: number | undefined,
): Effect {
  const name = user.username;
  const now = user.partnership ?? 0;
  if (value === undefined)
    return {
      statement: `Set the partnership of ${name}: now ${percentText(now)}`,
      problem: 'Enter a partnership of 0 to 100 %, with at most two decimals',
    };
  return {
    statement: `Set the partnership of ${name}: ${percentText(now)} → ${percentText(value)}. Bets already placed keep theirs`,
    problem:
      value > me.partnership
        ? `A partnership of ${percentText(value)} is above your own ${percentText(me.partnership)}`
        : undefined,
  };
}

/** A rate above the agent's own, in words, or undefined. */
export const rateProblem = (kind: 'match' | 'session', value: number, mine: number) =>
  value > mine
    ? `A ${kind} commission of ${percentText(value)} is above your own ${percentText(mine)}`
    : undefined;

export function commissionEffect(
  user: DownlineRow,
  me: AgentMe,
  match: number | undefined,
  session: number | undefined,
): Effect {
  const name = user.username;
  if (match === undefined || session === undefined)
    return {
      statement: `Set the commission of ${name}: now match ${percentText(user.matchCommission)}, session ${percentText(user.sessionCommission)}`,
      problem: 'Enter both rates: 0 to 100 %, with at most two decimals',
    };
  return {
    statement:
      `Set the commission of ${name}: match ${percentText(user.matchCommission)} → ` +
      `${percentText(match)}, session ${percentText(user.sessionCommission)} → ${percentText(session)}`,
    problem:
      rateProblem('match', match, me.matchCommission) ??
      rateProblem('session', session, me.sessionCommission),
  };
}

/** `limit`: null for no limit, undefined for a figure that is not rupees. */
export function exposureLimitEffect(user: DownlineRow, limit: number | null | undefined): Effect {
  const name = user.username;
  if (limit === undefined)
    return {
      statement: `Set the exposure limit of ${name}: now ${limitText(user.exposureLimit)}`,
      problem: 'Enter a limit in rupees (0 or more), or leave it empty for no limit',
    };
  return {
    statement:
      limit === null
        ? `Remove the exposure limit of ${name}: ${limitText(user.exposureLimit)} → no limit`
        : `Set the exposure limit of ${name}: ${limitText(user.exposureLimit)} → ${rupees(limit)}`,
  };
}

export type LockKind = 'login' | 'betting';

/** A lock on a user above the clients holds for its whole downline (docs/agents.md#controls). */
export function lockStatement(user: DownlineRow, kind: LockKind, locked: boolean): string {
  const name = user.username;
  const below = user.level !== 'client';
  if (kind === 'login')
    return locked
      ? `Lock the login of ${name}: ${below ? 'it and every user below it' : 'it'} can no longer log in, and ${below ? 'their' : 'its'} sessions end now`
      : `Unlock the login of ${name}: ${below ? 'it and the users below it' : 'it'} can log in again`;
  return locked
    ? `Lock the betting of ${name}: no new bets ${below ? 'by any client below it' : 'by it'}; bets already placed stand`
    : `Unlock the betting of ${name}: ${below ? 'the clients below it' : 'it'} can bet again`;
}

export const passwordStatement = (user: DownlineRow) =>
  `Set a new login password for ${user.username}: its sessions end at once`;
