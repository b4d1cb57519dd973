import { describe, expect, it } from 'vitest';
import { reportRange, reportToday } from './report-dates';

describe('report dates', () => {
  it('takes today in Kolkata, which begins at 18:30 UTC the day before', () => {
    expect(reportToday('2026-11-21T18:29:59Z', 'Asia/Kolkata')).toBe('2026-11-21');
    expect(reportToday('2026-11-21T18:30:00Z', 'Asia/Kolkata')).toBe('2026-11-22');
  });

  it('takes today in the zone it is given: New York begins the 22nd at 05:00 UTC', () => {
    expect(reportToday('2026-11-22T04:59:59Z', 'America/New_York')).toBe('2026-11-21');
    expect(reportToday('2026-11-22T05:00:00Z', 'America/New_York')).toBe('2026-11-22');
  });

  it('defaults a missing or bad end to the last 7 days, or today only for bet history', () => {
    const today = reportToday('2026-03-07T06:00:00Z', 'Asia/Kolkata');
    expect(reportRange('statement', new URLSearchParams(), today)).toEqual({
      startDate: '2026-03-01',
      endDate: '2026-03-07',
    });
    expect(reportRange('bet-history', new URLSearchParams('startDate=2026-02-30'), today)).toEqual({
      startDate: '2026-03-07',
      endDate: '2026-03-07',
    });
    expect(
      reportRange('profit-loss', new URLSearchParams('startDate=2026-01-05&endDate=x'), today),
    ).toEqual({ startDate: '2026-01-05', endDate: '2026-03-07' });
  });
});
