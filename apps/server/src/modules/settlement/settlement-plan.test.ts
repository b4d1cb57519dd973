import { describe, expect, it } from 'vitest';
import {
  betMarks,
  betOutcomes,
  clientLines,
  netByClient,
  paidCommission,
  remarkOf,
  resultRefusal,
  resultText,
  targetOf,
  type Result,
  type SettledBet,
  type Target,
} from './settlement-plan.js';

/* What a settlement decides (docs/decisions.md#money), without a database. */

const MARKET: Target = {
  target: '1.42',
  eventId: '42',
  marketType: 'MATCH_ODDS',
  label: 'Match Odds',
  description: 'Lions v Tigers - Match Odds',
  isFancy: false,
  runners: [
    { selectionId: '1', name: 'Lions' },
    { selectionId: '2', name: 'Tigers' },
  ],
};
const SESSION: Target = {
  target: '42-1',
  eventId: '42',
  marketType: 'FANCY',
  label: '10 over runs',
  description: 'Lions v Tigers - 10 over runs',
  isFancy: true,
  runners: [],
};
const won: Result = { kind: 'winner', marketId: '1.42', selectionId: '1' };
const runs: Result = { kind: 'runs', selectionId: '42-1', runs: 55 };
const voided: Result = { kind: 'void', target: '1.42', reason: 'abandoned' };

const bet = (id: string, clientId: string, overrides: Partial<SettledBet>): SettledBet => ({
  id,
  client_id: clientId,
  selection_id: '1',
  bet_type: 'Back',
  odds: 200,
  profit_paise: '10000',
  liability_paise: '10000',
  stake: 100,
  takes_id: '1',
  ...overrides,
});

describe('the result and its target', () => {
  it('names the target and the stored text of a market or a session', () => {
    expect([targetOf(won), targetOf(runs), targetOf(voided)]).toEqual(['1.42', '42-1', '1.42']);
    expect([resultText(won), resultText(runs), resultText(voided)]).toEqual(['1', '55', 'VOID']);
  });

  it('refuses a winner that is not a runner, a winner of a session and runs of a market', () => {
    expect(resultRefusal(MARKET, won)).toBeNull();
    expect(resultRefusal(MARKET, { ...won, selectionId: '3' })).toBe(
      'Selection 3 is not a runner of 1.42',
    );
    expect(resultRefusal(SESSION, { ...won, selectionId: '1' })).toBe(
      'Selection 1 is not a runner of 42-1',
    );
    expect(resultRefusal(MARKET, runs)).toBe('1.42 is not a fancy session');
    expect(resultRefusal(SESSION, runs)).toBeNull();
    expect(resultRefusal(SESSION, voided)).toBeNull();
  });

  it('writes the remark of the ledger pair', () => {
    expect(remarkOf(MARKET, won)).toBe('Match Odds: Lions won');
    expect(remarkOf(SESSION, runs)).toBe('10 over runs: 55 runs');
    expect(remarkOf(MARKET, voided)).toBe('Void');
  });
});

describe('the bets, the lines and the marks', () => {
  it("settles each bet at the domain's figures, per client with commission on a net win", () => {
    const bets = [
      bet('1', 'a', {}),
      bet('2', 'a', { selection_id: '2', profit_paise: '5000', liability_paise: '3333' }),
      bet('3', 'b', { bet_type: 'Lay', profit_paise: '10000', liability_paise: '10000' }),
    ];
    const outcomes = betOutcomes(bets, won);
    expect(outcomes.map((outcome) => outcome.pl)).toEqual([10_000, -3333, -10_000]);
    const byClient = netByClient(outcomes);
    expect([...byClient]).toEqual([
      ['a', 6667],
      ['b', -10_000],
    ]);
    const lines = clientLines(byClient, [
      { account_id: '100', client_id: 'a', commission_bp: 250 },
      { account_id: '101', client_id: 'b', commission_bp: 250 },
    ]);
    // 2.5 % of 6667 is 166.675: rounded half away from zero; no commission on a loss.
    expect(lines).toEqual([
      { clientId: 'a', accountId: '100', gross: 6667n, commission: 167n },
      { clientId: 'b', accountId: '101', gross: -10_000n, commission: 0n },
    ]);
    expect(betMarks(outcomes, won)).toEqual([
      { id: '1', status: 'Settled', plPaise: 10_000, remark: null },
      { id: '2', status: 'Lost', plPaise: -3333, remark: null },
      { id: '3', status: 'Lost', plPaise: -10_000, remark: null },
    ]);
  });

  it('settles a fancy bet on the runs, and refuses a bet without a valid line', () => {
    const yes = bet('1', 'a', { selection_id: '42-1', bet_type: 'Yes', odds: 50 });
    const no = bet('2', 'a', { selection_id: '42-1', bet_type: 'No', odds: 60 });
    expect(betOutcomes([yes, no], runs).map((outcome) => outcome.pl)).toEqual([10_000, 10_000]);
    expect(() => betOutcomes([bet('3', 'a', { odds: -1 })], runs)).toThrow(
      'bet 3 has no valid line',
    );
  });

  it('voids every bet at 0, Settled with the remark Void', () => {
    const outcomes = betOutcomes([bet('1', 'a', {}), bet('2', 'b', { bet_type: 'Lay' })], voided);
    expect(outcomes.map((outcome) => outcome.pl)).toEqual([0, 0]);
    expect(betMarks(outcomes, voided).map((mark) => [mark.status, mark.remark])).toEqual([
      ['Settled', 'Void'],
      ['Settled', 'Void'],
    ]);
  });
});

describe('the commission paid to a client (docs/agents.md#commission)', () => {
  const rates = { matchBp: 100, sessionBp: 200 };

  it('pays match commission on the net loss, rounded down, borne by the latest bet’s takes', () => {
    // Lost ₹600 under takes 7, won ₹100 under takes 9: ₹5.00 on the ₹500 lost.
    const outcomes = [
      { bet: bet('12', 'a', { takes_id: '9' }), pl: 10_000 },
      { bet: bet('11', 'a', { takes_id: '7' }), pl: -60_000 },
    ];
    expect(paidCommission(MARKET, won, outcomes, rates)).toEqual({ paise: 500n, takesId: '9' });
    // 333.33 lost at 1 %: 333 paise.
    expect(paidCommission(MARKET, won, [{ bet: bet('1', 'a', {}), pl: -33_333 }], rates)).toEqual({
      paise: 333n,
      takesId: '1',
    });
  });

  it('pays nothing on a net win or an even result, nor on a void', () => {
    const one = (pl: number) => [{ bet: bet('1', 'a', {}), pl }];
    expect(paidCommission(MARKET, won, one(10_000), rates).paise).toBe(0n);
    expect(paidCommission(MARKET, won, one(0), rates).paise).toBe(0n);
    expect(paidCommission(SESSION, voided, one(0), rates).paise).toBe(0n);
  });

  it('pays session commission on the stakes of a session’s bets, won or lost', () => {
    const outcomes = [
      { bet: bet('1', 'a', { stake: 100, takes_id: null }), pl: 11_000 },
      { bet: bet('2', 'a', { stake: 150, takes_id: null }), pl: -15_000 },
    ];
    // 2 % of ₹250 staked: ₹5.00, whatever the result; a bet before the network: the admin's takes.
    expect(paidCommission(SESSION, runs, outcomes, rates)).toEqual({ paise: 500n, takesId: null });
  });
});
