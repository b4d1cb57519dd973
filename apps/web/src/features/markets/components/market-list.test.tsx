import { getMarketList, getRates, type MarketListItem } from '@backlay/contract/markets';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../../../lib/format';
import { routeFetch } from '../../../test/fetch';
import { marketListAnswer, ratesAnswer, soccerBook } from '../../../test/fixtures/markets-answers';
import { renderScreen } from '../../../test/render';
import { RATES_POLL_MS } from '../api/get-rates';
import { MarketList, NO_DATA } from './market-list';
import { wireCopy } from '../../../test/wire';
import { eventually } from '../../../test/eventually';

const RATES = '/api/MarketModels/GetRates';
const all = getMarketList.response.parse(marketListAnswer);
const markets = all.Status ? all.Result : [];
const ofSport = (sportId: number) => markets.filter((market) => market.SportsId === sportId);

const marketLink = (market: MarketListItem) => ({
  to: `/to/${market.EventId}`,
  state: { seriesName: market.SeriesName, matchName: market.MarketName },
});

function answerRates() {
  return routeFetch({
    [RATES]: (url) => ({
      body: getRates.response.parse(ratesAnswer(url.searchParams.get('marketids')!.split(','))),
    }),
  });
}

function renderList(list: MarketListItem[], sportId: number) {
  return renderScreen(
    <MarketList markets={list} sportId={sportId} isLoading={false} marketLink={marketLink} />,
  );
}

const row = async (name: string) =>
  (await screen.findByRole('link', { name })).closest('li') as HTMLElement;

/** The price and size texts of a row's cells, in order, once its prices arrived. */
async function cells(name: string) {
  const item = await row(name);
  await eventually(() => expect(within(item).queryAllByText('–')).toHaveLength(0));
  return within(item)
    .getAllByLabelText(/^(Back|Lay) /)
    .map((cell) => `${cell.getAttribute('aria-label')} ${cell.lastChild?.textContent}`);
}

