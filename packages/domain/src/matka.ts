import { toPaise, type Paise } from './money.js';
import { stakeToPaise, toStake, type Stake } from './stake.js';

/** One decimal digit as a character. */
export type MatkaDigit = '0' | '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9';

/** A matka bet number: a two-digit string from `'00'` to `'99'` (docs/decisions.md#api BetNo). */
export type MatkaBetNo = `${MatkaDigit}${MatkaDigit}`;

/** One matka bet: its number and its amount in integer paise (docs/product.md#calls SMBets item). */
export interface MatkaBet {
  readonly betNo: MatkaBetNo;
  readonly amount: Paise;
}

/** The matka messages, exactly as docs/product.md#validation gives them. */
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

/** The board's numbers in display order (docs/product.md#screens, #constants): `'01'` … `'99'`, then `'00'` — 100 cells. */
export function matkaBoardNumbers(): MatkaBetNo[] {
  const board: MatkaBetNo[] = [];
  for (let cell = 1; cell <= 100; cell += 1) {
    board.push(String(cell % 100).padStart(2, '0') as MatkaBetNo);
  }
  return board;
}

/** Sum of the bets' amounts in paise (the POST's TotalAmount, docs/product.md#calls, before conversion). */
export function matkaTotal(bets: readonly MatkaBet[]): Paise {
  let total = 0;
  for (const bet of bets) total += bet.amount;
  return total as Paise;
}

function betsResult(bets: MatkaBet[]): MatkaBetsResult {
  return { ok: true, bets, total: matkaTotal(bets) };
}

/**
 * The entered amount of any matka form (docs/product.md#validation): a whole number of rupees greater than 0 (the
 * POST's TotalAmount is an integer), up to the stake maximum; otherwise
 * 'Please enter a valid bet amount greater than 0.'.
 */
export function matkaAmountCheck(rupees: number): MatkaAmountResult {
  const amount = toStake(rupees);
  return amount === null ? { ok: false, message: MATKA_MESSAGES.amount } : { ok: true, amount };
}

/** A single bet from a board cell (docs/product.md#states, #validation): one bet of the entered amount. */
export function matkaSingleBet(betNo: MatkaBetNo, rupees: number): MatkaBetsResult {
  const checked = matkaAmountCheck(rupees);
  if (!checked.ok) return checked;
  return betsResult([{ betNo, amount: stakeToPaise(checked.amount) }]);
}

/**
 * Parses a paste line (docs/product.md#validation), e.g. `45-46-50@100`: exactly one `@`; before it, numbers written
 * in decimal digits joined by `-`; after it, the amount in whole rupees greater than 0. White space
 * around the line, each number and the amount is ignored. Numbers above 99 are dropped; if none
 * remain, or a part is not digits (an empty part, a sign, a letter), or the amount is not valid,
 * the line is invalid with 'Invalid input format! Expected format: 45-46-50@100'. Numbers keep
 * their order and repeats (`45-45@10` is two bets on 45); `5` and `05` both mean `'05'`.
 */
export function matkaPasteParse(input: string): MatkaPasteResult {
  const read = pasteRead(input);
  if (read === null) return { ok: false, message: MATKA_MESSAGES.pasteFormat };
  return { ok: true, numbers: read.numbers, amount: read.amount };
}

/** A valid paste line's numbers and amount, and the numbers above 99 it dropped (as typed). */
interface PasteRead {
  readonly numbers: MatkaBetNo[];
  readonly dropped: string[];
  readonly amount: Stake;
}

function pasteRead(input: string): PasteRead | null {
  const parts = input.split('@');
  if (parts.length !== 2) return null;
  const [numbersPart = '', amountPart = ''] = parts;
  const amountText = amountPart.trim();
  const amount = /^\d+$/.test(amountText) ? toStake(Number(amountText)) : null;
  if (amount === null) return null;
  const numbers: MatkaBetNo[] = [];
  const dropped: string[] = [];
  for (const token of numbersPart.split('-')) {
    const text = token.trim();
    if (!/^\d+$/.test(text)) return null;
    const betNo = matkaBetNo(Number(text));
    if (betNo === null) dropped.push(text);
    else numbers.push(betNo);
  }
  if (numbers.length === 0) return null;
  return { numbers, dropped, amount };
}

/**
 * The confirm step of the paste form (docs/product.md#validation): the bets of a valid line, one per number at the
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
 * Crossing (docs/product.md#validation): every pair of a row A digit then a row B digit is one bet number, all at the
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

/** The Harup row A entries (docs/product.md#validation): `'0000'` … `'9999'`. */
export const MATKA_HARUP_ROW_A: readonly string[] = digits.map((d) => d.repeat(4));
/** The Harup row B entries (docs/product.md#validation): `'000'` … `'999'`. */
export const MATKA_HARUP_ROW_B: readonly string[] = digits.map((d) => d.repeat(3));

