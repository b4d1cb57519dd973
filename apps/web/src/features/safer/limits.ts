import type { SessionEndReason } from '@backlay/contract/auth';
import type { ExclusionPeriod, LimitKind, SaferSettings } from '@backlay/contract/safer';
import { exclusionEnd, exclusionKindOf } from '@backlay/domain';
import { formatAmount, formatDateTime, formatMoney } from '../../lib/format';

/** The period a loss limit counts, as a sentence ends: "₹400.00 left today". */
export const LOSS_PERIODS = {
  lossDay: 'today',
  lossWeek: 'this week',
  lossMonth: 'this month',
} as const satisfies Partial<Record<LimitKind, string>>;

type LossKind = keyof typeof LOSS_PERIODS;

export const isLossKind = (kind: LimitKind): kind is LossKind => kind in LOSS_PERIODS;

/** Whole rupees with the sign: `₹1,000`, `₹1,00,000`. */
export const wholeRupees = (value: number): string => `₹${formatAmount(value)}`;

/** Rupees to the paisa: `₹400.00`. */
export const rupees = (value: number): string => `₹${formatMoney(value)}`;

/** A net result with its sign: `+₹1,200.00`, `-₹500.00`, `₹0.00`. */
export const signedRupees = (value: number): string =>
  `${value > 0 ? '+' : value < 0 ? '-' : ''}${rupees(Math.abs(value))}`;

/**
 * The bet slip's line: the stake limit, and the loss limit with the least left (naming its
 * period), e.g. "Stake limit ₹1,000 · Loss limit ₹400.00 left today"; null without either.
 */
export function slipLimitsNote(settings: SaferSettings | undefined): string | null {
  if (!settings) return null;
  const parts: string[] = [];
  const stake = settings.limits.find((limit) => limit.kind === 'stake');
  if (stake?.value != null) parts.push(`Stake limit ${wholeRupees(stake.value)}`);
  let tightest: { kind: LossKind; left: number } | null = null;
  for (const limit of settings.limits) {
    if (!isLossKind(limit.kind) || limit.value === null || limit.left === null) continue;
    if (tightest === null || limit.left < tightest.left)
      tightest = { kind: limit.kind, left: limit.left };
  }
  if (tightest)
    parts.push(`Loss limit ${rupees(tightest.left)} left ${LOSS_PERIODS[tightest.kind]}`);
  return parts.length > 0 ? parts.join(' · ') : null;
}

/**
 * The due time (epoch ms) of the first reality check after `after`: they fall every `minutes`
 * counted from the session's start.
 */
export function nextCheckAt(startedAt: number, minutes: number, after: number): number {
  const step = minutes * 60_000;
  const passed = Math.floor((after - startedAt) / step);
  return startedAt + Math.max(1, passed + 1) * step;
}

export const TIME_OUTS = ['24h', '7d', '30d'] as const satisfies readonly ExclusionPeriod[];
export const SELF_EXCLUSIONS = ['6m', 'permanent'] as const satisfies readonly ExclusionPeriod[];

export const PERIOD_NAMES: Readonly<Record<ExclusionPeriod, string>> = {
  '24h': '24 hours',
  '7d': '7 days',
  '30d': '30 days',
  '6m': '6 months',
  permanent: 'Permanent',
};

/** Why the session ends, as /login explains it afterwards. */
export const exclusionEndReason = (period: ExclusionPeriod): SessionEndReason =>
  exclusionKindOf(period) === 'time_out' ? 'time_out' : 'self_excluded';

/** What the confirm step says will happen, before the client takes a time-out or excludes. */
export function exclusionStatement(period: ExclusionPeriod, now: number): string {
  const end = exclusionEnd(period, new Date(now));
  const until = end === null ? '' : formatDateTime(end.toISOString());
  switch (period) {
    case '24h':
    case '7d':
    case '30d':
      return `Take a time-out of ${PERIOD_NAMES[period]}? You will be logged out now, and login will be refused until ${until}.`;
    case '6m':
      return `Exclude yourself for 6 months? You will be logged out now, and login will be refused until ${until}, and after that until an operator lifts the self-exclusion.`;
    case 'permanent':
      return 'Exclude yourself permanently? You will be logged out now, and login will be refused for good: a permanent self-exclusion cannot be lifted.';
  }
}
