import { describe, expect, it } from 'vitest';
import {
  FANCY_DASH,
  fancyRowIsOpen,
  fancyRowQuote,
  fancyRowsAssemble,
  fancyRunnerIsHidden,
  type FancyOperatorRow,
  type FancyRateRow,
  type FancyRow,
  type FancySettings,
} from './fancy.js';

const rate = (id: string, name = `Over ${id} runs IND`, line = 45): FancyRateRow => ({
  SelectionId: id,
  RunnerName: name,
  BackPrice1: line + 1,
  BackSize1: 110,
  LayPrice1: line,
  LaySize1: 90,
  GameStatus: '',
});

const operator = (
  id: string,
  flags: { isCustome: boolean; isActive: boolean },
  extra: Partial<FancyOperatorRow> = {},
): FancyOperatorRow => ({
  ...rate(id),
  BackPrice1: 61,
  BackSize1: 100,
  LayPrice1: 60,
  LaySize1: 100,
  GameStatus: 'Ball Running',
  min: 200,
  max: 20000,
  ...flags,
  ...extra,
});

const settings = (overrides: Partial<FancySettings> = {}): FancySettings => ({
  IsFancyActive: true,
  EvBetStatus: true,
  SessionMinStake: 100,
  SessionMaxStake: 50000,
  ...overrides,
});

const ids = (rows: readonly FancyRow[]) => rows.map((row) => row.SelectionId);

describe('fancy rows assembly with IsFancyActive true', () => {
  it('shows every rate row with the session min and max', () => {
    const rows = fancyRowsAssemble([rate('1'), rate('2')], [], settings());
    expect(rows).toEqual([
      { ...rate('1'), min: 100, max: 50000, isCustome: false, isActive: false },
      { ...rate('2'), min: 100, max: 50000, isCustome: false, isActive: false },
    ]);
  });

  it('lets a custom row override the prices and GameStatus but keep the session limits', () => {
    const [row] = fancyRowsAssemble(
      [rate('1')],
      [operator('1', { isCustome: true, isActive: false })],
      settings(),
    );
    expect(row).toEqual({
      ...rate('1'),
      BackPrice1: 61,
      BackSize1: 100,
      LayPrice1: 60,
      LaySize1: 100,
      GameStatus: 'Ball Running',
      min: 100,
      max: 50000,
      isCustome: true,
      isActive: false,
    });
  });

  it('lets an active row take its own min and max but keep the feed prices', () => {
    const [row] = fancyRowsAssemble(
      [rate('1')],
      [operator('1', { isCustome: false, isActive: true })],
      settings(),
    );
    expect(row).toEqual({ ...rate('1'), min: 200, max: 20000, isCustome: false, isActive: true });
  });

  it('applies both when a row is custom and active', () => {
    const [row] = fancyRowsAssemble(
      [rate('1')],
      [operator('1', { isCustome: true, isActive: true })],
      settings(),
    );
    expect(row).toMatchObject({ LayPrice1: 60, GameStatus: 'Ball Running', min: 200, max: 20000 });
  });

  it('removes a row whose operator row is neither custom nor active', () => {
    const rows = fancyRowsAssemble(
      [rate('1'), rate('2')],
      [operator('1', { isCustome: false, isActive: false })],
      settings(),
    );
    expect(ids(rows)).toEqual(['2']);
  });

  it('adds a custom row the feed does not quote after the rate rows, but not an active-only one', () => {
    const rows = fancyRowsAssemble(
      [rate('1')],
      [
        operator('9', { isCustome: true, isActive: false }, { RunnerName: 'Custom session' }),
        operator('8', { isCustome: false, isActive: true }),
      ],
      settings(),
    );
    expect(ids(rows)).toEqual(['1', '9']);
    expect(rows[1]).toMatchObject({ RunnerName: 'Custom session', LayPrice1: 60, min: 100 });
  });

  it('counts only the first operator row of a selection', () => {
    const rows = fancyRowsAssemble(
      [rate('1')],
      [
        operator('1', { isCustome: false, isActive: true }, { min: 300 }),
        operator('1', { isCustome: false, isActive: false }),
      ],
      settings(),
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.min).toBe(300);
  });
});

describe('fancy rows assembly with IsFancyActive false', () => {
  it('shows only custom and active rows', () => {
    const rows = fancyRowsAssemble(
      [rate('1'), rate('2'), rate('3'), rate('4')],
      [
        operator('2', { isCustome: true, isActive: false }),
        operator('3', { isCustome: false, isActive: true }),
        operator('4', { isCustome: false, isActive: false }),
      ],
      settings({ IsFancyActive: false }),
    );
    expect(ids(rows)).toEqual(['2', '3']);
  });
});

