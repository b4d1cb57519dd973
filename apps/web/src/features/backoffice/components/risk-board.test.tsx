import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { routeFetch } from '../../../test/fetch';
import { RISK_POLL_MS, RISK_SAFETY_POLL_MS } from '../api/get-risk-book';
import { renderBackoffice } from '../testing';
import { RiskBoard, rungLabel } from './risk-board';

const RISK = '/api/backoffice/risk';
const SPORTS = [
  { id: 4, name: 'Cricket' },
  { id: 1, name: 'Soccer' },
] as const;

const client = (username: string, exposure: number) => ({
  clientId: `${username.length}0`,
  username,
  exposure,
  best: exposure * 2,
});

const BOOK = {
  at: '2026-11-20T10:00:00.000Z',
  sportsExposure: 6500,
  matkaExposure: 17_750,
  casinoExposure: 500,
  totalExposure: 24_750,
  markets: [
    {
      eventId: 301,
      eventName: 'India v Australia',
      sportId: 4,
      marketId: '1.301',
      marketName: 'Match Odds',
      status: 'OPEN',
      runners: [
        { selectionId: '30101', name: 'India', house: 1200 },
        { selectionId: '30102', name: 'Australia', house: -4500.5 },
        { selectionId: '30103', name: 'The Draw', house: 0 },
      ],
      houseExposure: 4500.5,
      openBets: 7,
      topClients: [client('alice', 3000)],
    },
    {
      eventId: 402,
      eventName: 'Arsenal v Chelsea',
      sportId: 1,
      marketId: '1.402',
      marketName: 'Match Odds',
      status: 'CLOSED',
      runners: [
        { selectionId: '40201', name: 'Arsenal', house: -1000 },
        { selectionId: '40202', name: 'Chelsea', house: 250 },
      ],
      houseExposure: 1000,
      openBets: 2,
      topClients: [],
    },
  ],
  fancy: [
    {
      eventId: 301,
      eventName: 'India v Australia',
      selectionId: '301-1',
      name: '6 Over Runs IND',
      ladder: [
        { runs: 44, house: 500 },
        { runs: 45, house: -200 },
        { runs: 46, house: -999.5 },
        { runs: 48, house: 300 },
      ],
      houseExposure: 999.5,
      openBets: 3,
      topClients: [client('bob', 999.5)],
    },
  ],
  matka: [
    {
      eventId: 4,
      mid: 812,
      game: 'Kalyan',
      status: 'open',
      closeAt: '2026-11-20T12:00:00.000Z',
      staked: 250,
      worstNumber: '45',
      houseIfWorst: -17_750,
      houseExposure: 17_750,
      openBets: 3,
      topClients: [client('carol', 150)],
    },
  ],
  casino: [{ gameId: 'sevenupsevendown', game: '7 Up Down', openRounds: 2, stakeHeld: 500 }],
};

const card = (name: string) => screen.getByRole('article', { name });
const figure = (row: HTMLElement) => row.querySelector('[data-tone]')!;

