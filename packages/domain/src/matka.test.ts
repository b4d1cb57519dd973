import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MATKA_HARUP_ROW_A,
  MATKA_HARUP_ROW_B,
  MATKA_MESSAGES,
  matkaAmountCheck,
  matkaBetNo,
  matkaBetsByNumber,
  matkaBoardNumbers,
  matkaCrossing,
  matkaCrossingPreview,
  matkaHarup,
  matkaHarupPreview,
  matkaHeat,
  matkaPasteConfirm,
  matkaPasteFormat,
  matkaPasteParse,
  matkaPastePreview,
  matkaSingleBet,
  matkaStakes,
  matkaTotal,
  type MatkaBet,
  type MatkaBetNo,
  type MatkaDigit,
} from './matka.js';
import type { Paise } from './money.js';
import { toStake } from './stake.js';

const digit = fc.constantFrom<MatkaDigit>('0', '1', '2', '3', '4', '5', '6', '7', '8', '9');
const betNo = fc.integer({ min: 0, max: 99 }).map((n) => matkaBetNo(n)!);

describe('matka messages', () => {
  it('are the exact texts of the spec', () => {
    expect(MATKA_MESSAGES).toEqual({
      pasteFormat: 'Invalid input format! Expected format: 45-46-50@100',
      pasteConfirm: 'Invalid input format! Please correct it first.',
      selectBothRows: 'Please select at least one number from both rows (A and B).',
      amount: 'Please enter a valid bet amount greater than 0.',
    });
  });
});

describe('matka board', () => {
  it('numbers the cells 01 to 99 then 00', () => {
    const board = matkaBoardNumbers();
    expect(board).toHaveLength(100);
    expect(board.slice(0, 3)).toEqual(['01', '02', '03']);
    expect(board.slice(-2)).toEqual(['99', '00']);
    expect(new Set(board).size).toBe(100);
  });

  it('writes numbers 0 to 99 as two-digit strings and refuses others', () => {
    expect(matkaBetNo(0)).toBe('00');
    expect(matkaBetNo(7)).toBe('07');
    expect(matkaBetNo(99)).toBe('99');
    for (const value of [-1, 100, 4.5]) expect(matkaBetNo(value)).toBeNull();
  });
});

describe('matka single bet', () => {
  it("refuses an amount that is not greater than 0 with 'Please enter a valid bet amount greater than 0.'", () => {
    for (const amount of [0, -10, Number.NaN, 10.5]) {
      expect(matkaSingleBet('45', amount)).toEqual({ ok: false, message: MATKA_MESSAGES.amount });
      expect(matkaAmountCheck(amount).ok).toBe(false);
    }
  });

  it('makes one bet of the amount in paise', () => {
    expect(matkaSingleBet('00', 100)).toEqual({
      ok: true,
      bets: [{ betNo: '00', amount: 10000 }],
      total: 10000,
    });
  });
});

describe('matka paste', () => {
  it('reads 45-46-50@100 as three numbers at ₹100', () => {
    expect(matkaPasteParse('45-46-50@100')).toEqual({
      ok: true,
      numbers: ['45', '46', '50'],
      amount: 100,
    });
    expect(matkaPasteParse(' 5 - 05 -99 @ 20 ')).toEqual({
      ok: true,
      numbers: ['05', '05', '99'],
      amount: 20,
    });
  });

  it('drops numbers outside 0 to 99', () => {
    expect(matkaPasteParse('45-100-250-0@10')).toEqual({
      ok: true,
      numbers: ['45', '00'],
      amount: 10,
    });
  });

  it('is invalid when no number remains or the line is malformed', () => {
    for (const input of [
      '100-200@10',
      '',
      '45-46-50',
      '45@10@10',
      '@100',
      '45--46@100',
      '45-x@100',
      '-5@100',
      '45@0',
      '45@',
      '45@10.5',
      '45@abc',
      '4.5@10',
    ]) {
      expect(matkaPasteParse(input), input).toEqual({
        ok: false,
        message: 'Invalid input format! Expected format: 45-46-50@100',
      });
    }
  });

  it('gives the confirm-step message for an invalid line and the bets for a valid one', () => {
    expect(matkaPasteConfirm('abc')).toEqual({
      ok: false,
      message: 'Invalid input format! Please correct it first.',
    });
    expect(matkaPasteConfirm('45-46@100')).toEqual({
      ok: true,
      bets: [
        { betNo: '45', amount: 10000 },
        { betNo: '46', amount: 10000 },
      ],
      total: 20000,
    });
  });

  it('reads back every line it writes', () => {
    fc.assert(
      fc.property(
        fc.array(betNo, { minLength: 1, maxLength: 20 }),
        fc.integer({ min: 1, max: 1_000_000 }),
        (numbers, rupees) => {
          const amount = toStake(rupees)!;
          expect(matkaPasteParse(matkaPasteFormat(numbers, amount))).toEqual({
            ok: true,
            numbers,
            amount,
          });
        },
      ),
    );
    expect(matkaPasteFormat(['45', '46', '50'], toStake(100)!)).toBe('45-46-50@100');
  });
});