describe('market list', () => {
  it("shows each market's match name, series, start time and in-play marker", async () => {
    answerRates();
    renderList(ofSport(4), 4);
    const live = await row('Mumbai Mavericks v Chennai Chargers');
    expect(within(live).getByText('Indian T20 League')).toBeTruthy();
    expect(within(live).getByText(formatDateTime('2026-03-07T14:00:00+05:30'))).toBeTruthy();
    expect(formatDateTime('2026-03-07T14:00:00+05:30')).toMatch(
      /^\d{1,2} Mar 2026 \d\d:\d\d (AM|PM)$/,
    );
    expect(within(live).getByText('In-play')).toBeTruthy();
    const later = await row('Delhi Daredevils v Kolkata Knights');
    expect(within(later).queryByText('In-play')).toBeNull();
    expect(screen.getAllByTestId('market-row')).toHaveLength(3);
  });

  it('shows the first back and lay of each runner: price, and size beneath', async () => {
    answerRates();
    renderList(ofSport(4), 4);
    expect(await cells('Mumbai Mavericks v Chennai Chargers')).toEqual([
      'Back 1.9 12K',
      'Lay 1.92 8.5K',
      'Back 2.06 9.8K',
      'Lay 2.1 15.3K',
    ]);
    const first = screen.getAllByLabelText('Back 1.9')[0]!;
    expect(within(first).getByTestId('odds-price').textContent).toBe('1.9');
    expect(within(first).getByTestId('odds-size').textContent).toBe('12K');
  });

  it("shows soccer's three runners as 1, X, 2 — home, draw, away", async () => {
    answerRates();
    renderList(ofSport(1), 1);
    expect(screen.getByText('X')).toBeTruthy();
    const prices = (await cells('Arsenal v Chelsea')).filter((cell) => cell.startsWith('Back'));
    const [home, away, draw] = soccerBook.runners.map(
      (runner) => runner.ex.availableToBack[0]!.price,
    );
    expect(prices.map((cell) => Number(cell.split(' ')[1]))).toEqual([home, draw, away]);
  });

  it('shows one SUSPENDED band across a suspended market, with no label inside its cells', async () => {
    answerRates();
    renderList(ofSport(4), 4);
    const suspended = await row('Perth Scorchers v Sydney Sixers');
    await eventually(() => expect(within(suspended).getAllByText('SUSPENDED')).toHaveLength(1));
    expect(within(suspended).getByTestId('row-suspended').textContent).toBe('SUSPENDED');
    for (const pair of within(suspended).getAllByTestId('runner-odds')) {
      expect(pair.textContent).not.toContain('SUSPENDED');
    }
    const open = await row('Mumbai Mavericks v Chennai Chargers');
    expect(within(open).queryByText('SUSPENDED')).toBeNull();
  });

  it('bands a lone suspended runner of an open market by itself, and all-suspended runners as one', async () => {
    vi.useFakeTimers();
    let seq = 0;
    let statuses = ['ACTIVE', 'SUSPENDED'];
    routeFetch({
      [RATES]: () => {
        const book = wireCopy(ratesAnswer(['1.30412871']).Result[0]!);
        book.Seq += ++seq;
        book.runners.forEach((runner, index) => (runner.status = statuses[index]!));
        return { body: getRates.response.parse({ Status: true, Result: [book] }) };
      },
    });
    renderList(ofSport(4).slice(0, 1), 4);
    const live = screen
      .getByRole('link', { name: 'Mumbai Mavericks v Chennai Chargers' })
      .closest('li') as HTMLElement;
    await eventually(() => expect(within(live).getAllByText('SUSPENDED')).toHaveLength(1), {
      interval: 1,
    });
    expect(within(live).queryByTestId('row-suspended')).toBeNull();
    const pairs = within(live).getAllByTestId('runner-odds');
    expect(pairs.map((pair) => pair.textContent?.includes('SUSPENDED'))).toEqual([false, true]);

    statuses = ['SUSPENDED', 'SUSPENDED'];
    await act(() => vi.advanceTimersByTimeAsync(RATES_POLL_MS));
    await eventually(() => expect(within(live).queryByTestId('row-suspended')).not.toBeNull(), {
      interval: 1,
    });
    expect(within(live).getAllByText('SUSPENDED')).toHaveLength(1);
  });

  it("says 'No data available' when there are no markets, and asks for no rates", () => {
    const { calls } = answerRates();
    renderList([], 4);
    expect(screen.getByText(NO_DATA)).toBeTruthy();
    expect(NO_DATA).toBe('No data available');
    expect(calls).toHaveLength(0);
  });

  it('polls the rates of exactly the listed markets every 5 s', async () => {
    vi.useFakeTimers();
    const { callsTo } = answerRates();
    renderList(ofSport(4), 4);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(callsTo(RATES)).toHaveLength(1);
    expect(new URL(callsTo(RATES)[0]!.url, 'http://x').searchParams.get('marketids')).toBe(
      '1.30412871,1.30413001,1.30412872',
    );
    await act(() => vi.advanceTimersByTimeAsync(RATES_POLL_MS - 1));
    expect(callsTo(RATES)).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(callsTo(RATES)).toHaveLength(2);
    await act(() => vi.advanceTimersByTimeAsync(RATES_POLL_MS));
    expect(callsTo(RATES)).toHaveLength(3);
    expect(RATES_POLL_MS).toBe(5000);
  });

  it('shows a new price on the next poll', async () => {
    vi.useFakeTimers();
    let back = 1.9;
    const { callsTo } = routeFetch({
      [RATES]: (url) => {
        const answer = ratesAnswer(url.searchParams.get('marketids')!.split(','));
        const book = wireCopy(answer.Result[0]!);
        book.Seq += Math.round(back * 100);
        book.runners[0]!.ex.availableToBack[0]!.price = back;
        return { body: getRates.response.parse({ Status: true, Result: [book] }) };
      },
    });
    renderList(ofSport(4).slice(0, 1), 4);
    await eventually(() => expect(screen.getByLabelText('Back 1.9')).toBeTruthy(), { interval: 1 });
    back = 1.95;
    await act(() => vi.advanceTimersByTimeAsync(RATES_POLL_MS));
    expect(callsTo(RATES)).toHaveLength(2);
    await eventually(() => expect(screen.getByLabelText('Back 1.95')).toBeTruthy(), {
      interval: 1,
    });
    expect(screen.queryByLabelText('Back 1.9')).toBeNull();
  });

  it('a row opens the link it is given, with its router state', async () => {
    answerRates();
    renderList(ofSport(1), 1);
    fireEvent.click(await screen.findByRole('link', { name: 'Arsenal v Chelsea' }));
    expect((await screen.findByTestId('location')).textContent).toBe(
      '/to/31200455 {"seriesName":"English Premier League","matchName":"Arsenal v Chelsea"}',
    );
  });
});