describe('risk board', () => {
  it("shows each runner's house figure with its sign, green when the house wins and red when it loses", async () => {
    routeFetch({ [RISK]: () => ({ body: { Status: true, Result: BOOK } }) });
    renderBackoffice(
      <RiskBoard sports={SPORTS} clientHref={(id) => `/backoffice/clients/${id}`} />,
    );
    expect((await screen.findByTestId('total-exposure')).textContent).toBe('₹24,750.00');
    const market = card('India v Australia · Match Odds');
    const rows = within(market).getAllByRole('row').slice(1, 4);
    expect(
      rows.map((row) => [
        (row as HTMLTableRowElement).cells[0]?.textContent,
        figure(row).textContent,
      ]),
    ).toEqual([
      ['India', '+₹1,200.00'],
      ['Australia', '-₹4,500.50'],
      ['The Draw', '₹0.00'],
    ]);
    expect(rows.map((row) => figure(row).getAttribute('data-tone'))).toEqual([
      'profit',
      'loss',
      'even',
    ]);
    expect(figure(rows[0]!).className).not.toBe(figure(rows[1]!).className);
    expect(market.textContent).toContain('House exposure₹4,500.50');
    expect(market.textContent).toContain('Open bets7');
    expect(within(market).getByRole('link', { name: 'alice' }).getAttribute('href')).toBe(
      '/backoffice/clients/50',
    );
    // The market's state in words, never the feed's code.
    expect(within(card('Arsenal v Chelsea · Match Odds')).getByText('Closed')).toBeTruthy();
    expect(within(market).getByText('Open')).toBeTruthy();
  });

  it("lays out a fancy session's ladder with the house's result per final runs", async () => {
    routeFetch({ [RISK]: () => ({ body: { Status: true, Result: BOOK } }) });
    renderBackoffice(<RiskBoard sports={SPORTS} />);
    const session = await screen.findByRole('article', {
      name: 'India v Australia · 6 Over Runs IND',
    });
    const rows = within(session).getAllByRole('row').slice(1, 5);
    expect(
      rows.map((row) => [
        (row as HTMLTableRowElement).cells[0]?.textContent,
        figure(row).textContent,
      ]),
    ).toEqual([
      ['44 or less', '+₹500.00'],
      ['45', '-₹200.00'],
      ['46–47', '-₹999.50'],
      ['48 or more', '+₹300.00'],
    ]);
    // No client link for an operator who may not see clients.
    expect(within(session).queryByRole('link')).toBeNull();
    expect(within(session).getByText('bob')).toBeTruthy();
    expect(rungLabel([{ runs: 10 }], 0)).toBe('Any');
  });

  it('counts open matka markets and casino rounds in their own rows and in the total', async () => {
    routeFetch({ [RISK]: () => ({ body: { Status: true, Result: BOOK } }) });
    renderBackoffice(
      <RiskBoard sports={SPORTS} clientHref={(id) => `/backoffice/clients/${id}`} />,
    );
    expect((await screen.findByTestId('sports-exposure')).textContent).toBe('₹6,500.00');
    expect(screen.getByTestId('matka-exposure').textContent).toBe('₹17,750.00');
    expect(screen.getByTestId('casino-exposure').textContent).toBe('₹500.00');
    expect(screen.getByTestId('total-exposure').textContent).toBe('₹24,750.00');

    const matka = card('Matka · Kalyan (812)');
    expect(within(matka).getByText('Open')).toBeTruthy();
    expect(matka.textContent).toContain('Staked₹250.00');
    expect(
      figure(within(matka).getByRole('row', { name: /House if 45 is drawn/ })).textContent,
    ).toBe('-₹17,750.00');
    expect(matka.textContent).toContain('House exposure₹17,750.00');
    expect(within(matka).getByRole('link', { name: 'carol' }).getAttribute('href')).toBe(
      '/backoffice/clients/50',
    );

    const casino = screen.getByRole('region', { name: 'Open casino rounds' });
    expect(
      within(casino)
        .getAllByRole('row')
        .map((row) => [...(row as HTMLTableRowElement).cells].map((cell) => cell.textContent)),
    ).toEqual([
      ['Game', 'Open rounds', 'Stakes held'],
      ['7 Up Down', '2', '₹500.00'],
    ]);
  });

  it('says when no matka market or casino round is open', async () => {
    routeFetch({
      [RISK]: () => ({
        body: {
          Status: true,
          Result: { ...BOOK, matka: [], casino: [], matkaExposure: 0, casinoExposure: 0 },
        },
      }),
    });
    renderBackoffice(<RiskBoard sports={SPORTS} />);
    expect(await screen.findByText('No matka market has open bets.')).toBeTruthy();
    expect(screen.getByText('No casino round is open.')).toBeTruthy();
  });

  it('filters by sport', async () => {
    routeFetch({ [RISK]: () => ({ body: { Status: true, Result: BOOK } }) });
    renderBackoffice(<RiskBoard sports={SPORTS} />);
    await screen.findByTestId('total-exposure');
    fireEvent.change(screen.getByLabelText('Sport'), { target: { value: '1' } });
    expect(screen.queryByRole('article', { name: 'India v Australia · Match Odds' })).toBeNull();
    expect(screen.queryByRole('article', { name: /6 Over Runs/ })).toBeNull();
    expect(screen.getByRole('article', { name: 'Arsenal v Chelsea · Match Odds' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Sport'), { target: { value: '4' } });
    expect(screen.getByRole('article', { name: /6 Over Runs/ })).toBeTruthy();
    expect(screen.queryByRole('article', { name: 'Arsenal v Chelsea · Match Odds' })).toBeNull();
  });

  it('asks for the book every second', async () => {
    vi.useFakeTimers();
    const { callsTo } = routeFetch({ [RISK]: () => ({ body: { Status: true, Result: BOOK } }) });
    renderBackoffice(<RiskBoard sports={SPORTS} />);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(callsTo(RISK)).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(RISK_POLL_MS - 1));
    expect(callsTo(RISK)).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(callsTo(RISK)).toHaveLength(2);
    await act(() => vi.advanceTimersByTimeAsync(RISK_POLL_MS));
    expect(callsTo(RISK)).toHaveLength(3);
    expect(RISK_POLL_MS).toBe(1000);
  });

  it('asks only every 10 s while the hub is connected (RiskChanged reads it at once)', async () => {
    vi.useFakeTimers();
    const { callsTo } = routeFetch({ [RISK]: () => ({ body: { Status: true, Result: BOOK } }) });
    renderBackoffice(<RiskBoard sports={SPORTS} isHubConnected />);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(callsTo(RISK)).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(RISK_SAFETY_POLL_MS - 1));
    expect(callsTo(RISK)).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(callsTo(RISK)).toHaveLength(2);
    expect(RISK_SAFETY_POLL_MS).toBe(10_000);
  });
});