function digitAt(entry: string, length: number, index: number): MatkaDigit | null {
  if (entry.length !== length || !/^\d+$/.test(entry)) return null;
  return entry.charAt(index) as MatkaDigit;
}

/**
 * Harup (docs/product.md#validation, #constants). A row A entry (four digit characters, `'0000'` … `'9999'`) gives the ten
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

/**
 * One bet per number, its amounts summed, in order of first appearance. Harup's rows overlap
 * (row A `5555` gives 50 … 59, row B `555` gives 05 … 95: both hold 55), and each entry
 * legitimately stakes its ten numbers ({@link matkaHarup}), so 55 carries two tenths. The bettor
 * confirms each number once with its whole stake, and exactly that is sent: the count, the total
 * and the payout of a hit are those of the separate bets.
 */
export function matkaBetsByNumber(bets: readonly MatkaBet[]): MatkaBet[] {
  const amounts = new Map<MatkaBetNo, number>();
  for (const bet of bets) amounts.set(bet.betNo, (amounts.get(bet.betNo) ?? 0) + bet.amount);
  return [...amounts].map(([betNo, amount]) => ({ betNo, amount: amount as Paise }));
}

/** The player's stakes on a board: each number's summed amount, the largest, and the total. */
export interface MatkaStakes {
  /** Numbers with a stake, in order of first appearance; a number without one is absent. */
  readonly byNumber: ReadonlyMap<MatkaBetNo, Paise>;
  /** The largest stake on one number (0 without bets). */
  readonly largest: Paise;
  /** Every amount summed. */
  readonly total: Paise;
}

/** Sums bets per number (repeats and Harup overlaps add up): the board's heat map and payouts. */
export function matkaStakes(bets: readonly MatkaBet[]): MatkaStakes {
  const byNumber = new Map<MatkaBetNo, Paise>();
  let largest = 0;
  for (const bet of matkaBetsByNumber(bets)) {
    byNumber.set(bet.betNo, bet.amount);
    largest = Math.max(largest, bet.amount);
  }
  return { byNumber, largest: largest as Paise, total: matkaTotal(bets) };
}

/** How much of the player's money a board number carries (the heat map). */
export type MatkaHeat = 'none' | 'some' | 'heavy';

/**
 * The heat of a number whose stake is `stake` on a board whose largest stake on one number is
 * `largest`: none without a stake; heavy from half the largest on (so the largest is always
 * heavy, and evenly spread bets are all heavy); some below that.
 */
export function matkaHeat(stake: Paise, largest: Paise): MatkaHeat {
  if (stake <= 0) return 'none';
  return stake * 2 >= largest ? 'heavy' : 'some';
}

/** A number typed more than once on a paste line, kept as that many bets. */
export interface MatkaRepeat {
  readonly betNo: MatkaBetNo;
  readonly times: number;
}

/**
 * What a form's entry makes, exactly as its confirm dialog lists it, with the figures a player
 * weighs and what the entry dropped or repeated.
 */
export interface MatkaPreviewBets {
  readonly kind: 'bets';
  /** The bets in the confirm dialog's order; what Submit sends. */
  readonly bets: readonly MatkaBet[];
  /** How many bets (a paste's repeated number counts each time). */
  readonly count: number;
  readonly total: Paise;
  /**
   * What one hit returns, stake included: the largest amount on one number × the payout; null
   * when the payout is not known (not a positive integer) or beyond a safe integer.
   */
  readonly payout: Paise | null;
  /** The numbers carry different amounts, so `payout` is the most one hit returns. */
  readonly payoutVaries: boolean;
  /** Paste: the numbers above 99, as typed, in order; they are not bets. */
  readonly dropped: readonly string[];
  /** Paste: the numbers typed more than once, each kept as that many bets. */
  readonly repeated: readonly MatkaRepeat[];
  /** Harup: the numbers both rows give, one bet carrying both tenths. */
  readonly merged: readonly MatkaBetNo[];
  /** Crossing and Harup: the entries chosen more than once (`'A 5555'`), counted once. */
  readonly ignored: readonly string[];
}

/**
 * A form's live preview: nothing entered yet; the form's message (docs/product.md#validation, {@link MATKA_MESSAGES});
 * or the bets. `refusal` is what the confirm step answers when there are no bets.
 */
export type MatkaPreview =
  | { readonly kind: 'none'; readonly refusal: string }
  | { readonly kind: 'message'; readonly message: string; readonly refusal: string }
  | MatkaPreviewBets;

