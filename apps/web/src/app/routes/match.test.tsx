import { getMarketList, getRates } from '@backlay/contract/markets';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NO_DATA } from '../../features/markets/components/market-list';
import { routeFetch } from '../../test/fetch';
import { marketListAnswer, ratesAnswer } from '../../test/fixtures/markets-answers';
import { renderScreen } from '../../test/render';
import { MatchPage } from './match';
import { eventually } from '../../test/eventually';

function answer(sportsId: number, { empty = false } = {}) {
  return routeFetch({
    '/api/MarketModels/GetMarketList': (url) => {
      expect(url.searchParams.get('sportsId')).toBe(String(sportsId));
      const Result = marketListAnswer.Result.filter(
        (market) => !empty && market.SportsId === sportsId,
      );
      return { body: getMarketList.response.parse({ Status: true, Result }) };
    },
    '/api/MarketModels/GetRates': (url) => ({
      body: getRates.response.parse(ratesAnswer(url.searchParams.get('marketids')!.split(','))),
    }),
  });
}

describe('/match/{sportId}', () => {
  it('lists every market of the sport, in play or not, under the sport name', async () => {
    answer(4);
    renderScreen(<MatchPage />, { path: '/match/:sportId', url: '/match/4' });
    expect(screen.getByRole('heading', { name: 'Cricket' })).toBeTruthy();
    await screen.findByRole('link', { name: 'Delhi Daredevils v Kolkata Knights' });
    expect(screen.getAllByTestId('market-row')).toHaveLength(3);
    const row = screen.getAllByTestId('market-row')[0]!;
    await eventually(() => expect(within(row).getByLabelText('Back 1.9')).toBeTruthy());
    expect(within(row).getByLabelText('Lay 1.92')).toBeTruthy();
  });

  it('shows soccer with the 1, X, 2 columns', async () => {
    answer(1);
    renderScreen(<MatchPage />, { path: '/match/:sportId', url: '/match/1' });
    expect(screen.getByRole('heading', { name: 'Soccer' })).toBeTruthy();
    await screen.findByRole('link', { name: 'Liverpool v Everton' });
    expect(screen.getByText('X')).toBeTruthy();
  });

  it("says 'No data available' when the sport has no open markets", async () => {
    answer(2, { empty: true });
    renderScreen(<MatchPage />, { path: '/match/:sportId', url: '/match/2' });
    expect(screen.getByRole('heading', { name: 'Tennis' })).toBeTruthy();
    expect(await screen.findByText(NO_DATA)).toBeTruthy();
  });

  it("says 'No data available' for an unknown sport id, asking nothing", () => {
    const { calls } = routeFetch({});
    renderScreen(<MatchPage />, { path: '/match/:sportId', url: '/match/9' });
    expect(screen.getByRole('heading', { name: 'Markets' })).toBeTruthy();
    expect(screen.getByText(NO_DATA)).toBeTruthy();
    expect(calls).toHaveLength(0);
  });
});
