import type { LimitKind, LimitWire } from '@backlay/contract/safer';
import { formatAmount, formatDateTime } from './format';

/*
 * Safer betting's limits as the client's page, the bet slip and the back office write them
 * (docs/safer-gambling.md); their names are the domain's `LIMIT_LABELS`, as the server's messages
 * name them too ("Daily loss limit set to ₹5,000, at once.").
 */

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;

/** Minutes as a person says them: `45 minutes`, `1 hour`, `2 hours 30 minutes`. */
export function formatMinutes(minutes: number): string {
  const whole = Math.max(0, Math.floor(minutes));
  const hours = Math.floor(whole / 60);
  const rest = whole % 60;
  if (hours === 0) return plural(rest, 'minute');
  return rest === 0 ? plural(hours, 'hour') : `${plural(hours, 'hour')} ${plural(rest, 'minute')}`;
}

/** A limit's amount: whole rupees (`₹5,000`), or time for the session limit (`2 hours`). */
export const formatLimit = (kind: LimitKind, value: number): string =>
  kind === 'session' ? formatMinutes(value) : `₹${formatAmount(value)}`;

/**
 * A raise or removal waiting its 24 hours: "Raises to ₹9,000 at 28 Nov 2026 02:05 PM", "Removed
 * at …"; null when none waits.
 */
export function pendingLimitText(limit: LimitWire): string | null {
  if (limit.pending === null) return null;
  const at = formatDateTime(limit.pending.from);
  return limit.pending.value === null
    ? `Removed at ${at}`
    : `Raises to ${formatLimit(limit.kind, limit.pending.value)} at ${at}`;
}

/** The most a limit may be (the contract's): a whole number from 1 to a billion. */
export const LIMIT_MAX = 1_000_000_000;

/** A whole number typed for a limit or a ceiling (commas and spaces allowed), or undefined. */
export function parseWhole(text: string): number | undefined {
  const trimmed = text.replace(/[\s,]/g, '');
  if (!/^\d{1,10}$/.test(trimmed)) return undefined;
  const value = Number(trimmed);
  return value >= 1 && value <= LIMIT_MAX ? value : undefined;
}
