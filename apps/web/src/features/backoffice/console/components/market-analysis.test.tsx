import { act, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { routeFetch } from '../../../../test/fetch';
import { buildHubConnection, keepConnected } from '../../../../lib/hub';
import type * as HubModule from '../../../../lib/hub';
import { renderConsole } from '../../testing';
import { BOOK_POLL_MS, BOOK_SAFETY_POLL_MS } from '../api/get-book';
import { byEvent, MarketAnalysis } from './market-analysis';

/** The agent's hub, faked: its pushes are ours to send, and it connects when told to. */
const hub = vi.hoisted(() => ({
  handlers: new Map<string, (payload: unknown) => void>(),
  connected: true,
  fetchTicket: undefined as (() => Promise<string>) | undefined,
}));

vi.mock('../../../../lib/hub', async (importOriginal) => {
  const actual = await importOriginal<typeof HubModule>();
  return {
    ...actual,
    buildHubConnection: vi.fn((_userId: number, fetchTicket: () => Promise<string>) => {
      hub.fetchTicket = fetchTicket;
      return {
        on: (name: string, handler: (payload: unknown) => void) => hub.handlers.set(name, handler),
        stop: () => Promise.resolve(),
      };
    }),
    keepConnected: vi.fn(
      (_connection: unknown, _isStopped: () => boolean, onLost: (lost: boolean) => void) => {
        if (hub.connected) onLost(false);
        return () => {};
      },
    ),
  };
});

beforeEach(() => {
  hub.handlers.clear();
  hub.connected = true;
  hub.fetchTicket = undefined;
  vi.mocked(buildHubConnection).mockClear();
  vi.mocked(keepConnected).mockClear();
});

const BOOK_PATH = '/api/agent/book';
const TICKET_PATH = '/api/agent/hub-ticket';

const BOOK = {
  at: '2026-11-20T10:00:00.000Z',
  markets: [
    {
      eventId: 301,
      eventName: 'India v Australia',
      marketId: '1.301',
      marketName: 'Match Odds',
      marketType: 'MATCH_ODDS',
      runners: [
        { selectionId: '30101', name: 'India', downline: 1200, mine: 840 },
        { selectionId: '30102', name: 'Australia', downline: -4500.5, mine: -3150.35 },
        { selectionId: '30103', name: 'The Draw', downline: 0, mine: 0 },
      ],
      downlineExposure: 4500.5,
      myExposure: 3150.35,
      openBets: 7,
    },
    {
      eventId: 402,
      eventName: 'Arsenal v Chelsea',
      marketId: '402B',
      marketName: 'Bookmaker',
      marketType: 'BOOKMAKER',
      runners: [
        { selectionId: '40201', name: 'Arsenal', downline: -100000, mine: -70000 },
        { selectionId: '40202', name: 'Chelsea', downline: 250, mine: 175 },
      ],
      downlineExposure: 100000,
      myExposure: 70000,
      openBets: 2,
    },
  ],
  fancy: [
    {
      eventId: 301,
      eventName: 'India v Australia',
      selectionId: '301-1',
      name: '6 Over Runs IND',
      ladder: [
        { runs: 44, downline: 500, mine: 350 },
        { runs: 45, downline: -200, mine: -140 },
        { runs: 48, downline: 300, mine: 210 },
      ],
      downlineExposure: 200,
      myExposure: 140,
      openBets: 3,
    },
  ],
};

const EMPTY = { at: BOOK.at, markets: [], fancy: [] };
const ok = (result: unknown) => ({ body: { Status: true, Result: result } });
const marketHref = (marketId: string) => `/backoffice/analysis/${marketId}`;
const figures = (row: HTMLElement) =>
  [...row.querySelectorAll('[data-tone]')].map((cell) => [
    cell.textContent,
    cell.getAttribute('data-tone'),
  ]);

describe('market analysis', () => {
  it('groups the book by event: each runner with the downline’s result and my take, signed and toned', async () => {
    routeFetch({ [BOOK_PATH]: () => ok(BOOK), [TICKET_PATH]: () => ok({ ticket: 't' }) });
    renderConsole(<MarketAnalysis marketHref={marketHref} />);
    const india = await screen.findByRole('region', { name: 'India v Australia' });
    expect(india.tagName).toBe('SECTION');
    expect(
      within(india)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['Match Odds', '6 Over Runs IND']);
    const odds = within(india).getByRole('article', { name: 'Match Odds' });
    const rows = within(odds).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.firstElementChild?.textContent)).toEqual([
      'India',
      'Australia',
      'The Draw',
    ]);
    expect(rows.map(figures)).toEqual([
      [
        ['+₹1,200.00', 'profit'],
        ['+₹840.00', 'profit'],
      ],
      [
        ['-₹4,500.50', 'loss'],
        ['-₹3,150.35', 'loss'],
      ],
      [
        ['₹0.00', 'even'],
        ['₹0.00', 'even'],
      ],
    ]);
    expect(odds.textContent).toContain('Downline exposure₹4,500.50');
    expect(odds.textContent).toContain('My exposure₹3,150.35');
    expect(odds.textContent).toContain('Open bets7');
    expect(
      within(odds)
        .getByRole('link', { name: 'User book for India v Australia · Match Odds' })
        .getAttribute('href'),
    ).toBe('/backoffice/analysis/1.301');

    const bookmaker = within(screen.getByRole('region', { name: 'Arsenal v Chelsea' })).getByRole(
      'article',
      { name: 'Bookmaker' },
    );
    expect(within(bookmaker).getAllByRole('row').slice(1).map(figures)[0]).toEqual([
      ['-₹1,00,000.00', 'loss'],
      ['-₹70,000.00', 'loss'],
    ]);
    const asOf = screen.getByText(/^As of/);
    expect(asOf.querySelector('time')?.getAttribute('dateTime')).toBe(BOOK.at);
    expect(asOf.textContent).toMatch(/^As of \d{1,2} Nov 2026 \d\d:\d\d [AP]M · live$/);
  });

  it('lays out a fancy session by final runs, leading to its user book', async () => {
    routeFetch({ [BOOK_PATH]: () => ok(BOOK), [TICKET_PATH]: () => ok({ ticket: 't' }) });
    renderConsole(<MarketAnalysis marketHref={marketHref} />);
    const session = await screen.findByRole('article', { name: '6 Over Runs IND' });
    const rows = within(session).getAllByRole('row').slice(1);
    expect(rows.map((row) => [row.firstElementChild?.textContent, ...figures(row)])).toEqual([
      ['44 or less', ['+₹500.00', 'profit'], ['+₹350.00', 'profit']],
      ['45–47', ['-₹200.00', 'loss'], ['-₹140.00', 'loss']],
      ['48 or more', ['+₹300.00', 'profit'], ['+₹210.00', 'profit']],
    ]);
    expect(within(session).getByText('Fancy')).toBeTruthy();
    expect(
      within(session)
        .getByRole('link', { name: /^User book/ })
        .getAttribute('href'),
    ).toBe('/backoffice/analysis/301-1');
  });

  it('says so when the downline has no open bets', async () => {
    routeFetch({ [BOOK_PATH]: () => ok(EMPTY), [TICKET_PATH]: () => ok({ ticket: 't' }) });
    renderConsole(<MarketAnalysis marketHref={marketHref} />);
    expect(await screen.findByText('No open bets in your downline')).toBeTruthy();
    expect(screen.queryByRole('article')).toBeNull();
  });

  it('shows the server’s words when the book cannot be read', async () => {
    routeFetch({
      [BOOK_PATH]: () => ({ status: 503, body: { Status: false, Result: 'Try again shortly' } }),
      [TICKET_PATH]: () => ok({ ticket: 't' }),
    });
    renderConsole(<MarketAnalysis marketHref={marketHref} />);
    expect((await screen.findByRole('alert')).textContent).toBe('Try again shortly');
  });

  it('reads the book again on each RiskChanged of its own hub, whose ticket is the agent’s', async () => {
    vi.useFakeTimers();
    const { callsTo } = routeFetch({
      [BOOK_PATH]: (_url, count) => ok(count === 1 ? EMPTY : BOOK),
      [TICKET_PATH]: () => ok({ ticket: 'agent-ticket' }),
    });
    renderConsole(<MarketAnalysis marketHref={marketHref} />);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByText('No open bets in your downline')).toBeTruthy();
    expect(callsTo(BOOK_PATH)).toHaveLength(1);

    await act(async () => hub.handlers.get('RiskChanged')?.({ EventIds: [301] }));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(callsTo(BOOK_PATH)).toHaveLength(2);
    expect(screen.getByRole('article', { name: 'Match Odds' })).toBeTruthy();

    // The hub's ticket is the agent's own, from its own door.
    await expect(hub.fetchTicket?.()).resolves.toBe('agent-ticket');
    expect(callsTo(TICKET_PATH)).toHaveLength(1);
    expect(new Headers(callsTo(TICKET_PATH)[0]?.init?.headers).get('authorization')).toBe(
      'Bearer ag-token',
    );
  });

  it('polls every 10 s while the hub is connected', async () => {
    vi.useFakeTimers();
    const { callsTo } = routeFetch({
      [BOOK_PATH]: () => ok(BOOK),
      [TICKET_PATH]: () => ok({ ticket: 't' }),
    });
    renderConsole(<MarketAnalysis marketHref={marketHref} />);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(callsTo(BOOK_PATH)).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(BOOK_SAFETY_POLL_MS - 1));
    expect(callsTo(BOOK_PATH)).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(callsTo(BOOK_PATH)).toHaveLength(2);
    expect(BOOK_SAFETY_POLL_MS).toBe(10_000);
  });

  it('polls every second while the hub is not connected', async () => {
    vi.useFakeTimers();
    hub.connected = false;
    const { callsTo } = routeFetch({
      [BOOK_PATH]: () => ok(BOOK),
      [TICKET_PATH]: () => ok({ ticket: 't' }),
    });
    renderConsole(<MarketAnalysis marketHref={marketHref} />);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(callsTo(BOOK_PATH)).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(BOOK_POLL_MS));
    expect(callsTo(BOOK_PATH)).toHaveLength(2);
    await act(() => vi.advanceTimersByTimeAsync(BOOK_POLL_MS));
    expect(callsTo(BOOK_PATH)).toHaveLength(3);
    expect(BOOK_POLL_MS).toBe(1000);
    expect(screen.queryByText(/· live/)).toBeNull();
  });

  it('keeps each event’s markets, then its sessions, in the book’s order', () => {
    expect(
      byEvent(BOOK).map((event) => [event.eventName, event.markets.length, event.fancy.length]),
    ).toEqual([
      ['India v Australia', 1, 1],
      ['Arsenal v Chelsea', 1, 0],
    ]);
  });
});