describe('matka crossing', () => {
  it('bets every row A digit followed by every row B digit at the amount', () => {
    expect(matkaCrossing(['1', '2'], ['3', '4'], 50)).toEqual({
      ok: true,
      bets: [
        { betNo: '13', amount: 5000 },
        { betNo: '14', amount: 5000 },
        { betNo: '23', amount: 5000 },
        { betNo: '24', amount: 5000 },
      ],
      total: 20000,
    });
  });

  it('asks for a number in both rows when either is empty', () => {
    const message = 'Please select at least one number from both rows (A and B).';
    expect(matkaCrossing([], ['1'], 50)).toEqual({ ok: false, message });
    expect(matkaCrossing(['1'], [], 50)).toEqual({ ok: false, message });
  });

  it('refuses an amount that is not greater than 0', () => {
    expect(matkaCrossing(['1'], ['2'], 0)).toEqual({ ok: false, message: MATKA_MESSAGES.amount });
  });

  it('makes |A| × |B| bets totalling |A| × |B| × amount', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(digit, { minLength: 1 }),
        fc.uniqueArray(digit, { minLength: 1 }),
        fc.integer({ min: 1, max: 100000 }),
        (rowA, rowB, rupees) => {
          const result = matkaCrossing(rowA, rowB, rupees);
          if (!result.ok) throw new Error(result.message);
          expect(result.bets).toHaveLength(rowA.length * rowB.length);
          expect(result.total).toBe(rowA.length * rowB.length * rupees * 100);
          expect(matkaTotal(result.bets)).toBe(result.total);
          expect(new Set(result.bets.map((bet) => bet.betNo)).size).toBe(result.bets.length);
        },
      ),
    );
  });
});

describe('matka harup', () => {
  it('lists the row entries 0000 to 9999 and 000 to 999', () => {
    expect(MATKA_HARUP_ROW_A).toEqual([
      '0000',
      '1111',
      '2222',
      '3333',
      '4444',
      '5555',
      '6666',
      '7777',
      '8888',
      '9999',
    ]);
    expect(MATKA_HARUP_ROW_B[0]).toBe('000');
    expect(MATKA_HARUP_ROW_B[9]).toBe('999');
  });

  it('turns a row A entry into its digit followed by 0 to 9 at a tenth of the amount', () => {
    const result = matkaHarup(['3333'], [], 100);
    expect(result).toEqual({
      ok: true,
      bets: ['30', '31', '32', '33', '34', '35', '36', '37', '38', '39'].map((no) => ({
        betNo: no,
        amount: 1000,
      })),
      total: 10000,
    });
  });

  it('turns a row B entry into 0 to 9 followed by its middle digit', () => {
    const result = matkaHarup([], ['555'], 105);
    if (!result.ok) throw new Error(result.message);
    expect(result.bets.map((bet) => bet.betNo)).toEqual([
      '05',
      '15',
      '25',
      '35',
      '45',
      '55',
      '65',
      '75',
      '85',
      '95',
    ]);
    expect(result.bets.every((bet) => bet.amount === 1050)).toBe(true); // ₹10.50
    expect(result.total).toBe(10500);
  });

  it('divides small amounts to two decimals', () => {
    const result = matkaHarup(['1111'], [], 1);
    expect(result.ok && result.bets[0]?.amount).toBe(10); // ₹0.10
  });

  it('asks for a selection when both rows are empty or hold no valid entry', () => {
    const message = MATKA_MESSAGES.selectBothRows;
    expect(matkaHarup([], [], 100)).toEqual({ ok: false, message });
    expect(matkaHarup(['333', 'abcd'], ['5555', '5a5'], 100)).toEqual({ ok: false, message });
  });

  it('refuses an amount that is not greater than 0', () => {
    expect(matkaHarup(['1111'], [], 0)).toEqual({ ok: false, message: MATKA_MESSAGES.amount });
  });

  it('makes ten bets per selected entry, each entry costing the amount', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(digit, { maxLength: 10 }),
        fc.uniqueArray(digit, { maxLength: 10 }),
        fc.integer({ min: 1, max: 100000 }),
        (a, b, rupees) => {
          fc.pre(a.length + b.length > 0);
          const result = matkaHarup(
            a.map((d) => d.repeat(4)),
            b.map((d) => d.repeat(3)),
            rupees,
          );
          if (!result.ok) throw new Error(result.message);
          const entries = a.length + b.length;
          expect(result.bets).toHaveLength(10 * entries);
          expect(result.total).toBe(entries * rupees * 100);
          expect(matkaTotal(result.bets)).toBe(result.total);
        },
      ),
    );
  });
});