describe('event lock', () => {
  it('forces every row to SUSPENDED with dashes when EvBetStatus is false', () => {
    const rows = fancyRowsAssemble(
      [rate('1')],
      [operator('9', { isCustome: true, isActive: true })],
      settings({ EvBetStatus: false }),
    );
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row).toMatchObject({
        BackPrice1: FANCY_DASH,
        BackSize1: '-',
        LayPrice1: '-',
        LaySize1: '-',
        GameStatus: 'SUSPENDED',
      });
      expect(fancyRowIsOpen(row)).toBe(false);
    }
    expect(rows[1]).toMatchObject({ min: 200, max: 20000 });
  });
});

describe('hidden fancy runners', () => {
  it('hides names with Total, bhav, by, boundaries, bahv or Boundaries as whole words', () => {
    for (const name of [
      'Total runs IND',
      'Match-Total',
      'Match bhav',
      'Toss bahv',
      'Runs by Kohli',
      '6 over run-by IND',
      'Total boundaries',
      'Boundaries in 10 overs',
      'fours (boundaries)',
    ]) {
      expect(fancyRunnerIsHidden(name), name).toBe(true);
    }
  });

  it('matches case-sensitively and not inside longer words', () => {
    for (const name of [
      'Derby runs',
      'Abby 50 runs',
      'Kirby wickets',
      'BY runs',
      'total runs',
      'Totals',
      'TOTAL',
      'Bhav',
      'boundary count',
      'Boundaries2',
      'bhavna runs',
    ]) {
      expect(fancyRunnerIsHidden(name), name).toBe(false);
    }
  });

  it('hides names containing .1 to .6 anywhere', () => {
    for (const marker of ['.1', '.2', '.3', '.4', '.5', '.6']) {
      expect(fancyRunnerIsHidden(`6${marker} over runs`)).toBe(true);
    }
    expect(fancyRunnerIsHidden('Over 10.15')).toBe(true);
    expect(fancyRunnerIsHidden('7.0 over runs')).toBe(false);
    expect(fancyRunnerIsHidden('6.7 over')).toBe(false);
    expect(fancyRunnerIsHidden('10 over runs IND')).toBe(false);
  });

  it('drops hidden names from the assembled rows, custom rows included', () => {
    const rows = fancyRowsAssemble(
      [rate('1', 'Total runs'), rate('2', '10 over runs IND'), rate('3', '6.2 over')],
      [operator('9', { isCustome: true, isActive: false }, { RunnerName: 'Match bhav' })],
      settings(),
    );
    expect(ids(rows)).toEqual(['2']);
  });
});

describe('fancy row open', () => {
  const row: FancyRow = {
    ...rate('1'),
    min: 100,
    max: 50000,
    isCustome: false,
    isActive: false,
  };

  it('takes bets with an empty or ACTIVE GameStatus and numeric prices', () => {
    expect(fancyRowIsOpen(row)).toBe(true);
    expect(fancyRowIsOpen({ ...row, GameStatus: 'ACTIVE' })).toBe(true);
  });

  it('refuses bets with any other status or a dash for a price', () => {
    expect(fancyRowIsOpen({ ...row, GameStatus: 'Ball Running' })).toBe(false);
    expect(fancyRowIsOpen({ ...row, BackPrice1: '-' })).toBe(false);
    expect(fancyRowIsOpen({ ...row, BackSize1: '-' })).toBe(false);
    expect(fancyRowIsOpen({ ...row, LayPrice1: '-' })).toBe(false);
    expect(fancyRowIsOpen({ ...row, LaySize1: '-' })).toBe(false);
  });
});

describe('a fancy row as the house rule reads it', () => {
  it('reads No from the lay side and Yes from the back side, and nothing from a dashed row', () => {
    const row = fancyRowsAssemble([rate('1')], [], settings())[0];
    expect(row && fancyRowQuote(row)).toEqual({
      noLine: row?.LayPrice1,
      noRate: row?.LaySize1,
      yesLine: row?.BackPrice1,
      yesRate: row?.BackSize1,
    });
    const locked = fancyRowsAssemble([rate('1')], [], settings({ EvBetStatus: false }))[0];
    expect(locked && fancyRowQuote(locked)).toBeNull();
  });
});
