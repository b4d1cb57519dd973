import type { AuditEntry } from '@backlay/contract/backoffice';
import { LIMIT_LABELS } from '@backlay/domain';
import { formatMinutes } from '../../lib/limit-label';
import { percentOfBp } from './audit-diff';
import { rupees } from './format';

/*
 * An audit entry's action in words (docs/backoffice.md, "Screens"): "Credited ₹500.00 to alice",
 * "Voided market 1.301", "Locked betting of alice", read from its action (the route, or the
 * agents' `agent.…` name), its target and its state before and after. A refused action says what
 * was tried: "Tried to credit alice".
 */

type Snapshot = Readonly<Record<string, unknown>>;

interface Seen {
  readonly target: string;
  readonly before: Snapshot;
  readonly after: Snapshot;
}

/** What was done, and what was tried when it was refused. */
interface Words {
  readonly done: (seen: Seen) => string | null;
  readonly tried: (target: string) => string;
}

const asSnapshot = (value: unknown): Snapshot =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Snapshot) : {};

const numberOf = (value: unknown): number | null => {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) ? number : null;
};

/** `after − before` of a field, or null when either is missing. */
function moved(seen: Seen, key: string): number | null {
  const before = numberOf(seen.before[key]);
  const after = numberOf(seen.after[key]);
  return before === null || after === null ? null : after - before;
}

/** A bare target with its kind named: a fancy session's id has a dash (`301-1`), a market's not. */
const settledTarget = (target: string) =>
  /^\d+-\d+$/.test(target) ? `the fancy session ${target}` : `market ${target}`;

/** `matka 123` → `matka market 123`; `casino r-1` → `casino round r-1`; `event 7` as it is. */
const matkaTarget = (target: string) => target.replace(/^matka /, 'matka market ');
const casinoTarget = (target: string) => target.replace(/^casino /, 'casino round ');

function flag(seen: Seen, key: string): boolean | null {
  const value = seen.after[key];
  return typeof value === 'boolean' ? value : null;
}

/** A number or text of a snapshot as it reads, or null. */
const plain = (value: unknown): string | null =>
  typeof value === 'number' || typeof value === 'string' ? String(value) : null;

function ceilingWords(seen: Seen): string | null {
  const kind = seen.after.limit;
  const label =
    typeof kind === 'string' && kind in LIMIT_LABELS
      ? LIMIT_LABELS[kind as keyof typeof LIMIT_LABELS].toLowerCase()
      : 'limit';
  if (seen.after.ceiling === null) return `Lifted the ceiling on the ${label} of ${seen.target}`;
  const ceiling = numberOf(seen.after.ceiling);
  if (ceiling === null) return null;
  const amount = kind === 'session' ? formatMinutes(ceiling) : rupees(ceiling);
  return `Set a ceiling of ${amount} on the ${label} of ${seen.target}`;
}

