import { getSafer } from '@backlay/contract/safer';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../lib/format';
import { formatLimit, formatMinutes, parseWhole, pendingLimitText } from '../../lib/limit-label';
import {
  lossOnlyAnswer,
  noLimitsAnswer,
  saferAnswer,
  SESSION_STARTED_AT,
} from '../../test/fixtures/safer-answers';
import {
  exclusionEndReason,
  exclusionStatement,
  nextCheckAt,
  signedRupees,
  slipLimitsNote,
} from './limits';

const settingsOf = (answer: unknown) => {
  const parsed = getSafer.response.parse(answer);
  if (!parsed.Status) throw new Error(parsed.Result);
  return parsed.Result;
};

const MINUTE = 60_000;
const START = Date.parse(SESSION_STARTED_AT);

describe('the bet slip line', () => {
  it('names the stake limit and the loss limit with the least left, with its period', () => {
    expect(slipLimitsNote(settingsOf(saferAnswer))).toBe(
      'Stake limit ₹1,000 · Loss limit ₹400.00 left today',
    );
    expect(slipLimitsNote(settingsOf(lossOnlyAnswer))).toBe('Loss limit ₹1,234.50 left this week');
  });

  it('says nothing without limits, or before the settings arrive', () => {
    expect(slipLimitsNote(settingsOf(noLimitsAnswer))).toBeNull();
    expect(slipLimitsNote(undefined)).toBeNull();
  });

  it('names a stake limit alone, and the month', () => {
    const settings = settingsOf(noLimitsAnswer);
    const [day, week, , , session] = settings.limits;
    const only = (kind: 'stake' | 'lossMonth', value: number, left: number | null) => ({
      ...settings,
      limits: [
        day!,
        week!,
        { ...settings.limits[2]!, ...(kind === 'lossMonth' ? { value, own: value, left } : {}) },
        { ...settings.limits[3]!, ...(kind === 'stake' ? { value, own: value } : {}) },
        session!,
      ],
    });
    expect(slipLimitsNote(only('stake', 250000, null))).toBe('Stake limit ₹2,50,000');
    expect(slipLimitsNote(only('lossMonth', 50000, 0))).toBe('Loss limit ₹0.00 left this month');
  });
});

describe('limit labels', () => {
  it('writes amounts in whole rupees and the session in hours and minutes', () => {
    expect(formatLimit('lossDay', 100000)).toBe('₹1,00,000');
    expect(formatLimit('session', 45)).toBe('45 minutes');
    expect(formatLimit('session', 120)).toBe('2 hours');
    expect(formatMinutes(1)).toBe('1 minute');
    expect(formatMinutes(61)).toBe('1 hour 1 minute');
    expect(formatMinutes(150.9)).toBe('2 hours 30 minutes');
  });

  it('says when a raise or a removal takes effect', () => {
    const [day, , , , session] = settingsOf(saferAnswer).limits;
    expect(pendingLimitText(day!)).toBe(
      `Raises to ₹9,000 at ${formatDateTime('2026-11-28T08:35:00.000Z')}`,
    );
    expect(pendingLimitText(session!)).toBe(
      `Removed at ${formatDateTime('2026-11-28T07:00:00.000Z')}`,
    );
    expect(pendingLimitText(settingsOf(noLimitsAnswer).limits[0]!)).toBeNull();
  });

  it('writes a net result with its sign', () => {
    expect(signedRupees(-1250)).toBe('-₹1,250.00');
    expect(signedRupees(1200.5)).toBe('+₹1,200.50');
    expect(signedRupees(0)).toBe('₹0.00');
  });
});

describe('typed limits', () => {
  it('takes whole numbers from 1 to a billion, with commas', () => {
    expect(parseWhole('5000')).toBe(5000);
    expect(parseWhole(' 1,00,000 ')).toBe(100000);
    expect(parseWhole('1000000000')).toBe(1_000_000_000);
    for (const text of ['', '0', '12.5', '-5', 'abc', '1000000001', '1e3'])
      expect(parseWhole(text)).toBeUndefined();
  });
});

describe('reality check times', () => {
  it('fall every N minutes from the start of the session', () => {
    expect(nextCheckAt(START, 30, START)).toBe(START + 30 * MINUTE);
    expect(nextCheckAt(START, 30, START + 10 * MINUTE)).toBe(START + 30 * MINUTE);
    expect(nextCheckAt(START, 30, START + 30 * MINUTE)).toBe(START + 60 * MINUTE);
    expect(nextCheckAt(START, 60, START + 95 * MINUTE)).toBe(START + 120 * MINUTE);
    // A clock behind the session's start still waits for the first interval.
    expect(nextCheckAt(START, 120, START - 5 * MINUTE)).toBe(START + 120 * MINUTE);
  });
});

describe('time-outs and self-exclusions', () => {
  it('say what will happen before they are taken', () => {
    const now = Date.parse('2026-11-27T08:35:00.000Z');
    expect(exclusionStatement('7d', now)).toBe(
      `Take a time-out of 7 days? You will be logged out now, and login will be refused until ${formatDateTime('2026-12-04T08:35:00.000Z')}.`,
    );
    expect(exclusionStatement('24h', now)).toContain(formatDateTime('2026-11-28T08:35:00.000Z'));
    expect(exclusionStatement('6m', now)).toBe(
      `Exclude yourself for 6 months? You will be logged out now, and login will be refused until ${formatDateTime('2027-05-27T08:35:00.000Z')}, and after that until an operator lifts the self-exclusion.`,
    );
    expect(exclusionStatement('permanent', now)).toBe(
      'Exclude yourself permanently? You will be logged out now, and login will be refused for good: a permanent self-exclusion cannot be lifted.',
    );
  });

  it('end the session with the reason /login explains', () => {
    expect(exclusionEndReason('30d')).toBe('time_out');
    expect(exclusionEndReason('6m')).toBe('self_excluded');
    expect(exclusionEndReason('permanent')).toBe('self_excluded');
  });
});
