/*
 * Safer betting (docs/safer-gambling.md): the rules of changing a limit, of a time-out's and a
 * self-exclusion's end, and the texts a client reads about them. The check of a stake against the
 * limits is the server's, under the wallet's lock (migration 0016, safer_refusal).
 */

/** The limits a client may set, in the order the settings list them. */
export const LIMIT_KINDS = ['lossDay', 'lossWeek', 'lossMonth', 'stake', 'session'] as const;
export type LimitKind = (typeof LIMIT_KINDS)[number];

/** A raise or a removal of a limit takes effect this long after it is asked. */
export const LIMIT_RAISE_DELAY_MS = 24 * 60 * 60 * 1000;

/** Each limit's name as the client reads it. */
export const LIMIT_LABELS: Readonly<Record<LimitKind, string>> = {
  lossDay: 'Daily loss limit',
  lossWeek: 'Weekly loss limit',
  lossMonth: 'Monthly loss limit',
  stake: 'Stake limit',
  session: 'Session limit',
};

/** Whether a limit is money (rupees) or time (minutes, the session limit). */
export const limitIsMoney = (kind: LimitKind): boolean => kind !== 'session';

/**
 * What asking for a limit does: a new or lower limit (or the same) holds at once; a higher one or
 * none only from 24 hours later. A value above the operator's ceiling is refused. Amounts are in
 * the limit's unit (paise or minutes); null is no limit.
 */
export type LimitChange =
  | { readonly ok: true; readonly from: 'now' }
  | { readonly ok: true; readonly from: Date }
  | { readonly ok: false; readonly reason: 'aboveCeiling' };

export function limitChange(
  own: number | null,
  requested: number | null,
  ceiling: number | null,
  at: Date,
): LimitChange {
  if (requested !== null && ceiling !== null && requested > ceiling) {
    return { ok: false, reason: 'aboveCeiling' };
  }
  if (requested !== null && (own === null || requested <= own)) return { ok: true, from: 'now' };
  if (requested === null && own === null) return { ok: true, from: 'now' };
  return { ok: true, from: new Date(at.getTime() + LIMIT_RAISE_DELAY_MS) };
}

/** A time-out of 24 hours, 7 or 30 days; a self-exclusion of 6 months or for good. */
export const EXCLUSION_PERIODS = ['24h', '7d', '30d', '6m', 'permanent'] as const;
export type ExclusionPeriod = (typeof EXCLUSION_PERIODS)[number];
export type ExclusionKind = 'time_out' | 'self_exclusion';

export const exclusionKindOf = (period: ExclusionPeriod): ExclusionKind =>
  period === '6m' || period === 'permanent' ? 'self_exclusion' : 'time_out';

/** When an exclusion asked at `at` ends; null for a permanent one. Six months are calendar months. */
export function exclusionEnd(period: ExclusionPeriod, at: Date): Date | null {
  const day = 24 * 60 * 60 * 1000;
  switch (period) {
    case '24h':
      return new Date(at.getTime() + day);
    case '7d':
      return new Date(at.getTime() + 7 * day);
    case '30d':
      return new Date(at.getTime() + 30 * day);
    case '6m': {
      const end = new Date(at.getTime());
      end.setUTCMonth(end.getUTCMonth() + 6);
      return end;
    }
    case 'permanent':
      return null;
  }
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const partsFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * An instant as the safer-betting texts write it, in `timeZone`: "28 Nov 2026, 14:05" (the same
 * as safer_refusal's to_char 'DD Mon YYYY, HH24:MI').
 */
export function instantText(at: Date, timeZone: string): string {
  let format = partsFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    partsFormats.set(timeZone, format);
  }
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    format.formatToParts(at).find((entry) => entry.type === type)?.value ?? '';
  const month = MONTHS[Number(part('month')) - 1] ?? '';
  return `${part('day')} ${month} ${part('year')}, ${part('hour')}:${part('minute')}`;
}

/**
 * Why a login is refused by the client's exclusion at `now`, or null when it is not: a time-out
 * until its end; a self-exclusion for good, until its end, and after it until an operator lifts it.
 */
export function exclusionLoginRefusal(
  exclusion: { readonly kind: ExclusionKind; readonly until: Date | null },
  now: Date,
  timeZone: string,
): string | null {
  const { kind, until } = exclusion;
  if (kind === 'time_out') {
    return until !== null && until.getTime() > now.getTime()
      ? `You are on a time-out until ${instantText(until, timeZone)}.`
      : null;
  }
  if (until === null) return 'You have excluded yourself permanently.';
  if (until.getTime() > now.getTime()) {
    return `You have excluded yourself until ${instantText(until, timeZone)}.`;
  }
  return `Your self-exclusion ended on ${instantText(until, timeZone)}. Only your operator can lift it: please contact them.`;
}