const ACTIONS: Readonly<Record<string, Words>> = {
  login: { done: () => 'Logged in', tried: () => 'log in' },
  logout: { done: () => 'Logged out', tried: () => 'log out' },
  'create-operator': {
    done: ({ target, after }) =>
      `Created operator ${target}${typeof after.role === 'string' ? ` (${after.role})` : ''}`,
    tried: (target) => `create operator ${target}`,
  },
  'create-client': {
    done: ({ target, after }) => {
      const credit = numberOf(after.credit);
      return `Created client ${target}${credit ? ` with credit ${rupees(credit)}` : ''}`;
    },
    tried: (target) => `create client ${target}`,
  },
  credit: {
    done: (seen) => {
      const change = moved(seen, 'credit');
      if (change === null) return null;
      return change >= 0
        ? `Credited ${rupees(change)} to ${seen.target}`
        : `Took ${rupees(-change)} of credit from ${seen.target}`;
    },
    tried: (target) => `credit ${target}`,
  },
  'lock-betting': {
    done: (seen) => {
      const locked = flag(seen, 'locked');
      if (locked === null) return null;
      return `${locked ? 'Locked' : 'Unlocked'} betting of ${seen.target}`;
    },
    tried: (target) => `change the betting lock of ${target}`,
  },
  'limit-ceiling': { done: ceilingWords, tried: (target) => `set a limit ceiling of ${target}` },
  'lift-exclusion': {
    done: ({ target }) => `Lifted the self-exclusion of ${target}`,
    tried: (target) => `lift the self-exclusion of ${target}`,
  },
  'reset-password': {
    done: ({ target }) => `Reset the password of ${target}`,
    tried: (target) => `reset the password of ${target}`,
  },
  'set-commission': {
    done: ({ target, after }) => {
      const percent = numberOf(after.percent);
      return percent === null ? null : `Set the commission of ${target} to ${percent} %`;
    },
    tried: (target) => `set the commission of ${target}`,
  },
  'set-winning-limit': {
    done: ({ target, after }) => {
      if (after.winLimit === null) return `Put the winning limit of ${target} back to the default`;
      const limit = numberOf(after.winLimit);
      return limit === null ? null : `Set the winning limit of ${target} to ${rupees(limit)}`;
    },
    tried: (target) => `set the winning limit of ${target}`,
  },
  news: { done: () => 'Published news', tried: () => 'publish news' },
  'lock-event': {
    done: (seen) => {
      const locked = flag(seen, 'locked');
      if (locked === null) return null;
      return `${locked ? 'Locked' : 'Unlocked'} betting on ${seen.target}`;
    },
    tried: (target) => `change the betting lock on ${target}`,
  },
  'suspend-market': {
    done: (seen) => {
      const suspended = flag(seen, 'suspended');
      if (suspended === null) return null;
      return `${suspended ? 'Suspended' : 'Resumed'} market ${seen.target}`;
    },
    tried: (target) => `suspend or resume market ${target}`,
  },
  'custom-fancy': {
    done: ({ target }) => `Set the custom fancy row ${target}`,
    tried: (target) => `set the custom fancy row ${target}`,
  },
  'custom-bookmaker': {
    done: ({ target }) => `Set the custom bookmaker row ${target}`,
    tried: (target) => `set the custom bookmaker row ${target}`,
  },
  'declare-result': {
    done: ({ target, after }) => {
      const winner = plain(after.winner);
      if (winner !== null) return `Declared selection ${winner} the winner of market ${target}`;
      const runs = plain(after.runs);
      if (runs !== null) return `Declared ${runs} runs for ${settledTarget(target)}`;
      return `Declared the result of ${settledTarget(target)}`;
    },
    tried: (target) => `declare the result of ${settledTarget(target)}`,
  },
  void: {
    done: ({ target }) => `Voided ${settledTarget(target)}`,
    tried: (target) => `void ${settledTarget(target)}`,
  },
  rollback: {
    done: ({ target }) => `Rolled back ${settledTarget(target)}`,
    tried: (target) => `roll back ${settledTarget(target)}`,
  },
  'matka-declare': {
    done: ({ target, after }) =>
      typeof after.result === 'string'
        ? `Declared ${after.result} for ${matkaTarget(target)}`
        : `Declared the result of ${matkaTarget(target)}`,
    tried: (target) => `declare the result of ${matkaTarget(target)}`,
  },
  'matka-void': {
    done: ({ target }) => `Voided ${matkaTarget(target)}`,
    tried: (target) => `void ${matkaTarget(target)}`,
  },
  'matka-rollback': {
    done: ({ target }) => `Rolled back ${matkaTarget(target)}`,
    tried: (target) => `roll back ${matkaTarget(target)}`,
  },
  'matka-game': {
    done: ({ target }) => `Added the ${target}`,
    tried: (target) => `add the ${target}`,
  },
  'casino-void': {
    done: ({ target }) => `Voided ${casinoTarget(target)}`,
    tried: (target) => `void ${casinoTarget(target)}`,
  },
  'feed-replay': { done: () => 'Replayed the feed', tried: () => 'replay the feed' },
  'admin-password': {
    done: () => "Set the admin's password",
    tried: () => "set the admin's password",
  },
  'admin-commission': {
    done: () => "Set the admin's commission",
    tried: () => "set the admin's commission",
  },
  // The agent network's actions (docs/agents.md), by an agent or by the admin.
  'agent.create-user': {
    done: ({ target, after }) => {
      const level = typeof after.level === 'string' ? after.level : 'user';
      const parent = typeof after.parent === 'string' ? ` under ${after.parent}` : '';
      return `Created ${level === 'supermaster' ? 'super master' : level} ${target}${parent}`;
    },
    tried: (target) => `create ${target}`,
  },
  'agent.deposit': {
    done: (seen) => {
      const change = moved(seen, 'childBalancePaise');
      return change === null ? null : `Deposited ${rupees(change / 100)} to ${seen.target}`;
    },
    tried: (target) => `deposit to ${target}`,
  },
  'agent.withdraw': {
    done: (seen) => {
      const change = moved(seen, 'childBalancePaise');
      return change === null ? null : `Withdrew ${rupees(-change / 100)} from ${seen.target}`;
    },
    tried: (target) => `withdraw from ${target}`,
  },
  'agent.clear-pl': {
    done: (seen) => {
      const change = moved(seen, 'childBalancePaise');
      if (change === null) return null;
      return change >= 0
        ? `Cleared the P/L of ${seen.target}: ${rupees(change / 100)} to ${seen.target}`
        : `Cleared the P/L of ${seen.target}: ${rupees(-change / 100)} from ${seen.target}`;
    },
    tried: (target) => `clear the P/L of ${target}`,
  },
  'agent.credit-reference': {
    done: ({ target, after }) => {
      const paise = numberOf(after.creditReferencePaise);
      return paise === null
        ? null
        : `Set the credit reference of ${target} to ${rupees(paise / 100)}`;
    },
    tried: (target) => `set the credit reference of ${target}`,
  },
  'agent.partnership': {
    done: ({ target, after }) => {
      const bp = numberOf(after.partnershipBp);
      return bp === null ? null : `Set the partnership of ${target} to ${percentOfBp(bp)}`;
    },
    tried: (target) => `set the partnership of ${target}`,
  },
  'agent.commission': {
    done: ({ target, after }) => {
      const match = numberOf(after.matchCommissionBp);
      const session = numberOf(after.sessionCommissionBp);
      if (match === null || session === null) return null;
      return `Set the commission of ${target}: match ${percentOfBp(match)}, session ${percentOfBp(session)}`;
    },
    tried: (target) => `set the commission of ${target}`,
  },
  'agent.exposure-limit': {
    done: ({ target, after }) => {
      if (after.exposureLimitPaise === null) return `Removed the exposure limit of ${target}`;
      const paise = numberOf(after.exposureLimitPaise);
      return paise === null
        ? null
        : `Set the exposure limit of ${target} to ${rupees(paise / 100)}`;
    },
    tried: (target) => `set the exposure limit of ${target}`,
  },
  'agent.lock': {
    done: (seen) => {
      const login = flag(seen, 'login');
      if (login !== null) return `${login ? 'Locked' : 'Unlocked'} the login of ${seen.target}`;
      const betting = flag(seen, 'betting');
      if (betting !== null) return `${betting ? 'Locked' : 'Unlocked'} betting of ${seen.target}`;
      return null;
    },
    tried: (target) => `change a lock of ${target}`,
  },
  'agent.reset-password': {
    done: ({ target }) => `Reset the password of ${target}`,
    tried: (target) => `reset the password of ${target}`,
  },
  'agent.signup-approve': {
    done: ({ target, after }) =>
      `Approved ${target.replace(/^signup/, 'sign-up')}${typeof after.client === 'string' ? `: client ${after.client}` : ''}`,
    tried: (target) => `approve ${target.replace(/^signup/, 'sign-up')}`,
  },
  'agent.signup-decline': {
    done: ({ target }) => `Declined ${target.replace(/^signup/, 'sign-up')}`,
    tried: (target) => `decline ${target.replace(/^signup/, 'sign-up')}`,
  },
  'agent.transaction-password': {
    done: () => 'Set their transaction password',
    tried: () => 'set their transaction password',
  },
};

