import dayjs from 'dayjs';

/** DESIGN §8: every date on screen is `D MMM YYYY hh:mm A` in local time. */
export function formatDateTime(iso: string): string {
  return dayjs(iso).format('D MMM YYYY hh:mm A');
}

const money = new Intl.NumberFormat('en-IN', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** Money with two decimals and Indian digit grouping: `1,00,000.00` (SPEC §9, DESIGN §8). */
export function formatMoney(rupees: number): string {
  return money.format(rupees);
}
