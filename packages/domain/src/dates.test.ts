import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  calendarDateAddDays,
  calendarDateCompare,
  calendarDateParse,
  reportDefaultDays,
  reportDefaultRange,
  type CalendarDate,
  type DatedReport,
} from './dates.js';

const day = (text: string) => calendarDateParse(text)!;

describe('calendar dates', () => {
  it('reads YYYY-MM-DD days that exist', () => {
    expect(calendarDateParse('2024-03-07')).toBe('2024-03-07');
    expect(calendarDateParse('2024-02-29')).toBe('2024-02-29');
    expect(calendarDateParse('2000-02-29')).toBe('2000-02-29');
    expect(calendarDateParse('2023-04-30')).toBe('2023-04-30');
  });

  it('refuses other shapes and days that do not exist', () => {
    for (const text of [
      '2023-02-29',
      '1900-02-29',
      '2023-04-31',
      '2023-13-01',
      '2023-00-10',
      '2023-01-00',
      '0000-01-01',
      '2023-1-01',
      '20230101',
      '2023-01-01T00:00',
      '',
    ]) {
      expect(calendarDateParse(text), text).toBeNull();
    }
  });

  it('adds and subtracts days across months, years and leap days', () => {
    expect(calendarDateAddDays(day('2024-03-01'), -1)).toBe('2024-02-29');
    expect(calendarDateAddDays(day('2023-03-01'), -1)).toBe('2023-02-28');
    expect(calendarDateAddDays(day('2024-01-03'), -6)).toBe('2023-12-28');
    expect(calendarDateAddDays(day('2023-12-31'), 1)).toBe('2024-01-01');
    expect(calendarDateAddDays(day('2024-03-07'), 0)).toBe('2024-03-07');
    expect(calendarDateAddDays(day('1970-01-01'), -1)).toBe('1969-12-31');
  });

  it('refuses to leave years 0001 to 9999', () => {
    expect(calendarDateAddDays(day('0001-01-01'), -1)).toBeNull();
    expect(calendarDateAddDays(day('9999-12-31'), 1)).toBeNull();
  });

  it('orders days', () => {
    expect(calendarDateCompare(day('2024-03-01'), day('2024-03-07'))).toBeLessThan(0);
    expect(calendarDateCompare(day('2024-03-07'), day('2024-03-01'))).toBeGreaterThan(0);
    expect(calendarDateCompare(day('2024-03-07'), day('2024-03-07'))).toBe(0);
  });

  it('steps one day at a time exactly as the calendar does', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('1900-01-01T00:00:00Z'),
          max: new Date('2200-12-31T00:00:00Z'),
          noInvalidDate: true,
        }),
        fc.integer({ min: -4000, max: 4000 }),
        (date, offset) => {
          const text = date.toISOString().slice(0, 10);
          const shifted = new Date(Date.parse(`${text}T00:00:00Z`) + offset * 86_400_000);
          const parsed = calendarDateParse(text);
          expect(parsed).toBe(text);
          expect(calendarDateAddDays(parsed as CalendarDate, offset)).toBe(
            shifted.toISOString().slice(0, 10),
          );
        },
      ),
    );
  });
});

describe('report default ranges', () => {
  it('covers the last 7 calendar days, today included, for the statement and profit/loss', () => {
    expect(reportDefaultRange('statement', day('2024-03-07'))).toEqual({
      startDate: '2024-03-01',
      endDate: '2024-03-07',
    });
    expect(reportDefaultRange('profit-loss', day('2024-01-03'))).toEqual({
      startDate: '2023-12-28',
      endDate: '2024-01-03',
    });
    expect(reportDefaultDays('statement')).toBe(7);
  });

  it('covers today only for bet history', () => {
    expect(reportDefaultRange('bet-history', day('2024-03-07'))).toEqual({
      startDate: '2024-03-07',
      endDate: '2024-03-07',
    });
  });

  it('clamps a start before year 0001', () => {
    expect(reportDefaultRange('statement', day('0001-01-03')).startDate).toBe('0001-01-01');
  });
});

describe('reports outside the union', () => {
  it('throw, since only an unvalidated value can get there', () => {
    expect(() => reportDefaultDays('matka' as DatedReport)).toThrow('Unexpected report');
  });
});
