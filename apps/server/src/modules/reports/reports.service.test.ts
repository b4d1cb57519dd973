import { calendarDateParse, type CalendarDate } from '@backlay/domain';
import { describe, expect, it } from 'vitest';
import { calendarDayIn, reportRange, statementKind } from './reports.service.js';

const day = (text: string) => calendarDateParse(text) as CalendarDate;

describe('report date ranges', () => {
  it('reads an instant as the calendar day of the report time zone', () => {
    // 18:29:59Z is 23:59:59 in Kolkata; 18:30Z is already the next day there.
    expect(calendarDayIn('Asia/Kolkata', new Date('2026-11-03T18:29:59Z'))).toBe('2026-11-03');
    expect(calendarDayIn('Asia/Kolkata', new Date('2026-11-03T18:30:00Z'))).toBe('2026-11-04');
    expect(calendarDayIn('UTC', new Date('2026-11-03T18:30:00Z'))).toBe('2026-11-03');
  });

  it('takes the last 7 days for the statement and today for bet history when no dates are given', () => {
    const today = day('2026-03-02');
    expect(reportRange('statement', {}, today)).toEqual({
      ok: true,
      range: { startDate: '2026-02-24', endDate: '2026-03-02' },
    });
    expect(reportRange('bet-history', {}, today)).toEqual({
      ok: true,
      range: { startDate: '2026-03-02', endDate: '2026-03-02' },
    });
  });

  it('keeps given days and fills only the missing end from the default range', () => {
    const today = day('2026-03-02');
    expect(reportRange('profit-loss', { startDate: '2026-01-01' }, today)).toEqual({
      ok: true,
      range: { startDate: '2026-01-01', endDate: '2026-03-02' },
    });
    expect(
      reportRange('profit-loss', { startDate: '2026-02-27', endDate: '2026-02-27' }, today),
    ).toEqual({ ok: true, range: { startDate: '2026-02-27', endDate: '2026-02-27' } });
  });

  it('refuses a start after the end', () => {
    expect(
      reportRange(
        'statement',
        { startDate: '2026-03-03', endDate: '2026-03-02' },
        day('2026-03-05'),
      ),
    ).toEqual({ ok: false, message: 'startDate must not be after endDate' });
  });

  it('accepts 366 days both ends included and refuses 367', () => {
    const today = day('2026-12-31');
    expect(
      reportRange('statement', { startDate: '2024-01-01', endDate: '2024-12-31' }, today).ok,
    ).toBe(true);
    const tooLong = reportRange(
      'statement',
      { startDate: '2024-01-01', endDate: '2025-01-01' },
      today,
    );
    expect(tooLong).toEqual({
      ok: false,
      message: 'A report covers at most 366 days: narrow startDate … endDate',
    });
  });
});

describe('statement types', () => {
  it('maps Balance to credit rows, Settlement to market results and ProfitLoss to casino and matka', () => {
    expect(statementKind('All')).toBeNull();
    expect(statementKind('Balance')).toBe('credit');
    expect(statementKind('Settlement')).toBe('settlement');
    expect(statementKind('ProfitLoss')).toBe('profit_loss');
  });
});
