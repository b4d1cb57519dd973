import type { Paise } from './money.js';
import { stakeToPaise, toStake, type Stake } from './stake.js';

/** One decimal digit as a character. */
export type MatkaDigit = '0' | '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9';

/** A matka bet number: a two-digit string from `'00'` to `'99'` (DESIGN §4 BetNo). */
export type MatkaBetNo = `${MatkaDigit}${MatkaDigit}`;

/** One matka bet: its number and its amount in integer paise (SPEC §7 SMBets item). */
export interface MatkaBet {
  readonly betNo: MatkaBetNo;
  readonly amount: Paise;
}

/** The matka messages, exactly as SPEC §5 gives them. */
export const MATKA_MESSAGES = {
  pasteFormat: 'Invalid input format! Expected format: 45-46-50@100',
  pasteConfirm: 'Invalid input format! Please correct it first.',
  selectBothRows: 'Please select at least one number from both rows (A and B).',
  amount: 'Please enter a valid bet amount greater than 0.',
} as const;

/** Bets of a form with their total in paise, or the message to show. */
export type MatkaBetsResult =
  | { readonly ok: true; readonly bets: readonly MatkaBet[]; readonly total: Paise }
  | { readonly ok: false; readonly message: string };

/** An entered amount as a stake, or the message to show. */
export type MatkaAmountResult =
  { readonly ok: true; readonly amount: Stake } | { readonly ok: false; readonly message: string };

/** A parsed paste line: the bet numbers in entered order (repeats kept) and the amount each. */
export type MatkaPasteResult =
  | { readonly ok: true; readonly numbers: readonly MatkaBetNo[]; readonly amount: Stake }
  | { readonly ok: false; readonly message: string };

const digits: readonly MatkaDigit[] = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'];

/** The number 0–99 as a bet number (`7` → `'07'`); null for anything else. */
export function matkaBetNo(value: number): MatkaBetNo | null {
  if (!Number.isInteger(value) || value < 0 || value > 99) return null;
  return String(value).padStart(2, '0') as MatkaBetNo;
}

/** The board's numbers in display order (SPEC §2, §9): `'01'` … `'99'`, then `'00'` — 100 cells. */
export function matkaBoardNumbers(): MatkaBetNo[] {
  const board: MatkaBetNo[] = [];
  for (let cell = 1; cell <= 100; cell += 1) {
    board.push(String(cell % 100).padStart(2, '0') as MatkaBetNo);
  }
  return board;
}

/** Sum of the bets' amounts in paise (the POST's TotalAmount, SPEC §7, before conversion). */
export function matkaTotal(bets: readonly MatkaBet[]): Paise {
  let total = 0;
  for (const bet of bets) total += bet.amount;
  return total as Paise;
}

function betsResult(bets: MatkaBet[]): MatkaBetsResult {
  return { ok: true, bets, total: matkaTotal(bets) };
}

/**
 * The entered amount of any matka form (SPEC §5): a whole number of rupees greater than 0 (the
 * POST's TotalAmount is an integer), up to the stake maximum; otherwise
 * 'Please enter a valid bet amount greater than 0.'.
 */
export function matkaAmountCheck(rupees: number): MatkaAmountResult {
  const amount = toStake(rupees);
  return amount === null ? { ok: false, message: MATKA_MESSAGES.amount } : { ok: true, amount };
}

/** A single bet from a board cell (SPEC §4, §5): one bet of the entered amount. */
export function matkaSingleBet(betNo: MatkaBetNo, rupees: number): MatkaBetsResult {
  const checked = matkaAmountCheck(rupees);
  if (!checked.ok) return checked;
  return betsResult([{ betNo, amount: stakeToPaise(checked.amount) }]);
}

/**
 * Parses a paste line (SPEC §5), e.g. `45-46-50@100`: exactly one `@`; before it, numbers written
 * in decimal digits joined by `-`; after it, the amount in whole rupees greater than 0. White space
 * around the line, each number and the amount is ignored. Numbers above 99 are dropped; if none
 * remain, or a part is not digits (an empty part, a sign, a letter), or the amount is not valid,
 * the line is invalid with 'Invalid input format! Expected format: 45-46-50@100'. Numbers keep
 * their order and repeats (`45-45@10` is two bets on 45); `5` and `05` both mean `'05'`.
 */
