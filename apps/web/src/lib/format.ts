import dayjs from 'dayjs';

/** DESIGN §8: every date on screen is `D MMM YYYY hh:mm A` in local time. */
export function formatDateTime(iso: string): string {
  return dayjs(iso).format('D MMM YYYY hh:mm A');
}

/**
 * A time in a dense list (the event screen's bets): `hh:mm A` for today, `D MMM hh:mm A` for an
 * earlier day, in local time; the full `D MMM YYYY hh:mm A` goes in its title (DESIGN §8).
 */
export function formatCompactTime(iso: string, now: Date = new Date()): string {
  const at = dayjs(iso);
  return at.format(at.isSame(dayjs(now), 'day') ? 'hh:mm A' : 'D MMM hh:mm A');
}

/**
 * A number format made on its first use: making one costs a phone milliseconds, and a screen
 * that shows no money or sizes should not pay for them while it loads.
 */
function numberFormat(options: Intl.NumberFormatOptions): Intl.NumberFormat['format'] {
  let made: Intl.NumberFormat | undefined;
  return (value) => (made ??= new Intl.NumberFormat('en-IN', options)).format(value);
}

const money = numberFormat({ minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * Makes the number formats ahead of their first use, for a moment the page is idle (AppLayout):
 * the first render of a screen full of prices then does not pay for them.
 */
export function prepareNumberFormats(): void {
  formatMoney(0);
  formatSize(0);
  formatAmount(0);
}

/** Money with two decimals and Indian digit grouping: `1,00,000.00` (SPEC §9, DESIGN §8). */
export function formatMoney(rupees: number): string {
  return money(rupees);
}

const size = numberFormat({ notation: 'compact', maximumFractionDigits: 1 });

/**
 * An odds cell's size (rupees available at that price), short enough for a 375 px cell:
 * `850`, `1.2K`, `2.5L` (Indian compact notation).
 */
export function formatSize(rupees: number): string {
  return size(rupees);
}

const amount = numberFormat({ maximumFractionDigits: 2 });

/** A stake or a stake limit: Indian digit grouping, no forced decimals (`1,00,000`, `500`). */
export function formatAmount(rupees: number): string {
  return amount(rupees);
}
