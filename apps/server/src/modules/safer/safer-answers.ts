import { LIMIT_LABELS, limitIsMoney, type LimitKind } from '@backlay/domain';

/*
 * The texts of safer betting (docs/safer-gambling.md) as the client reads them. The refusals of a
 * stake are written by safer_refusal (db/functions/safer_betting.sql) from the templates here, so that a bet, a
 * matka bet and a casino round are refused in the same words.
 */

/** safer_refusal's templates (PostgreSQL format()) and the names of the loss limits' periods. */
export const STAKE_REFUSALS = {
  /** %1$s: the limit. */
  stakeLimit: 'Your stake limit is ₹%1$s a bet.',
  /** %1$s period, %2$s the limit, %3$s what is left, %4$s when it resets, %5$s what this could lose. */
  lossLimit: 'Your %1$s loss limit of ₹%2$s leaves ₹%3$s until %4$s, and this could lose ₹%5$s.',
  periods: { lossDay: 'daily', lossWeek: 'weekly', lossMonth: 'monthly' },
} as const;

/** The templates with the zone of the loss limits' periods (REPORT_TZ), as safer_refusal reads them. */
export const stakeRefusals = (reportTz: string) => ({ ...STAKE_REFUSALS, tz: reportTz });

let rupeeFormat: Intl.NumberFormat | undefined;

/** A limit's amount as the texts write it: ₹5,000 or ₹1,25,000.50 (paise), or 60 minutes. */
export function limitAmountText(kind: LimitKind, amount: number): string {
  if (!limitIsMoney(kind)) return `${amount} minutes`;
  rupeeFormat ??= new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 });
  return `₹${rupeeFormat.format(amount / 100)}`;
}

export const SAFER_ANSWERS = {
  aboveCeiling: (kind: LimitKind, ceiling: number) =>
    `${LIMIT_LABELS[kind]} cannot be above ${limitAmountText(kind, ceiling)}, the ceiling your operator set.`,
  setNow: (kind: LimitKind, value: number) =>
    `${LIMIT_LABELS[kind]} set to ${limitAmountText(kind, value)}, at once.`,
  noLimit: (kind: LimitKind) => `${LIMIT_LABELS[kind]}: none set.`,
  raiseLater: (kind: LimitKind, value: number, from: string) =>
    `${LIMIT_LABELS[kind]} rises to ${limitAmountText(kind, value)} on ${from} (24 hours from now).`,
  removeLater: (kind: LimitKind, from: string) =>
    `${LIMIT_LABELS[kind]} ends on ${from} (24 hours from now).`,
  timeOut: (until: string) => `You are on a time-out until ${until}. You have been logged out.`,
  selfExcluded: (until: string | null) =>
    until === null
      ? 'You have excluded yourself permanently. You have been logged out.'
      : `You have excluded yourself until ${until}. You have been logged out.`,
} as const;