export function matkaPasteParse(input: string): MatkaPasteResult {
  const invalid = { ok: false, message: MATKA_MESSAGES.pasteFormat } as const;
  const parts = input.split('@');
  if (parts.length !== 2) return invalid;
  const [numbersPart = '', amountPart = ''] = parts;
  const amountText = amountPart.trim();
  const amount = /^\d+$/.test(amountText) ? toStake(Number(amountText)) : null;
  if (amount === null) return invalid;
  const numbers: MatkaBetNo[] = [];
  for (const token of numbersPart.split('-')) {
    const text = token.trim();
    if (!/^\d+$/.test(text)) return invalid;
    const betNo = matkaBetNo(Number(text));
    if (betNo !== null) numbers.push(betNo);
  }
  if (numbers.length === 0) return invalid;
  return { ok: true, numbers, amount };
}

/**
 * The confirm step of the paste form (SPEC §5): the bets of a valid line, one per number at the
 * amount, or 'Invalid input format! Please correct it first.'.
 */
export function matkaPasteConfirm(input: string): MatkaBetsResult {
  const parsed = matkaPasteParse(input);
  if (!parsed.ok) return { ok: false, message: MATKA_MESSAGES.pasteConfirm };
  const amount = stakeToPaise(parsed.amount);
  return betsResult(parsed.numbers.map((betNo) => ({ betNo, amount })));
}

/** Writes a paste line: `matkaPasteFormat(['45', '46'], 100)` is `'45-46@100'`; parses back. */
export function matkaPasteFormat(numbers: readonly MatkaBetNo[], amount: Stake): string {
  return `${numbers.join('-')}@${amount}`;
}

function unique<T>(items: readonly T[]): T[] {
  return [...new Set(items)];
}

/**
 * Crossing (SPEC §5): every pair of a row A digit then a row B digit is one bet number, all at the
 * entered amount; |A| × |B| bets in row A order then row B order (a digit selected twice counts
 * once). Either row empty → 'Please select at least one number from both rows (A and B).';
 * then the amount rule of {@link matkaAmountCheck}.
 */
export function matkaCrossing(
  rowA: readonly MatkaDigit[],
  rowB: readonly MatkaDigit[],
  rupees: number,
): MatkaBetsResult {
  if (rowA.length === 0 || rowB.length === 0) {
    return { ok: false, message: MATKA_MESSAGES.selectBothRows };
  }
  const checked = matkaAmountCheck(rupees);
  if (!checked.ok) return checked;
  const amount = stakeToPaise(checked.amount);
  const bets: MatkaBet[] = [];
  for (const a of unique(rowA))
    for (const b of unique(rowB)) bets.push({ betNo: `${a}${b}`, amount });
  return betsResult(bets);
}

/** The Harup row A entries (SPEC §5): `'0000'` … `'9999'`. */
export const MATKA_HARUP_ROW_A: readonly string[] = digits.map((d) => d.repeat(4));
/** The Harup row B entries (SPEC §5): `'000'` … `'999'`. */
export const MATKA_HARUP_ROW_B: readonly string[] = digits.map((d) => d.repeat(3));

function digitAt(entry: string, length: number, index: number): MatkaDigit | null {
  if (entry.length !== length || !/^\d+$/.test(entry)) return null;
  return entry.charAt(index) as MatkaDigit;
}

/**
 * Harup (SPEC §5, §9). A row A entry (four digit characters, `'0000'` … `'9999'`) gives the ten
 * bet numbers of its first digit followed by 0–9 (`'3333'` → 30 … 39); a row B entry (three digit
 * characters, `'000'` … `'999'`) gives its middle digit preceded by 0–9 (`'555'` → 05, 15 … 95).
 * Each bet is the entered amount divided into 10 parts, to two decimals — exact, since the amount
 * is whole rupees (₹105 → ten bets of ₹10.50). So every selected entry costs the entered amount
 * and the total is amount × entries. Entries repeat-selected count once; malformed entries are
 * ignored. No entry in either row → the crossing message; then the amount rule.
 */
export function matkaHarup(
  rowA: readonly string[],
  rowB: readonly string[],
  rupees: number,
): MatkaBetsResult {
  const andar = unique(rowA.map((entry) => digitAt(entry, 4, 0))).filter((d) => d !== null);
  const bahar = unique(rowB.map((entry) => digitAt(entry, 3, 1))).filter((d) => d !== null);
  if (andar.length === 0 && bahar.length === 0) {
    return { ok: false, message: MATKA_MESSAGES.selectBothRows };
  }
  const checked = matkaAmountCheck(rupees);
  if (!checked.ok) return checked;
  // A tenth of whole rupees in paise: rupees × 100 / 10, always an integer.
  const amount = (checked.amount * 10) as Paise;
  const bets: MatkaBet[] = [];
  for (const first of andar) for (const d of digits) bets.push({ betNo: `${first}${d}`, amount });
  for (const middle of bahar) for (const d of digits) bets.push({ betNo: `${d}${middle}`, amount });
  return betsResult(bets);
}