describe('matka total', () => {
  it('sums amounts in paise', () => {
    const bets = [
      { betNo: '01' as MatkaBetNo, amount: 1050 as Paise },
      { betNo: '02' as MatkaBetNo, amount: 25 as Paise },
    ];
    expect(matkaTotal(bets)).toBe(1075);
    expect(matkaTotal([])).toBe(0);
  });
});

const bet = (betNo: MatkaBetNo, amount: number): MatkaBet => ({ betNo, amount: amount as Paise });

describe('matka bets by number', () => {
  it('sums the stakes of a repeated number into one bet at its first place', () => {
    expect(matkaBetsByNumber([bet('12', 1050), bet('13', 900), bet('12', 1050)])).toEqual([
      bet('12', 2100),
      bet('13', 900),
    ]);
  });

  it('leaves bets of distinct numbers as they are', () => {
    const bets = [bet('45', 10_000), bet('46', 10_000)];
    expect(matkaBetsByNumber(bets)).toEqual(bets);
  });

  it('Harup A 5555 and B 555 at ₹100: 19 numbers, 55 at ₹20, the same ₹200 total', () => {
    const harup = matkaHarup(['5555'], ['555'], 100);
    if (!harup.ok) throw new Error(harup.message);
    expect(harup.bets).toHaveLength(20);
    const merged = matkaBetsByNumber(harup.bets);
    expect(merged.map((entry) => entry.betNo)).toEqual([
      ...['50', '51', '52', '53', '54', '55', '56', '57', '58', '59'],
      ...['05', '15', '25', '35', '45', '65', '75', '85', '95'],
    ]);
    expect(merged.find((entry) => entry.betNo === '55')?.amount).toBe(2000);
    expect(merged.filter((e) => e.betNo !== '55').every((e) => e.amount === 1000)).toBe(true);
    expect(matkaTotal(merged)).toBe(harup.total);
    expect(harup.total).toBe(20_000);
  });

  it('keeps the total and gives each number once', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(betNo, fc.integer({ min: 1, max: 1_000_000 }))), (pairs) => {
        const bets = pairs.map(([no, amount]) => bet(no, amount));
        const merged = matkaBetsByNumber(bets);
        expect(matkaTotal(merged)).toBe(matkaTotal(bets));
        expect(new Set(merged.map((entry) => entry.betNo)).size).toBe(merged.length);
      }),
    );
  });
});

