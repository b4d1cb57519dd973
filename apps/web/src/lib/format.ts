import dayjs from 'dayjs';

/** docs/decisions.md#silent-rules: every date on screen is `D MMM YYYY hh:mm A` in local time. */
export function formatDateTime(iso: string): string {
  return dayjs(iso).format('D MMM YYYY hh:mm A');
}

/**
 * A time in a dense list (the event screen's bets): `hh:mm A` for today, `D MMM hh:mm A` for an
 * earlier day, in local time; the full `D MMM YYYY hh:mm A` goes in its title (docs/decisions.md#silent-rules).
 */
export function formatCompactTime(iso: string, now: Date = new Date()): string {
  const at = dayjs(iso);
  return at.format(at.isSame(dayjs(now), 'day') ? 'hh:mm A' : 'D MMM hh:mm A');
}

/**
 * Numbers are written by hand, not with `Intl.NumberFormat`: making the first en-IN format costs
 * a phone tens of milliseconds of main thread (its locale data), inside the first render of a
 * screen of prices. The rules are ECMA-402's for en-IN, and the tests hold these functions to
 * `Intl.NumberFormat` over the numbers a screen shows (format.test.ts): the shortest decimal
 * of the number (as `String` writes it), rounded half away from zero, Indian digit grouping
 * (`12,34,567`). What that decimal cannot be written as (exponents, NaN, ∞) goes to `Intl`.
 */
function numberFormat(options: Intl.NumberFormatOptions): Intl.NumberFormat['format'] {
  let made: Intl.NumberFormat | undefined;
  return (value) => (made ??= new Intl.NumberFormat('en-IN', options)).format(value);
}

/** The formats the hand-written ones stand in for, made only for what they cannot write. */
const moneyIntl = numberFormat({ minimumFractionDigits: 2, maximumFractionDigits: 2 });
const amountIntl = numberFormat({ maximumFractionDigits: 2 });
const sizeIntl = numberFormat({ notation: 'compact', maximumFractionDigits: 1 });

/** `digits` (no sign, no point) with Indian grouping: the last three, then pairs. */
function groupIndian(digits: string): string {
  if (digits.length <= 3) return digits;
  const head = digits.slice(0, -3);
  const pairs = head.replace(/\B(?=(\d{2})+$)/g, ',');
  return `${pairs},${digits.slice(-3)}`;
}

/** A digit string plus one (`0999` → `1000`, `99` → `100`). */
function increment(digits: string): string {
  const carry = /9*$/.exec(digits)?.[0].length ?? 0;
  const rest = digits.slice(0, digits.length - carry);
  const raised = rest === '' ? '1' : `${rest.slice(0, -1)}${Number(rest.slice(-1)) + 1}`;
  return raised + '0'.repeat(carry);
}

/**
 * The decimal `whole.fraction` (digit strings) divided by 10^`shift` and rounded half away from
 * zero to `places` fraction digits, exactly (on the digits, never in binary).
 */
function roundDecimal(
  whole: string,
  fraction: string,
  shift: number,
  places: number,
): { whole: string; fraction: string } {
  const padded = whole.padStart(shift + 1, '0');
  const all = padded + fraction;
  const point = padded.length - shift;
  const kept = all.slice(0, point + places).padEnd(point + places, '0');
  const digits = (all[point + places] ?? '0') >= '5' ? increment(kept) : kept;
  const cut = digits.length - places;
  return { whole: digits.slice(0, cut).replace(/^0+(?=\d)/, ''), fraction: digits.slice(cut) };
}

/** The sign and shortest decimal digits of a finite number, or undefined when it has an exponent. */
function decimalOf(value: number): { sign: string; whole: string; fraction: string } | undefined {
  const text = String(Math.abs(value));
  if (!Number.isFinite(value) || text.includes('e')) return undefined;
  const [whole = '0', fraction = ''] = text.split('.');
  return { sign: value < 0 || Object.is(value, -0) ? '-' : '', whole, fraction };
}

function fixed(
  value: number,
  places: number,
  keepZeros: boolean,
  intl: Intl.NumberFormat['format'],
): string {
  const decimal = decimalOf(value);
  if (!decimal) return intl(value);
  const rounded = roundDecimal(decimal.whole, decimal.fraction, 0, places);
  const fraction = keepZeros ? rounded.fraction : rounded.fraction.replace(/0+$/, '');
  return `${decimal.sign}${groupIndian(rounded.whole)}${fraction ? `.${fraction}` : ''}`;
}

/** Indian compact units: from 10^shift up, the suffix (en-IN's compact short patterns). */
const COMPACT_UNITS: readonly (readonly [shift: number, suffix: string])[] = [
  [12, 'LCr'],
  [10, 'KCr'],
  [7, 'Cr'],
  [5, 'L'],
  [3, 'K'],
  [0, ''],
];

/** The unit for a whole part of `length` digits (its magnitude is 10^(length - 1)). */
const unitFor = (length: number) =>
  COMPACT_UNITS.find(([shift]) => length - 1 >= shift) ?? ([0, ''] as const);

/** Money with two decimals and Indian digit grouping: `1,00,000.00` (docs/product.md#constants, docs/decisions.md#silent-rules). */
export function formatMoney(rupees: number): string {
  return fixed(rupees, 2, true, moneyIntl);
}

/**
 * An odds cell's size (rupees available at that price), short enough for a 375 px cell:
 * `850`, `1.2K`, `2.5L` (Indian compact notation, one decimal at most).
 */
export function formatSize(rupees: number): string {
  const decimal = decimalOf(rupees);
  if (!decimal) return sizeIntl(rupees);
  const wholeLength = decimal.whole.replace(/^0+/, '').length;
  let [shift, suffix] = unitFor(wholeLength);
  let rounded = roundDecimal(decimal.whole, decimal.fraction, shift, 1);
  // Rounding up may reach the next unit (99,950 is 1L, not 100K): round again in that one.
  const reached = unitFor(rounded.whole.replace(/^0+/, '').length + shift);
  if (reached[0] > shift) {
    [shift, suffix] = reached;
    rounded = roundDecimal(decimal.whole, decimal.fraction, shift, 1);
  }
  const fraction = rounded.fraction.replace(/0+$/, '');
  // Compact numbers group from five digits on (`1000LCr`, `10,00,000LCr`), as en-IN's do.
  const whole = rounded.whole.length > 4 ? groupIndian(rounded.whole) : rounded.whole;
  const number = `${whole}${fraction ? `.${fraction}` : ''}`;
  return `${decimal.sign}${number}${suffix}`;
}

/** A stake or a stake limit: Indian digit grouping, no forced decimals (`1,00,000`, `500`). */
export function formatAmount(rupees: number): string {
  return fixed(rupees, 2, false, amountIntl);
}
