import { describe, expect, it } from 'vitest';
import {
  exclusionEnd,
  exclusionKindOf,
  exclusionLoginRefusal,
  instantText,
  LIMIT_RAISE_DELAY_MS,
  limitChange,
} from './safer.js';

const AT = new Date('2026-11-21T10:00:00Z');

describe('limitChange', () => {
  it('sets a first limit, a lower one or the same at once', () => {
    expect(limitChange(null, 1000, null, AT)).toEqual({ ok: true, from: 'now' });
    expect(limitChange(1000, 500, null, AT)).toEqual({ ok: true, from: 'now' });
    expect(limitChange(1000, 1000, null, AT)).toEqual({ ok: true, from: 'now' });
    expect(limitChange(null, null, null, AT)).toEqual({ ok: true, from: 'now' });
  });

  it('raises or removes a limit only 24 hours later', () => {
    const later = new Date(AT.getTime() + LIMIT_RAISE_DELAY_MS);
    expect(LIMIT_RAISE_DELAY_MS).toBe(86_400_000);
    expect(limitChange(1000, 1001, null, AT)).toEqual({ ok: true, from: later });
    expect(limitChange(1000, null, null, AT)).toEqual({ ok: true, from: later });
  });

  it("refuses a value above the operator's ceiling, not one at it", () => {
    expect(limitChange(null, 2001, 2000, AT)).toEqual({ ok: false, reason: 'aboveCeiling' });
    expect(limitChange(null, 2000, 2000, AT)).toEqual({ ok: true, from: 'now' });
  });
});

describe('exclusions', () => {
  it('ends time-outs after 24 hours, 7 or 30 days and self-exclusions after 6 calendar months or never', () => {
    expect(exclusionEnd('24h', AT)).toEqual(new Date('2026-11-22T10:00:00Z'));
    expect(exclusionEnd('7d', AT)).toEqual(new Date('2026-11-28T10:00:00Z'));
    expect(exclusionEnd('30d', AT)).toEqual(new Date('2026-12-21T10:00:00Z'));
    expect(exclusionEnd('6m', AT)).toEqual(new Date('2027-05-21T10:00:00Z'));
    expect(exclusionEnd('permanent', AT)).toBeNull();
    expect(['24h', '7d', '30d', '6m', 'permanent'].map((p) => exclusionKindOf(p as never))).toEqual(
      ['time_out', 'time_out', 'time_out', 'self_exclusion', 'self_exclusion'],
    );
  });

  it('refuses a login with the end date in the zone, until an operator lifts an ended self-exclusion', () => {
    const tz = 'Asia/Kolkata';
    const until = new Date('2026-11-22T10:00:00Z');
    expect(exclusionLoginRefusal({ kind: 'time_out', until }, AT, tz)).toBe(
      'You are on a time-out until 22 Nov 2026, 15:30.',
    );
    expect(exclusionLoginRefusal({ kind: 'time_out', until }, until, tz)).toBeNull();
    expect(exclusionLoginRefusal({ kind: 'self_exclusion', until }, AT, tz)).toBe(
      'You have excluded yourself until 22 Nov 2026, 15:30.',
    );
    expect(exclusionLoginRefusal({ kind: 'self_exclusion', until }, until, tz)).toBe(
      'Your self-exclusion ended on 22 Nov 2026, 15:30. Only your operator can lift it: please contact them.',
    );
    expect(exclusionLoginRefusal({ kind: 'self_exclusion', until: null }, AT, tz)).toBe(
      'You have excluded yourself permanently.',
    );
  });

  it("writes instants as PostgreSQL's 'DD Mon YYYY, HH24:MI' does, midnight as 00:00", () => {
    expect(instantText(new Date('2026-09-04T18:30:00Z'), 'Asia/Kolkata')).toBe(
      '05 Sep 2026, 00:00',
    );
    expect(instantText(new Date('2026-01-31T23:59:00Z'), 'UTC')).toBe('31 Jan 2026, 23:59');
  });
});
