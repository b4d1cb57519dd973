import { describe, expect, it } from 'vitest';
import { defaultDays, differsFromReportZone, marketKind } from './report-parts';

describe('console report parts', () => {
  it('takes the last week of report days in IST, whatever the browser’s zone', () => {
    expect(defaultDays('profit-loss', new Date('2026-11-20T18:29:59.000Z'))).toEqual({
      from: '2026-11-14',
      to: '2026-11-20',
    });
    expect(defaultDays('statement', new Date('2026-11-20T18:30:00.000Z'))).toEqual({
      from: '2026-11-15',
      to: '2026-11-21',
    });
  });

  it('says "IST" only when the browser’s zone is another', () => {
    expect(differsFromReportZone('Asia/Kolkata')).toBe(false);
    expect(differsFromReportZone('Asia/Calcutta')).toBe(false);
    expect(differsFromReportZone('Europe/London')).toBe(true);
    expect(differsFromReportZone(undefined)).toBe(true);
  });

  it('names matka and casino rows as well as the app’s market types', () => {
    expect(['MATKA', 'CASINO', 'BOOKMAKER', 'NEW'].map(marketKind)).toEqual([
      'Matka',
      'Casino',
      'Bookmaker',
      'NEW',
    ]);
  });
});