type PreviewNotes = Partial<Pick<MatkaPreviewBets, 'dropped' | 'repeated' | 'merged' | 'ignored'>>;

/** Items seen more than once, each with how many times, in order of first appearance. */
function repeatsOf<T>(items: readonly T[]): { item: T; times: number }[] {
  const counts = new Map<T, number>();
  for (const item of items) counts.set(item, (counts.get(item) ?? 0) + 1);
  return [...counts].filter(([, times]) => times > 1).map(([item, times]) => ({ item, times }));
}

function previewOf(
  bets: readonly MatkaBet[],
  payout: number | null,
  notes: PreviewNotes,
): MatkaPreviewBets {
  const stakes = matkaStakes(bets);
  const isPayout = payout !== null && Number.isSafeInteger(payout) && payout > 0;
  return {
    kind: 'bets',
    bets,
    count: bets.length,
    total: stakes.total,
    payout: isPayout ? toPaise(stakes.largest * payout) : null,
    payoutVaries: new Set(stakes.byNumber.values()).size > 1,
    dropped: [],
    repeated: [],
    merged: [],
    ignored: [],
    ...notes,
  };
}

/**
 * The paste form's preview while typing, for a `payout` (MATKA_PAYOUT; null when not known).
 * A blank line is nothing yet; a line {@link matkaPasteParse} refuses shows its message; a valid
 * one gives the bets of {@link matkaPasteConfirm}, with the numbers above 99 it dropped and the
 * numbers typed twice (kept as two bets). The confirm step refuses without bets with
 * 'Invalid input format! Please correct it first.'.
 */
export function matkaPastePreview(input: string, payout: number | null): MatkaPreview {
  const refusal = MATKA_MESSAGES.pasteConfirm;
  if (input.trim() === '') return { kind: 'none', refusal };
  const read = pasteRead(input);
  if (read === null) return { kind: 'message', message: MATKA_MESSAGES.pasteFormat, refusal };
  const amount = stakeToPaise(read.amount);
  return previewOf(
    read.numbers.map((betNo) => ({ betNo, amount })),
    payout,
    {
      dropped: read.dropped,
      repeated: repeatsOf(read.numbers).map(({ item, times }) => ({ betNo: item, times })),
    },
  );
}

const repeatedEntries = (row: string, entries: readonly string[]) =>
  repeatsOf(entries).map(({ item }) => `${row} ${item}`);

/**
 * The crossing form's preview: nothing yet while no digit is chosen and no amount is entered
 * (`rupees` null); otherwise the message or the bets of {@link matkaCrossing} (a digit chosen
 * twice is noted and counted once). Its confirm step answers the same message.
 */
export function matkaCrossingPreview(
  rowA: readonly MatkaDigit[],
  rowB: readonly MatkaDigit[],
  rupees: number | null,
  payout: number | null,
): MatkaPreview {
  if (rowA.length === 0 && rowB.length === 0 && rupees === null) {
    return { kind: 'none', refusal: MATKA_MESSAGES.selectBothRows };
  }
  const result = matkaCrossing(rowA, rowB, rupees ?? Number.NaN);
  if (!result.ok) return { kind: 'message', message: result.message, refusal: result.message };
  return previewOf(result.bets, payout, {
    ignored: [...repeatedEntries('A', rowA), ...repeatedEntries('B', rowB)],
  });
}

/**
 * The Harup form's preview: nothing yet while no entry is chosen and no amount is entered
 * (`rupees` null); otherwise the message of {@link matkaHarup}, or its bets merged by number
 * ({@link matkaBetsByNumber}: what the confirm dialog lists and Submit sends), noting the numbers
 * both rows give and the entries chosen twice (counted once). Its confirm step answers the same
 * message.
 */
export function matkaHarupPreview(
  rowA: readonly string[],
  rowB: readonly string[],
  rupees: number | null,
  payout: number | null,
): MatkaPreview {
  const validA = rowA.filter((entry) => digitAt(entry, 4, 0) !== null);
  const validB = rowB.filter((entry) => digitAt(entry, 3, 1) !== null);
  if (validA.length === 0 && validB.length === 0 && rupees === null) {
    return { kind: 'none', refusal: MATKA_MESSAGES.selectBothRows };
  }
  const result = matkaHarup(rowA, rowB, rupees ?? Number.NaN);
  if (!result.ok) return { kind: 'message', message: result.message, refusal: result.message };
  return previewOf(matkaBetsByNumber(result.bets), payout, {
    merged: repeatsOf(result.bets.map((bet) => bet.betNo)).map(({ item }) => item),
    ignored: [...repeatedEntries('A', validA), ...repeatedEntries('B', validB)],
  });
}