describe('matka stakes and heat', () => {
  it('sums each number, and knows the largest and the total', () => {
    const stakes = matkaStakes([bet('45', 10_000), bet('46', 5_000), bet('45', 10_000)]);
    expect([...stakes.byNumber]).toEqual([
      ['45', 20_000],
      ['46', 5_000],
    ]);
    expect(stakes.largest).toBe(20_000);
    expect(stakes.total).toBe(25_000);
    expect(matkaStakes([])).toEqual({ byNumber: new Map(), largest: 0, total: 0 });
  });

  it('is none without a stake, heavy from half the largest on, some below', () => {
    const largest = 20_000 as Paise;
    expect(matkaHeat(0 as Paise, largest)).toBe('none');
    expect(matkaHeat(0 as Paise, 0 as Paise)).toBe('none');
    expect(matkaHeat(20_000 as Paise, largest)).toBe('heavy');
    expect(matkaHeat(10_000 as Paise, largest)).toBe('heavy');
    expect(matkaHeat(9_999 as Paise, largest)).toBe('some');
    expect(matkaHeat(1 as Paise, largest)).toBe('some');
  });

  it('makes the largest stake heavy on every board', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(betNo, fc.integer({ min: 1, max: 1_000_000 })), { minLength: 1 }),
        (pairs) => {
          const stakes = matkaStakes(pairs.map(([no, amount]) => bet(no, amount)));
          const levels = [...stakes.byNumber.values()].map((s) => matkaHeat(s, stakes.largest));
          expect(levels).toContain('heavy');
          expect(levels).not.toContain('none');
        },
      ),
    );
  });
});

describe('matka paste preview', () => {
  it('is nothing yet for a blank line; the confirm step would refuse it', () => {
    for (const input of ['', '   ']) {
      expect(matkaPastePreview(input, 90)).toEqual({
        kind: 'none',
        refusal: 'Invalid input format! Please correct it first.',
      });
    }
  });

  it('shows the format message for a malformed line', () => {
    expect(matkaPastePreview('45-46-50', 90)).toEqual({
      kind: 'message',
      message: 'Invalid input format! Expected format: 45-46-50@100',
      refusal: 'Invalid input format! Please correct it first.',
    });
  });

  it('gives the confirm step’s bets with the count, total and payout of a hit', () => {
    expect(matkaPastePreview('45-46-50@100', 90)).toEqual({
      kind: 'bets',
      bets: [bet('45', 10_000), bet('46', 10_000), bet('50', 10_000)],
      count: 3,
      total: 30_000,
      payout: 900_000,
      payoutVaries: false,
      dropped: [],
      repeated: [],
      merged: [],
      ignored: [],
    });
  });

  it('notes the numbers above 99 it dropped and the numbers typed twice, kept as two bets', () => {
    const preview = matkaPastePreview('45-100-5-45-05-250-45@10', 90);
    if (preview.kind !== 'bets') throw new Error(preview.kind);
    expect(preview.bets.map((entry) => entry.betNo)).toEqual(['45', '05', '45', '05', '45']);
    expect(preview.count).toBe(5);
    expect(preview.total).toBe(5_000);
    expect(preview.dropped).toEqual(['100', '250']);
    expect(preview.repeated).toEqual([
      { betNo: '45', times: 3 },
      { betNo: '05', times: 2 },
    ]);
    // 45 carries ₹30: a hit on it returns ₹2,700; on 05 only ₹1,800.
    expect(preview.payout).toBe(270_000);
    expect(preview.payoutVaries).toBe(true);
  });

  it('has no payout without a known positive whole payout', () => {
    for (const payout of [null, 0, -90, 1.5, Number.NaN]) {
      const preview = matkaPastePreview('45@10', payout);
      expect(preview.kind === 'bets' && preview.payout).toBeNull();
    }
    // Beyond a safe integer: not a figure to show.
    const huge = matkaPastePreview('45@1000000000', Number.MAX_SAFE_INTEGER);
    expect(huge.kind === 'bets' && huge.payout).toBeNull();
  });

  it('agrees with the confirm step on every line', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc
            .tuple(fc.array(fc.integer({ min: 0, max: 150 }), { minLength: 1 }), fc.nat(500))
            .map(([numbers, amount]) => `${numbers.join('-')}@${amount}`),
        ),
        (input) => {
          const preview = matkaPastePreview(input, 90);
          const confirm = matkaPasteConfirm(input);
          if (preview.kind === 'bets') {
            expect(confirm).toEqual({ ok: true, bets: preview.bets, total: preview.total });
          } else {
            expect(confirm).toEqual({ ok: false, message: preview.refusal });
          }
        },
      ),
    );
  });
});

