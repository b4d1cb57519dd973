import { getMarketList, getRates } from '@backlay/contract/markets';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NO_MATCH_IN_PLAY } from '../../features/home/components/in-play-board';
import { routeFetch } from '../../test/fetch';
import { marketListAnswer, ratesAnswer } from '../../test/fixtures/markets-answers';
import { renderScreen } from '../../test/render';
import { HomePage } from './home';
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

const board = () => screen.getByRole('region', { name: 'In-Play' });
const group = (sport: string) => within(board()).getByRole('region', { name: sport });
const matchNames = (region: HTMLElement) =>
  within(region)
    .getAllByTestId('market-row')
    .map((row) => within(row).getByRole('link').textContent);

describe('/home', () => {
  it('keeps its five cards and lists the matches in play of every sport under In-Play', async () => {
    answer();
    renderScreen(<HomePage />, { path: '/home' });
    const cards = screen.getAllByRole('list')[0]!;
    expect(
      within(cards)
        .getAllByRole('listitem')
        .map((card) => card.textContent),
    ).toEqual(['Cricket', 'Soccer', 'Tennis', 'Casino', 'Matka']);
    await within(board()).findByRole('link', { name: 'Alcaraz v Sinner' });
    expect(
      within(board())
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['Cricket', 'Soccer', 'Tennis']);
    // Upcoming events (MarketStatus 0) stay off the board.
    expect(matchNames(group('Cricket'))).toEqual([
      'Mumbai Mavericks v Chennai Chargers',
      'Perth Scorchers v Sydney Sixers',
    ]);
    expect(matchNames(group('Soccer'))).toEqual(['Arsenal v Chelsea']);
    expect(matchNames(group('Tennis'))).toEqual(['Alcaraz v Sinner']);
  });

  it("shows each match's best back and lay per runner, soccer as 1 / X / 2", async () => {
    answer();
    renderScreen(<HomePage />, { path: '/home' });
    const soccer = await eventually(() => group('Soccer'));
    const row = within(soccer).getByTestId('market-row');
    await eventually(() => expect(within(row).getByLabelText('Back 2.12')).toBeTruthy());
    expect(
      within(row)
        .getAllByTestId('odds-price')
        .map((price) => price.textContent),
    ).toEqual(['2.12', '2.14', '3.35', '3.4', '3.65', '3.7']);
    expect(soccer.textContent).toContain('X');
    const tennis = within(group('Tennis')).getByTestId('market-row');
    await eventually(() =>
      expect(
        within(tennis)
          .getAllByTestId('odds-price')
          .map((price) => price.textContent),
      ).toEqual(['1.62', '1.64', '2.54', '2.6']),
    );
  });

  it('opens a match on its event route', async () => {
    answer();
    renderScreen(<HomePage />, { path: '/home' });
    fireEvent.click(await within(board()).findByRole('link', { name: 'Arsenal v Chelsea' }));
    expect((await screen.findByTestId('location')).textContent).toBe(
      '/market/1/31200455 {"seriesName":"English Premier League","matchName":"Arsenal v Chelsea"}',
    );
  });

  it('says no match is in play when none is, and still shows the cards', async () => {
    answer({
      Status: true,
      Result: marketListAnswer.Result.filter((market) => market.MarketStatus === 0),
    });
    renderScreen(<HomePage />, { path: '/home' });
    expect(await within(board()).findByText(NO_MATCH_IN_PLAY)).toBeTruthy();
    expect(within(board()).queryAllByTestId('market-row')).toHaveLength(0);
    expect(screen.getByRole('link', { name: 'Matka' })).toBeTruthy();
  });
});
