import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { routeFetch } from '../../../../test/fetch';
import { renderConsole } from '../../testing';
import { CurrentBets } from './current-bets';

const BETS = '/api/agent/bets';
const BOOK = '/api/agent/book';

const bet = (n: number, overrides: object = {}) => ({
  betId: `b${n}`,
  username: 'c9',
  eventId: 301,
  eventName: 'India v Australia',
  marketId: '1.301',
  marketName: 'Match Odds',
  marketType: 'MATCH_ODDS',
  selectionId: '30101',
  selectionName: 'India',
  side: 'Back',
  odds: 1.95,
  price: 0,
  stake: 1000,
  liability: 1000,
  placedAt: '2026-11-20T10:00:00.000Z',
  ...overrides,
});

const BOOK_ANSWER = {
  Status: true,
  Result: {
    at: '2026-11-20T10:00:00.000Z',
    markets: [
      {
        eventId: 301,
        eventName: 'India v Australia',
        marketId: '1.301',
        marketName: 'Match Odds',
        marketType: 'MATCH_ODDS',
        runners: [],
        downlineExposure: 0,
        myExposure: 0,
        openBets: 1,
      },
    ],
    fancy: [
      {
        eventId: 402,
        eventName: 'Mumbai v Chennai',
        selectionId: '402-1',
        name: '6 Over Runs MI',
        ladder: [],
        downlineExposure: 0,
        myExposure: 0,
        openBets: 1,
      },
    ],
  },
};

const ok = (result: unknown) => ({ body: { Status: true, Result: result } });

function answers(bets: (url: URL) => { status?: number; body: unknown }) {
  return routeFetch({ [BETS]: bets, [BOOK]: () => ({ body: BOOK_ANSWER }) });
}

const queryOf = (url: string) => Object.fromEntries(new URL(url, 'http://x').searchParams);

describe('current bets', () => {
  it('lists the open bets newest first as the server sends them, each figure in rupees', async () => {
    answers(() =>
      ok({
        total: 2,
        bets: [
          bet(2, {
            username: 'c7',
            marketId: '402-1',
            marketName: '6 Over Runs MI',
            marketType: 'FANCY',
            eventName: 'Mumbai v Chennai',
            selectionName: '6 Over Runs MI',
            side: 'No',
            odds: 45,
            price: 100,
            stake: 200000,
            liability: 200000,
          }),
          bet(1),
        ],
      }),
    );
    renderConsole(<CurrentBets />);
    const table = await screen.findByRole('region', { name: 'Open bets' });
    const rows = within(table).getAllByRole('row');
    expect([...rows[0]!.children].map((cell) => cell.textContent)).toEqual([
      'User',
      'Placed',
      'Event',
      'Market',
      'Selection',
      'Side',
      'Odds',
      'Stake',
      'Liability',
    ]);
    const cells = (row: HTMLElement) => [...row.children].map((cell) => cell.textContent);
    expect(cells(rows[1]!)).toEqual([
      'c7',
      expect.stringMatching(/^20 Nov 2026 \d\d:\d\d [AP]M$/),
      'Mumbai v Chennai',
      '6 Over Runs MIFancy',
      '6 Over Runs MI',
      'No',
      '45 (rate 100)',
      '₹2,00,000.00',
      '₹2,00,000.00',
    ]);
    expect(cells(rows[2]!).slice(3)).toEqual([
      'Match Odds',
      'India',
      'Back',
      '1.95',
      '₹1,000.00',
      '₹1,000.00',
    ]);
    expect(screen.getByText('2 open bets')).toBeTruthy();
  });

  it('sends the filters as the query and starts again at page 1', async () => {
    const { callsTo } = answers((url) =>
      ok({ total: url.searchParams.has('username') ? 1 : 60, bets: [bet(1)] }),
    );
    renderConsole(<CurrentBets />);
    await screen.findByRole('region', { name: 'Open bets' });
    expect(queryOf(callsTo(BETS)[0]!.url)).toEqual({ skip: '0', take: '25' });

    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    await screen.findByRole('button', { name: 'Page 3', current: 'page' });
    expect(queryOf(callsTo(BETS).at(-1)!.url)).toEqual({ skip: '50', take: '25' });

    // The events where bets are open come from the book.
    const event = screen.getByLabelText('Event');
    await within(event).findByRole('option', { name: 'Mumbai v Chennai' });
    fireEvent.change(screen.getByLabelText('User'), { target: { value: ' c9 ' } });
    fireEvent.change(event, { target: { value: '402' } });
    fireEvent.change(screen.getByLabelText('Market type'), { target: { value: 'FANCY' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    await screen.findByText('1 open bet');
    expect(queryOf(callsTo(BETS).at(-1)!.url)).toEqual({
      username: 'c9',
      eventId: '402',
      marketType: 'FANCY',
      skip: '0',
      take: '25',
    });
    expect(screen.queryByRole('navigation', { name: 'Bet pages' })).toBeNull();
  });

  it('says when there are no open bets, and when none match the filters', async () => {
    answers(() => ok({ total: 0, bets: [] }));
    renderConsole(<CurrentBets />);
    expect(await screen.findByText('No open bets in your downline')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Market type'), { target: { value: 'TOSS' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByText('No open bets match these filters')).toBeTruthy();
  });

  it('shows the server’s 404 for a user outside the downline', async () => {
    answers((url) =>
      url.searchParams.get('username') === 'zed'
        ? { status: 404, body: { Status: false, Result: "No user named 'zed'" } }
        : ok({ total: 0, bets: [] }),
    );
    renderConsole(<CurrentBets />);
    await screen.findByText('No open bets in your downline');
    fireEvent.change(screen.getByLabelText('User'), { target: { value: 'zed' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect((await screen.findByRole('alert')).textContent).toBe("No user named 'zed'");
  });
});
