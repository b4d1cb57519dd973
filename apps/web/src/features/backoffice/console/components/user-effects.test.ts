import { describe, expect, it } from 'vitest';
import { AGENT_ROW, CLIENT_ROW, ME } from './downline-fixtures';
import {
  AMOUNT_PROBLEM,
  clearPlEffect,
  depositEffect,
  exposureLimitEffect,
  lockStatement,
  parsePercent,
  parseRupeesOrZero,
  percentText,
} from './user-effects';

describe('the effects of an action, in words', () => {
  it('asks for an amount before it says what a deposit moves', () => {
    expect(depositEffect(AGENT_ROW, ME, undefined).problem).toBe(AMOUNT_PROBLEM);
  });

  it('stops a deposit my balance does not cover, in the server’s words; the admin’s always does', () => {
    expect(depositEffect(AGENT_ROW, ME, 40000.01).problem).toBe(
      'Your balance of ₹40,000.00 does not cover ₹40,000.01',
    );
    const admin = { ...ME, level: 'admin' as const, balance: -100000 };
    expect(depositEffect(AGENT_ROW, admin, 5000)).toEqual({
      statement:
        'Deposit ₹5,000.00 to rahul07: your balance -₹1,00,000.00 → -₹1,05,000.00, its balance ₹10,000.00 → ₹15,000.00',
      problem: undefined,
    });
  });

  it('sums rupees to the paisa', () => {
    const me = { ...ME, balance: 0.3 };
    expect(depositEffect({ ...AGENT_ROW, balance: 0.1 }, me, 0.2).statement).toBe(
      'Deposit ₹0.20 to rahul07: your balance ₹0.30 → ₹0.10, its balance ₹0.10 → ₹0.30',
    );
  });

  it('clears a P/L that is up from the free balance, partly when it covers no more', () => {
    const up = { ...CLIENT_ROW, balance: 10500, freeBalance: 10000, referencePl: 500 };
    expect(clearPlEffect(up, ME).statement).toBe(
      "Clear c1's P/L of +₹500.00: ₹500.00 from c1, its free balance ₹10,000.00 → ₹9,500.00, yours ₹40,000.00 → ₹40,500.00",
    );
    const short = { ...up, freeBalance: 300 };
    expect(clearPlEffect(short, ME).statement).toBe(
      "Clear ₹300.00 of c1's P/L of +₹500.00 (its free balance covers no more): its free balance ₹300.00 → ₹0.00, yours ₹40,000.00 → ₹40,300.00",
    );
    expect(clearPlEffect({ ...up, freeBalance: 0 }, ME).problem).toBe(
      'c1 has no free balance to clear its P/L with',
    );
    expect(clearPlEffect({ ...up, referencePl: 0 }, ME).problem).toBe(
      "c1's reference P/L is already 0",
    );
  });

  it('sets or removes an exposure limit', () => {
    const open = { ...CLIENT_ROW, exposureLimit: null };
    expect(exposureLimitEffect(open, 0).statement).toBe(
      'Set the exposure limit of c1: no limit → ₹0.00',
    );
    expect(exposureLimitEffect(open, undefined).problem).toBeTruthy();
  });

  it('says a lock on a client holds for it alone', () => {
    expect(lockStatement(CLIENT_ROW, 'login', true)).toBe(
      'Lock the login of c1: it can no longer log in, and its sessions end now',
    );
    expect(lockStatement(AGENT_ROW, 'betting', true)).toBe(
      'Lock the betting of rahul07: no new bets by any client below it; bets already placed stand',
    );
  });

  it('reads shares and rupees as typed', () => {
    expect(parsePercent('33.33')).toBe(33.33);
    expect(parsePercent('100.01')).toBeUndefined();
    expect(parsePercent('1.234')).toBeUndefined();
    expect(parseRupeesOrZero('0.00')).toBe(0);
    expect(parseRupeesOrZero('1,00,000')).toBe(100000);
    expect(parseRupeesOrZero('-5')).toBeUndefined();
    expect(percentText(0.5)).toBe('0.50 %');
    expect(percentText(90)).toBe('90 %');
  });
});
