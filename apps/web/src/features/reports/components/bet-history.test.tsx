import { getBetHistory } from '@backlay/contract/reports';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routeFetch } from '../../../test/fetch';
import { betHistoryAnswer, voidBet } from '../../../test/fixtures/reports-answers';
import { renderScreen } from '../../../test/render';
import { NO_DATA } from '../../../ui/data-table';
import { BetHistoryReport } from './bet-history';
import { eventually } from '../../../test/eventually';

const PATH = '/api/UserBetModels/GetBetHistory';
const SPORTS = [
  { id: 4, name: 'Cricket' },
  { id: 1, name: 'Soccer' },
  { id: 2, name: 'Tennis' },
];

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-21T19:00:00Z')); // 22 Nov in Kolkata
});
afterEach(() => vi.useRealTimers());

function answer(body: unknown = betHistoryAnswer) {
  return routeFetch({ [PATH]: () => ({ body: getBetHistory.response.parse(body) }) });
}

const queryOf = (url: string) => Object.fromEntries(new URL(url, 'http://localhost').searchParams);

describe('bet history', () => {
  it('asks for today only, every sport, market and status', async () => {
    const { calls } = answer();
    renderScreen(<BetHistoryReport sports={SPORTS} reportTimeZone="Asia/Kolkata" />, {
      path: '/bethistory',
    });
    await screen.findAllByText('Lions v Tigers');
    expect(queryOf(calls[0]!.url)).toEqual({
      userId: '3',
      sportsId: '0',
      skipRec: '0',
      psize: '10',
      marketType: '0',
      startDate: '2026-11-22',
      endDate: '2026-11-22',
    });
  });

  it("takes today in the server's REPORT_TZ: 19:00 UTC on 21 Nov is still the 21st in New York", async () => {
    const { calls } = answer();
    renderScreen(<BetHistoryReport sports={SPORTS} reportTimeZone="America/New_York" />, {
      path: '/bethistory',
    });
    await screen.findAllByText('Lions v Tigers');
    expect(queryOf(calls[0]!.url)).toMatchObject({
      startDate: '2026-11-21',
      endDate: '2026-11-21',
    });
  });

  it('shows each bet with fancy odds in brackets, Pending as Active, and lay rows marked Lay', async () => {
    answer();
    renderScreen(<BetHistoryReport sports={SPORTS} reportTimeZone="Asia/Kolkata" />, {
      path: '/bethistory',
    });
    await screen.findAllByText('Lions v Tigers');
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual([
      'Placed',
      'Market',
      'Match',
      'Selection',
      'Type',
      'Odds',
      'Stack',
      'Exposure',
      'Profit/Loss',
      'Status',
    ]);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => [...row.children].slice(1).map((cell) => cell.textContent))).toEqual([
      [
        'Fancy',
        'Panthers v Jaguars',
        '6 over runs Panthers',
        'Yes',
        '50 (110)',
        '100',
        '100.00',
        'Potential win 110.00',
        'Active',
      ],
      ['Match Odds', 'Lions v Tigers', 'Lions', 'Lay', '2.1', '500', '550.00', '-550.00', 'Lost'],
      [
        'Match Odds',
        'Lions v Tigers',
        'Lions',
        'Back',
        '1.9',
        '1,000',
        '1,000.00',
        '900.00',
        'Settled',
      ],
      [
        'Match Odds',
        'Eagles v Falcons',
        'Falcons',
        'Back',
        '1.9',
        '700',
        '700.00',
        'Void: Abandoned',
        'Settled',
      ],
    ]);
  });

  it('gives only a finished bet a result: green won, red lost; an open bet its potential win', async () => {
    answer();
    renderScreen(<BetHistoryReport sports={SPORTS} reportTimeZone="Asia/Kolkata" />, {
      path: '/bethistory',
    });
    await screen.findAllByText('Lions v Tigers');
    const table = screen.getByRole('table');
    const result = (row: number) =>
      within(table).getAllByRole('row')[row + 1]!.querySelector('[data-label="Profit/Loss"]')!;
    // The open fancy bet: its potential win in the plain colour, no profit tone.
    expect(result(0).textContent).toBe('Potential win 110.00');
    expect(result(0).querySelector('[data-tone]')).toBeNull();
    expect(result(1).querySelector('[data-tone]')?.getAttribute('data-tone')).toBe('loss');
    expect(result(2).querySelector('[data-tone]')?.getAttribute('data-tone')).toBe('profit');
    // The void: Void with its reason, neither won nor lost.
    expect(result(3).textContent).toBe('Void: Abandoned');
    expect(result(3).querySelector('[data-tone]')).toBeNull();
  });

  it('reads Void alone when the void gave no reason', async () => {
    answer({
      Status: true,
      Result: [{ ...voidBet, VoidReason: null }],
      count: 1,
    });
    renderScreen(<BetHistoryReport sports={SPORTS} reportTimeZone="Asia/Kolkata" />, {
      path: '/bethistory',
    });
    await screen.findByText('Eagles v Falcons');
    expect(screen.getByRole('table').querySelector('[data-label="Profit/Loss"]')?.textContent).toBe(
      'Void',
    );
  });

  it('shows a cancelled bet as Cancelled with its time, and that no money moved', async () => {
    answer({
      Status: true,
      Result: [
        {
          ...voidBet,
          BetStatus: 'Cancelled',
          CancelledOn: '2026-11-22T00:42:30.000Z',
          Exposure: 0,
          Remark: null,
          VoidReason: null,
        },
      ],
      count: 1,
    });
    renderScreen(<BetHistoryReport sports={SPORTS} reportTimeZone="Asia/Kolkata" />, {
      path: '/bethistory',
    });
    await screen.findByText('Eagles v Falcons');
    const table = screen.getByRole('table');
    expect(table.querySelector('[data-label="Profit/Loss"]')?.textContent).toBe(
      'Cancelled: no money moved',
    );
    const status = table.querySelector('[data-label="Status"]')!;
    expect(status.textContent).toBe('Cancelled 22 Nov 2026 12:42 AM');
    expect(status.querySelector('time')?.getAttribute('datetime')).toBe('2026-11-22T00:42:30.000Z');
  });

  it('sends the chosen sport, market type, status and dates', async () => {
    const user = userEvent.setup();
    const { calls } = answer();
    renderScreen(<BetHistoryReport sports={SPORTS} reportTimeZone="Asia/Kolkata" />, {
      path: '/bethistory',
    });
    await screen.findAllByText('Lions v Tigers');
    expect(
      [...screen.getByLabelText('Status').querySelectorAll('option')].map((o) => o.textContent),
    ).toEqual(['All', 'Active', 'Settled']);
    await user.selectOptions(screen.getByLabelText('Sport'), 'Cricket');
    await user.selectOptions(screen.getByLabelText('Market Type'), 'Fancy');
    await user.selectOptions(screen.getByLabelText('Status'), 'Settled');
    await user.clear(screen.getByLabelText('From'));
    await user.type(screen.getByLabelText('From'), '2026-11-20');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await eventually(() => expect(calls).toHaveLength(2));
    expect(queryOf(calls[1]!.url)).toEqual({
      userId: '3',
      sportsId: '4',
      skipRec: '0',
      psize: '10',
      marketType: 'FANCY',
      betStatus: 'Settled',
      startDate: '2026-11-20',
      endDate: '2026-11-22',
    });

    await user.selectOptions(screen.getByLabelText('Market Type'), 'Match');
    await user.selectOptions(screen.getByLabelText('Status'), 'Active');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await eventually(() => expect(calls).toHaveLength(3));
    expect(queryOf(calls[2]!.url)).toMatchObject({
      marketType: 'MATCH_ODDS',
      betStatus: 'Pending',
    });
  });

  it('opens from its URL with the filters and the page it names', async () => {
    const { calls } = answer({ ...betHistoryAnswer, count: 31 });
    renderScreen(<BetHistoryReport sports={SPORTS} reportTimeZone="Asia/Kolkata" />, {
      path: '/bethistory',
      url: '/bethistory?startDate=2026-11-01&endDate=2026-11-05&marketType=FANCY&betStatus=Pending&sportsId=2&page=2',
    });
    await screen.findAllByText('Lions v Tigers');
    expect(queryOf(calls[0]!.url)).toMatchObject({
      startDate: '2026-11-01',
      endDate: '2026-11-05',
      marketType: 'FANCY',
      betStatus: 'Pending',
      sportsId: '2',
      skipRec: '10',
    });
    expect(screen.getByLabelText('Market Type')).toHaveProperty('value', 'FANCY');
    const pages = screen.getByRole('navigation', { name: 'Bet history pages' });
    expect(within(pages).getByRole('button', { current: 'page' }).textContent).toBe('2');
  });

  it("says 'No data available' when no bet matches", async () => {
    answer({ Status: true, Result: [], count: 0 });
    renderScreen(<BetHistoryReport sports={SPORTS} reportTimeZone="Asia/Kolkata" />, {
      path: '/bethistory',
    });
    expect(await screen.findByText(NO_DATA)).toBeTruthy();
  });
});
