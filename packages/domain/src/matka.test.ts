import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MATKA_HARUP_ROW_A,
  MATKA_HARUP_ROW_B,
  MATKA_MESSAGES,
  matkaAmountCheck,
  matkaBetNo,
  matkaBoardNumbers,
  matkaCrossing,
  matkaHarup,
  matkaPasteConfirm,
  matkaPasteFormat,
  matkaPasteParse,
  matkaSingleBet,
  matkaTotal,
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