describe('matka crossing preview', () => {
  const message = MATKA_MESSAGES.selectBothRows;

  it('is nothing yet until a digit or an amount is entered', () => {
    expect(matkaCrossingPreview([], [], null, 90)).toEqual({ kind: 'none', refusal: message });
  });

  it('shows the form’s messages: both rows first, then the amount', () => {
    expect(matkaCrossingPreview(['1'], [], null, 90)).toEqual({
      kind: 'message',
      message,
      refusal: message,
    });
    expect(matkaCrossingPreview([], [], 10, 90)).toEqual({
      kind: 'message',
      message,
      refusal: message,
    });
    const amount = MATKA_MESSAGES.amount;
    expect(matkaCrossingPreview(['1'], ['2'], null, 90)).toEqual({
      kind: 'message',
      message: amount,
      refusal: amount,
    });
    expect(matkaCrossingPreview(['1'], ['2'], 0, 90)).toEqual({
      kind: 'message',
      message: amount,
      refusal: amount,
    });
  });

  it('3 × 4 digits at ₹100: 12 bets, ₹1,200, a hit returns ₹9,000', () => {
    const preview = matkaCrossingPreview(['1', '2', '3'], ['4', '5', '6', '7'], 100, 90);
    if (preview.kind !== 'bets') throw new Error(preview.kind);
    const crossing = matkaCrossing(['1', '2', '3'], ['4', '5', '6', '7'], 100);
    expect(crossing.ok && crossing.bets).toEqual(preview.bets);
    expect(preview).toMatchObject({
      count: 12,
      total: 120_000,
      payout: 900_000,
      payoutVaries: false,
      ignored: [],
    });
  });

  it('notes a digit chosen twice, counted once', () => {
    const preview = matkaCrossingPreview(['1', '1'], ['2', '3', '2'], 10, 90);
    if (preview.kind !== 'bets') throw new Error(preview.kind);
    expect(preview.count).toBe(2);
    expect(preview.ignored).toEqual(['A 1', 'B 2']);
  });
});

describe('matka Harup preview', () => {
  const message = MATKA_MESSAGES.selectBothRows;

  it('is nothing yet until an entry or an amount is entered', () => {
    expect(matkaHarupPreview([], [], null, 90)).toEqual({ kind: 'none', refusal: message });
    expect(matkaHarupPreview(['abcd'], ['55'], null, 90)).toEqual({
      kind: 'none',
      refusal: message,
    });
  });

  it('shows the form’s messages', () => {
    expect(matkaHarupPreview([], [], 100, 90)).toEqual({
      kind: 'message',
      message,
      refusal: message,
    });
    expect(matkaHarupPreview(['5555'], [], null, 90)).toEqual({
      kind: 'message',
      message: MATKA_MESSAGES.amount,
      refusal: MATKA_MESSAGES.amount,
    });
  });

  it('A 5555 at ₹100: ten bets of ₹10, a hit returns ₹900', () => {
    const preview = matkaHarupPreview(['5555'], [], 100, 90);
    expect(preview).toMatchObject({
      kind: 'bets',
      count: 10,
      total: 10_000,
      payout: 90_000,
      payoutVaries: false,
      merged: [],
    });
  });

  it('A 5555 and B 555 at ₹100: the confirm step’s 19 numbers, 55 carrying both tenths', () => {
    const preview = matkaHarupPreview(['5555'], ['555'], 100, 90);
    if (preview.kind !== 'bets') throw new Error(preview.kind);
    const harup = matkaHarup(['5555'], ['555'], 100);
    expect(harup.ok && matkaBetsByNumber(harup.bets)).toEqual(preview.bets);
    expect(preview.count).toBe(19);
    expect(preview.total).toBe(20_000);
    expect(preview.merged).toEqual(['55']);
    expect(preview.payout).toBe(180_000); // ₹20 on 55 × 90
    expect(preview.payoutVaries).toBe(true);
  });

  it('counts an entry chosen twice once, and says so', () => {
    const preview = matkaHarupPreview(['3333', '3333'], ['111', 'x', 'x'], 10, 90);
    if (preview.kind !== 'bets') throw new Error(preview.kind);
    expect(preview.count).toBe(19);
    expect(preview.total).toBe(2_000);
    expect(preview.ignored).toEqual(['A 3333']);
    expect(preview.merged).toEqual(['31']);
  });
});
