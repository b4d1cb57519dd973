import dayjs from 'dayjs';
import { formatMoney } from '../../lib/format';

/** Rupees as the back office writes them: `₹1,00,000.00`, a loss with its minus sign first. */
export function rupees(value: number): string {
  return `${value < 0 ? '-' : ''}₹${formatMoney(Math.abs(value))}`;
}

/** A result that may go either way always carries its sign: `+₹1,200.00`, `-₹500.00`, `₹0.00`. */
export function signedRupees(value: number): string {
  return `${value > 0 ? '+' : ''}${rupees(value)}`;
}

/**
 * Rupees typed by an operator: a positive amount with at most two decimals (the wire's `rupees`),
 * or undefined.
 */
export function parseRupees(text: string): number | undefined {
  const trimmed = text.trim().replace(/,/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return undefined;
  const value = Number(trimmed);
  return value > 0 && Number.isFinite(value) ? value : undefined;
}

/** A time in the back office's tables: `D MMM YYYY hh:mm A`, local (docs/decisions.md#silent-rules). */
export const formatTime = (iso: string): string => dayjs(iso).format('D MMM YYYY hh:mm A');
