import type { LimitKind } from '@backlay/contract/safer';
import { LIMIT_LABELS } from '@backlay/domain';
import { formatMinutes } from '../../lib/limit-label';
import { formatTime, rupees } from './format';
import { casinoGameName, countText, statusWord } from './words';

/*
 * An audit entry's state before and after as a person reads it (docs/backoffice.md, "Screens"):
 * only the fields that changed, named in words, money in rupees (`₹1,00,500.00`), rates in
 * percent, times as the back office writes them. The server keeps its snapshots as it made them
 * (rupees as text, paise as text, basis points); this is the one place that reads them.
 */

/** One changed field: its name in words, and its value before and after (`—`: none). */
export interface AuditChange {
  readonly field: string;
  readonly before: string;
  readonly after: string;
}

type Snapshot = Readonly<Record<string, unknown>>;

const LABELS: Readonly<Record<string, string>> = {
  credit: 'Credit',
  mainBalance: 'Main balance',
  locked: 'Locked',
  suspended: 'Suspended',
  ceiling: 'Ceiling',
  limit: 'Limit',
  kind: 'Exclusion',
  until: 'Until',
  percent: 'Commission',
  winLimit: 'Winning limit',
  message: 'Message',
  winner: 'Winner (selection)',
  runs: 'Final runs',
  voided: 'Voided',
  rolledBack: 'Rolled back',
  reason: 'Reason',
  mid: 'Matka market',
  status: 'State',
  result: 'Result',
  voidReason: 'Reason for the void',
  rollbackReason: 'Reason for the rollback',
  bets: 'Bets',
  stakedPaise: 'Staked',
  pendingPaise: 'Stakes pending',
  clientsNetPaise: "Clients' net result",
  releasedPaise: 'Stake released',
  roundId: 'Round',
  clientId: 'Client number',
  gameId: 'Game',
  stakePaise: 'Stake',
  actorBalancePaise: "Parent's balance",
  childBalancePaise: "User's balance",
  creditReferencePaise: 'Credit reference',
  partnershipBp: 'Partnership',
  matchCommissionBp: 'Match commission',
  sessionCommissionBp: 'Session commission',
  exposureLimitPaise: 'Exposure limit',
  login: 'Login locked',
  betting: 'Betting locked',
  sessionsEnded: 'Sessions ended',
  level: 'Level',
  parent: 'Parent',
  username: 'Username',
  role: 'Role',
  eventId: 'Event',
  marketId: 'Market',
  selectionId: 'Selection',
  runnerName: 'Name',
  isCustome: 'Custom',
  isActive: 'Active',
  backPrice: 'Back price',
  backSize: 'Back size',
  layPrice: 'Lay price',
  laySize: 'Lay size',
  min: 'Minimum stake',
  max: 'Maximum stake',
  name: 'Name',
  opens: 'Opens',
  closes: 'Closes',
  request: 'Sign-up request',
  client: 'Client',
};

/** Fields that hold rupees (the snapshots write them as text or numbers). */
const RUPEES = new Set(['credit', 'mainBalance', 'winLimit', 'min', 'max']);
/** Fields that count things. */
const COUNTS = new Set(['bets', 'sessionsEnded']);

const LEVELS: Readonly<Record<string, string>> = {
  admin: 'Admin',
  supermaster: 'Super master',
  master: 'Master',
  agent: 'Agent',
  client: 'Client',
};

/** A field's name in words: the table's, else its name split (`backSize` → Back size). */
export function fieldLabel(key: string): string {
  const known = LABELS[key];
  if (known) return known;
  const words = key
    .replace(/(Paise|Bp)$/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase()
    .trim();
  return words === '' ? key : `${words.charAt(0).toUpperCase()}${words.slice(1)}`;
}

const numberOf = (value: unknown): number | null => {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) ? number : null;
};

/** A percentage from basis points, as the agents' screens write it: `90 %`, `33.33 %`. */
export const percentOfBp = (bp: number): string => `${Number((bp / 100).toFixed(2))} %`;

const isLimitKind = (value: unknown): value is LimitKind =>
  typeof value === 'string' && value in LIMIT_LABELS;

/**
 * A field's value in words. `context` is the snapshot it belongs to: a ceiling is rupees or
 * minutes by the limit named beside it.
 */
export function fieldValue(key: string, value: unknown, context: Snapshot = {}): string {
  if (value === undefined) return '—';
  if (value === null) {
    if (key === 'winLimit') return 'Default';
    return key === 'result' || key === 'until' ? '—' : 'None';
  }
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  const number = numberOf(value);
  if (number !== null) {
    if (key.endsWith('Paise')) return rupees(number / 100);
    if (key.endsWith('Bp')) return percentOfBp(number);
    if (RUPEES.has(key)) return rupees(number);
    if (key === 'percent') return `${number} %`;
    if (key === 'ceiling')
      return context.limit === 'session' ? formatMinutes(number) : rupees(number);
    if (COUNTS.has(key)) return countText(number);
  }
  if (typeof value === 'string') {
    if (key === 'gameId') return casinoGameName(value);
    if (key === 'limit' && isLimitKind(value)) return LIMIT_LABELS[value];
    if (key === 'level') return LEVELS[value] ?? statusWord(value);
    if (key === 'status' || key === 'kind' || key === 'role') return statusWord(value);
    if (key === 'until' && !Number.isNaN(Date.parse(value))) return formatTime(value);
    return value;
  }
  if (typeof value === 'number') return String(value);
  return JSON.stringify(value);
}

const asSnapshot = (value: unknown): Snapshot | null =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Snapshot) : null;

/**
 * The fields an action changed, in the order the snapshots name them: every field whose value
 * differs before and after (a field only after, as on a creation, or only before, as on a lift,
 * counts as changed). A state that is not an object shows as one `Value` row.
 */
export function auditChanges(before: unknown, after: unknown): AuditChange[] {
  const was = asSnapshot(before);
  const now = asSnapshot(after);
  if (!was && !now) {
    if ((before ?? null) === null && (after ?? null) === null) return [];
    return [
      { field: 'Value', before: fieldValue('value', before), after: fieldValue('value', after) },
    ];
  }
  const keys = [...new Set([...Object.keys(was ?? {}), ...Object.keys(now ?? {})])];
  const context = { ...was, ...now };
  return keys
    .filter((key) => JSON.stringify(was?.[key]) !== JSON.stringify(now?.[key]))
    .map((key) => ({
      field: fieldLabel(key),
      before: fieldValue(key, was?.[key], context),
      after: fieldValue(key, now?.[key], context),
    }));
}