/** Names the CLI's routes give the same actions as the back office's. */
const ALIASES: Readonly<Record<string, string>> = {
  'void-market': 'void',
  'matka-result': 'matka-declare',
  'set-custom-fancy': 'custom-fancy',
  'set-custom-bookmaker': 'custom-bookmaker',
  'unlock-event': 'lock-event',
  'resume-market': 'suspend-market',
};

/**
 * The action's name without its door: `/api/backoffice/credit` and `/api/ops/credit` → credit,
 * `/api/ops/agent/admin-password` → admin-password, `agent.deposit` as it is.
 */
export function actionName(action: string): string {
  const name = action.replace(/^\/api\/(backoffice|ops)\/(agent\/)?/, '');
  return ALIASES[name] ?? name;
}

/** Whether the outcome the server logged is a refusal (`refused: …`). */
export const isRefused = (outcome: string) => outcome.startsWith('refused');

/** The outcome without its `done: ` or `refused: ` tag. */
export const outcomeMessage = (outcome: string) => outcome.replace(/^(done|refused): /, '');

/** A name the table does not know, in words: `agent.some-thing` → Some thing. */
function fallback(name: string, target: string): string {
  const words = name
    .replace(/^agent\./, '')
    .replace(/[-_.]+/g, ' ')
    .trim();
  const sentence = `${words.charAt(0).toUpperCase()}${words.slice(1)}`;
  return target ? `${sentence}: ${target}` : sentence;
}

/** The entry's action as a sentence. */
export function actionWords(
  entry: Pick<AuditEntry, 'action' | 'target' | 'before' | 'after' | 'outcome'>,
): string {
  const name = actionName(entry.action);
  const words = ACTIONS[name];
  if (!words) return fallback(name, entry.target);
  if (isRefused(entry.outcome)) return `Tried to ${words.tried(entry.target)}`;
  const seen = {
    target: entry.target,
    before: asSnapshot(entry.before),
    after: asSnapshot(entry.after),
  };
  return words.done(seen) ?? fallback(name, entry.target);
}
