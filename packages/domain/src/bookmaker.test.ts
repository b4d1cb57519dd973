import { describe, expect, it } from 'vitest';
import {
  bookmakerRowPrices,
  bookmakerRowsAssemble,
  type BookmakerRow,
  type CustomBookmakerRow,
} from './bookmaker.js';

const feed = (selectionId: string, status = 'ACTIVE'): BookmakerRow => ({
  MarketId: '123B',
  selectionId,
  RunnerName: `Team ${selectionId}`,
  status,
  BackPrice1: 45,
  BackSize1: 100000,
  LayPrice1: 48,
  LaySize1: 100000,
});

const custom = (
  selectionId: string,
  flags: { IsCustome: boolean; IsActive: boolean },
  extra: Partial<CustomBookmakerRow> = {},
): CustomBookmakerRow => ({
  ...feed(selectionId),
  RunnerName: `Custom ${selectionId}`,
  status: 'SUSPENDED',
  BackPrice1: 20,
  BackSize1: 500,
  LayPrice1: 22,
  LaySize1: 500,
  ...flags,
  ...extra,
});

describe('custom bookmaker markets', () => {
  it('passes the feed through when there are no custom rows', () => {
    expect(bookmakerRowsAssemble([feed('1'), feed('2')], [])).toEqual([feed('1'), feed('2')]);
  });

  it('overrides a runner’s prices when its custom row is active', () => {
    const rows = bookmakerRowsAssemble(
      [feed('1'), feed('2')],
      [custom('2', { IsCustome: false, IsActive: true })],
    );
    expect(rows[1]).toEqual({
      ...feed('2'),
      BackPrice1: 20,
      BackSize1: 500,
      LayPrice1: 22,
      LaySize1: 500,
    });
  });

  it('leaves a runner alone when its custom row is not active', () => {
    const rows = bookmakerRowsAssemble(
      [feed('1')],
      [custom('1', { IsCustome: true, IsActive: false }, { status: 'ACTIVE' })],
    );
    expect(rows).toEqual([feed('1')]);
  });

  it('adds a custom runner when IsCustome and its status is ACTIVE', () => {
    const rows = bookmakerRowsAssemble(
      [feed('1')],
      [
        custom('7', { IsCustome: true, IsActive: false }, { MarketId: '123B', status: 'ACTIVE' }),
        custom('8', { IsCustome: true, IsActive: true }, { status: 'SUSPENDED' }),
        custom('9', { IsCustome: false, IsActive: true }, { status: 'ACTIVE' }),
        custom('7', { IsCustome: true, IsActive: false }, { status: 'ACTIVE', BackPrice1: 99 }),
      ],
    );
    expect(rows.map((row) => row.selectionId)).toEqual(['1', '7']);
    expect(rows[1]).toEqual({
      MarketId: '123B',
      selectionId: '7',
      RunnerName: 'Custom 7',
      status: 'ACTIVE',
      BackPrice1: 20,
      BackSize1: 500,
      LayPrice1: 22,
      LaySize1: 500,
    });
  });

  it('matches custom rows to runners by market id and selection id', () => {
    const rows = bookmakerRowsAssemble(
      [feed('1')],
      [custom('1', { IsCustome: false, IsActive: true }, { MarketId: '999B' })],
    );
    expect(rows).toEqual([feed('1')]);
  });
});

describe('bookmaker rows as the house rule reads them', () => {
  it('gives each runner under its name in hundredths, and nothing for a runner not active or a price of 0', () => {
    expect(
      bookmakerRowPrices([
        feed('1'),
        feed('2', 'SUSPENDED'),
        { ...feed('3'), BackPrice1: 0, LayPrice1: 250 },
      ]),
    ).toEqual([
      { selectionId: 'Team 1', back: 145, lay: 148 },
      { selectionId: 'Team 2', back: null, lay: null },
      { selectionId: 'Team 3', back: null, lay: 350 },
    ]);
  });
});
