import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bookAfter, CASH_OUT_MESSAGES, cashOutPlan, type CashOutRunner } from './cash-out.js';
import type { Paise } from './money.js';

/** A runner with its book in rupees and prices as the wire writes them (decimal or per 100). */
function runner(
  selectionId: string,
  plRupees: number,
  back: number | null,
  lay: number | null,
  perHundred = false,
): CashOutRunner {
  const odds = (price: number | null) =>
    price === null ? null : perHundred ? price : Math.round(price * 100);
  return { selectionId, pl: (plRupees * 100) as Paise, back: odds(back), lay: odds(lay) };
}

const rupeesOf = (book: readonly { pl: Paise }[]) => book.map((entry) => entry.pl / 100);

describe('cashOutPlan', () => {
  it('locks a profit on a two-runner market with one lay of the backed runner', () => {
    // Back A ₹1000 @ 2.00: A +1000, B −1000. A now lays at 1.50: lay 2000 / 1.5 = ₹1333.33 → ₹1333,
    // liability round(0.5 × 1333) = ₹667.
    const plan = cashOutPlan(
      'MATCH_ODDS',
      [runner('A', 1000, 1.48, 1.5), runner('B', -1000, 2.9, 3.1)],
      100,
    );
    expect(plan).toEqual({
      ok: true,
      bets: [{ selectionId: 'A', betType: 'Lay', odds: 150, stake: 1333 }],
      book: [
        { selectionId: 'A', pl: 33_300 },
        { selectionId: 'B', pl: 33_300 },
      ],
      locked: 33_300,
    });
  });

  it('locks a loss when the backed runner drifted', () => {
    // A now lays at 3.00: lay 2000 / 3 = ₹666.67 → ₹667, liability round(2 × 667) = ₹1334.
    const plan = cashOutPlan(
      'MATCH_ODDS',
      [runner('A', 1000, 2.96, 3), runner('B', -1000, 1.48, 1.52)],
      100,
    );
    expect(plan.ok && plan.bets).toEqual([
      { selectionId: 'A', betType: 'Lay', odds: 300, stake: 667 },
    ]);
    expect(plan.ok && rupeesOf(plan.book)).toEqual([-334, -333]);
    expect(plan.ok && plan.locked).toBe(-33_400);
  });

  it('needs one bet on a three-runner market when the position is on one runner', () => {
    // Back the draw ₹500 @ 4.00: draw +1500, each team −500. The draw lays at 3.00: 2000 / 3 →
    // ₹667, liability ₹1334 → draw +166, teams +167.
    const plan = cashOutPlan(
      'MATCH_ODDS',
      [runner('H', -500, 2.2, 2.24), runner('A', -500, 3.5, 3.6), runner('D', 1500, 2.96, 3)],
      100,
    );
    expect(plan.ok && plan.bets).toEqual([
      { selectionId: 'D', betType: 'Lay', odds: 300, stake: 667 },
    ]);
    expect(plan.ok && rupeesOf(plan.book)).toEqual([167, 167, 166]);
    expect(plan.ok && plan.locked).toBe(16_600);
  });

  it('evens a position spread over three runners with one bet per unequal runner', () => {
    const runners = [
      runner('H', 300, 1.9, 1.92),
      runner('A', -100, 3.4, 3.45),
      runner('D', -500, 4.1, 4.2),
    ];
    const plan = cashOutPlan('MATCH_ODDS', runners, 100);
    if (!plan.ok) throw new Error(plan.reason);
    // The best level is the highest equal result: tried at every runner's figure.
    expect(plan.bets).toEqual([
      { selectionId: 'H', betType: 'Lay', odds: 192, stake: 417 },
      { selectionId: 'A', betType: 'Lay', odds: 345, stake: 116 },
    ]);
    // H: 300 − round(0.92 × 417) + 116 = 32; A: −100 + 417 − round(2.45 × 116) = 33; D: −500 +
    // 417 + 116 = 33.
    expect(rupeesOf(plan.book)).toEqual([32, 33, 33]);
    expect(plan.locked).toBe(3200);
  });

  it('cashes out a bookmaker position at per-100 odds to the paisa', () => {
    // Back A ₹1000 @ 50: A +500, B −1000. A lays at 40 (return 1.40): 1500 / 1.4 = ₹1071.43 →
    // ₹1071, liability 40 × 1071 paise = ₹428.40.
    const plan = cashOutPlan(
      'BOOKMAKER',
      [runner('A', 500, 38, 40, true), runner('B', -1000, 150, 160, true)],
      100,
    );
    expect(plan.ok && plan.bets).toEqual([
      { selectionId: 'A', betType: 'Lay', odds: 40, stake: 1071 },
    ]);
    expect(plan.ok && rupeesOf(plan.book)).toEqual([71.6, 71]);
    expect(plan.ok && plan.locked).toBe(7100);
  });

  it('cashes out part of a position by percentage', () => {
    // Half of the ₹1333.33 lay: ₹666.67 → ₹667, liability round(0.5 × 667) = ₹334.
    const plan = cashOutPlan(
      'MATCH_ODDS',
      [runner('A', 1000, 1.48, 1.5), runner('B', -1000, 2.9, 3.1)],
      50,
    );
    expect(plan.ok && plan.bets).toEqual([
      { selectionId: 'A', betType: 'Lay', odds: 150, stake: 667 },
    ]);
    expect(plan.ok && rupeesOf(plan.book)).toEqual([666, -333]);
  });

  it('says why when there is nothing to cash out, no price or a stake under ₹1', () => {
    expect(
      cashOutPlan('MATCH_ODDS', [runner('A', 0, 2, 2.02), runner('B', 0, 2, 2.02)], 100),
    ).toEqual({ ok: false, reason: CASH_OUT_MESSAGES.nothing });
    expect(cashOutPlan('MATCH_ODDS', [], 100)).toEqual({
      ok: false,
      reason: CASH_OUT_MESSAGES.nothing,
    });
    expect(
      cashOutPlan('MATCH_ODDS', [runner('A', 1000, 1.5, null), runner('B', -1000, null, 3)], 100),
    ).toEqual({ ok: false, reason: CASH_OUT_MESSAGES.noPrice });
    expect(
      cashOutPlan('MATCH_ODDS', [runner('A', 0.5, 1.5, 1.5), runner('B', 0, 3, 3)], 1),
    ).toEqual({ ok: false, reason: CASH_OUT_MESSAGES.tooSmall });
  });

  it('leaves every runner within the rounding of one bet of each other', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            pl: fc.integer({ min: -50_000, max: 50_000 }),
            back: fc.integer({ min: 101, max: 2000 }),
            spread: fc.integer({ min: 0, max: 20 }),
          }),
          { minLength: 2, maxLength: 4 },
        ),
        (drawn) => {
          const runners = drawn.map((entry, index) => ({
            selectionId: String(index),
            pl: (entry.pl * 100) as Paise,
            back: entry.back,
            lay: entry.back + entry.spread,
          }));
          const plan = cashOutPlan('MATCH_ODDS', runners, 100);
          if (!plan.ok) return;
          expect(plan.book).toEqual(bookAfter('MATCH_ODDS', runners, plan.bets));
          const results = plan.book.map((entry) => entry.pl);
          // Each runner's hedge stake is off by at most ₹0.50 and its figures by ₹1 of rounding:
          // at most odds × ₹0.50 + ₹1 per runner, a hedge that rounded to no bet at all included.
          const slack = runners.reduce(
            (sum, runner) => sum + (Math.max(runner.back, runner.lay) / 100) * 50 + 100,
            0,
          );
          expect(Math.max(...results) - Math.min(...results)).toBeLessThanOrEqual(2 * slack);
        },
      ),
    );
  });
});
