import { getMarketList, getRates } from '@backlay/contract/markets';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MARKET_LIST_POLL_MS } from '../../features/markets/api/get-market-list';
import { RATES_POLL_MS } from '../../features/markets/api/get-rates';
import { NO_DATA } from '../../features/markets/components/market-list';
import { routeFetch } from '../../test/fetch';
import { marketListAnswer, ratesAnswer } from '../../test/fixtures/markets-answers';
import { renderScreen } from '../../test/render';
import { InplayPage } from './inplay';
import { eventually } from '../../test/eventually';

const LIST = '/api/MarketModels/GetMarketList';
const RATES = '/api/MarketModels/GetRates';

function answer(list: unknown = marketListAnswer) {
  return routeFetch({
    [LIST]: () => ({ body: getMarketList.response.parse(list) }),
    [RATES]: (url) => ({
      body: getRates.response.parse(ratesAnswer(url.searchParams.get('marketids')!.split(','))),
    }),
  });
}

const names = () =>
  screen.getAllByTestId('market-row').map((row) => within(row).getByRole('link').textContent);
const marketIdsAsked = (url: string) => new URL(url, 'http://x').searchParams.get('marketids');

describe('/inplay', () => {
  it('lists the in-play cricket markets under the Cricket tab first', async () => {
    answer();
    renderScreen(<InplayPage />, { path: '/inplay' });
    expect(screen.getByRole('heading', { name: 'In-play' })).toBeTruthy();
    expect(
      screen.getAllByRole('tab').map((tab) => [tab.textContent, tab.getAttribute('aria-selected')]),
    ).toEqual([
      ['Cricket', 'true'],
      ['Soccer', 'false'],
      ['Tennis', 'false'],
    ]);
    await screen.findByRole('link', { name: 'Mumbai Mavericks v Chennai Chargers' });
    // The upcoming cricket event (MarketStatus 0) is not in play.
    expect(names()).toEqual([
      'Mumbai Mavericks v Chennai Chargers',
      'Perth Scorchers v Sydney Sixers',
    ]);
  });

  it('switches to Soccer and Tennis, asking rates for that tab only', async () => {
    const { callsTo } = answer();
    renderScreen(<InplayPage />, { path: '/inplay' });
    await screen.findByRole('link', { name: 'Mumbai Mavericks v Chennai Chargers' });

    fireEvent.click(screen.getByRole('tab', { name: 'Soccer' }));
    expect(screen.getByRole('tab', { name: 'Soccer' }).getAttribute('aria-selected')).toBe('true');
    expect(names()).toEqual(['Arsenal v Chelsea']);
    expect(screen.getByRole('tabpanel').textContent).toContain('X');
    await eventually(() => expect(screen.getByLabelText('Back 2.12')).toBeTruthy());
    expect(callsTo(RATES).map((call) => marketIdsAsked(call.url))).toContain('1.31200455');

    fireEvent.click(screen.getByRole('tab', { name: 'Tennis' }));
    expect(names()).toEqual(['Alcaraz v Sinner']);
    await eventually(() => expect(screen.getByLabelText('Back 1.62')).toBeTruthy());
  });

  it("opens on the tab named in the query, and says 'No data available' for a sport with none in play", async () => {
    const onlyUpcoming = {
      Status: true,
      Result: marketListAnswer.Result.filter((market) => market.MarketStatus === 0),
    };
    answer(onlyUpcoming);
    renderScreen(<InplayPage />, { path: '/inplay', url: '/inplay?sport=1' });
    expect(await screen.findByText(NO_DATA)).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Soccer' }).getAttribute('aria-selected')).toBe('true');
  });

  it('opens a market on its event route with series and match name as state', async () => {
    answer();
    renderScreen(<InplayPage />, { path: '/inplay' });
    fireEvent.click(await screen.findByRole('link', { name: 'Perth Scorchers v Sydney Sixers' }));
    expect((await screen.findByTestId('location')).textContent).toBe(
      '/market/4/30413001 {"seriesName":"Big Bash League","matchName":"Perth Scorchers v Sydney Sixers"}',
    );
  });

  it('polls rates every 5 s and the market list every 30 s', async () => {
    vi.useFakeTimers();
    const { callsTo } = answer();
    renderScreen(<InplayPage />, { path: '/inplay' });
    await eventually(() => expect(callsTo(RATES)).toHaveLength(1), { interval: 1 });
    const start = [callsTo(LIST).length, callsTo(RATES).length];
    expect(start).toEqual([1, 1]);
    await act(() => vi.advanceTimersByTimeAsync(RATES_POLL_MS));
    expect(callsTo(RATES)).toHaveLength(2);
    await act(() => vi.advanceTimersByTimeAsync(MARKET_LIST_POLL_MS - RATES_POLL_MS));
    expect(callsTo(LIST)).toHaveLength(2);
    expect(callsTo(RATES).length).toBeGreaterThanOrEqual(7);
  });
});
