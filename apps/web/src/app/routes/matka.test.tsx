import {
  getMatkaBetResult,
  getMatkaEventMarkets,
  getMatkaMyBets,
  getMatkaProfitLoss,
} from '@backlay/contract/matka';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { routeFetch } from '../../test/fetch';
import {
  emptyListAnswer,
  GAME,
  gamesAnswer,
  myBetsAnswer,
  profitLossAnswer,
  resultsAnswer,
} from '../../test/fixtures/matka-answers';
import { renderScreen } from '../../test/render';
import { paths } from '../paths';
import { MatkaBetPage } from './matka-bet';
import { MatkaMarketPage } from './matka-market';
import { MatkaProfitLossPage } from './matka-profit-loss';
import { MatkaResultPage } from './matka-result';
import { ShowMatkaBetPage } from './show-matka-bet';

const GAMES = '/api/Matka/GetEventMarkets';
const MY_BETS = '/api/Matka/GetMyBets';
const RESULTS = '/api/Matka/GetBetResult';
const PROFIT_LOSS = '/api/Matka/GetProfitLoss';

describe('/matka_market', () => {
  it('lists each game with its Hindi name, times and state, linking to its board with state', async () => {
    const user = userEvent.setup();
    routeFetch({ [GAMES]: () => ({ body: getMatkaEventMarkets.response.parse(gamesAnswer) }) });
    const { router } = renderScreen(<MatkaMarketPage />, { path: paths.matkaMarket.pattern });
    const kalyan = await screen.findByRole('link', { name: /Kalyan/ });
    expect(kalyan.textContent).toContain('कल्याण');
    expect(kalyan.textContent).toContain('Open');
    expect(screen.getByRole('link', { name: /Milan Night/ }).textContent).toContain('Closed');
    await user.click(kalyan);
    expect(router.state.location.pathname).toBe(`/matkabet/Kalyan/${GAME.EventId}/${GAME.Mid}`);
    expect(router.state.location.state).toMatchObject({ hindi: 'कल्याण' });
  });
});

describe('/matkabet/{EventName}/{EventId}/{Mid}', () => {
  it('works from its URL alone: the board, the forms and the market’s bets', async () => {
    const { callsTo } = routeFetch({
      [MY_BETS]: () => ({ body: getMatkaMyBets.response.parse(myBetsAnswer) }),
    });
    renderScreen(<MatkaBetPage />, {
      path: paths.matkaBet.pattern,
      url: paths.matkaBet.href('Kalyan', String(GAME.EventId), String(GAME.Mid)),
    });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Kalyan');
    expect(
      within(screen.getByRole('group', { name: 'Matka board' })).getAllByRole('button'),
    ).toHaveLength(100);
    expect(screen.getByRole('form', { name: 'Paste' })).toBeTruthy();
    expect(screen.getByRole('form', { name: 'Crossing' })).toBeTruthy();
    expect(screen.getByRole('form', { name: 'Harup' })).toBeTruthy();
    expect(await screen.findByRole('cell', { name: '45' })).toBeTruthy();
    expect(callsTo(MY_BETS)).toHaveLength(1);
  });
});

describe('/makta_bethistory', () => {
  it('lists the results', async () => {
    routeFetch({ [RESULTS]: () => ({ body: getMatkaBetResult.response.parse(resultsAnswer) }) });
    renderScreen(<MatkaResultPage />, { path: paths.matkaResult.pattern });
    expect(await screen.findByRole('cell', { name: 'Kalyan' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Bet Result' })).toBeTruthy();
  });

  it('says No Result when there is none', async () => {
    routeFetch({ [RESULTS]: () => ({ body: emptyListAnswer }) });
    renderScreen(<MatkaResultPage />, { path: paths.matkaResult.pattern });
    expect(await screen.findByText('No Result')).toBeTruthy();
  });
});

describe('/matka-profit-loss', () => {
  it('asks for a page of sport 6 in the date range and opens a market’s bets', async () => {
    const user = userEvent.setup();
    const { calls } = routeFetch({
      [PROFIT_LOSS]: () => ({ body: getMatkaProfitLoss.response.parse(profitLossAnswer) }),
    });
    const { router } = renderScreen(<MatkaProfitLossPage />, {
      path: paths.matkaProfitLoss.pattern,
      url: '/matka-profit-loss?startDate=2026-11-15&endDate=2026-11-22',
    });
    const link = await screen.findByRole('link', { name: 'Kalyan' });
    expect(Object.fromEntries(new URL(calls[0]!.url, 'http://x').searchParams)).toEqual({
      skipRec: '0',
      psize: '10',
      startDate: '2026-11-15',
      endDate: '2026-11-22',
      sportsId: '6',
    });
    expect(screen.getByText('8,900.00')).toBeTruthy();
    await user.click(link);
    expect(router.state.location.pathname).toBe('/show-matka-bet/880000');
  });

  it('says No data available when there is none', async () => {
    routeFetch({ [PROFIT_LOSS]: () => ({ body: { Status: true, Result: [], count: 0 } }) });
    renderScreen(<MatkaProfitLossPage />, { path: paths.matkaProfitLoss.pattern });
    expect(await screen.findByText('No data available')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Matka profit and loss pages' })).toBeTruthy();
  });
});

describe('/show-matka-bet/{Mid}', () => {
  it('lists the market’s bets by Mid, with Back keeping the listing’s filters', async () => {
    const { calls } = routeFetch({
      [MY_BETS]: () => ({ body: getMatkaMyBets.response.parse(myBetsAnswer) }),
    });
    renderScreen(<ShowMatkaBetPage />, {
      path: paths.showMatkaBet.pattern,
      url: paths.showMatkaBet.href(String(GAME.Mid)),
      state: { backSearch: '?startDate=2026-11-15&endDate=2026-11-22', marketName: 'Kalyan' },
    });
    expect(await screen.findByRole('cell', { name: '45' })).toBeTruthy();
    expect(new URL(calls[0]!.url, 'http://x').searchParams.get('Mid')).toBe(String(GAME.Mid));
    expect(screen.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe(
      '/matka-profit-loss?startDate=2026-11-15&endDate=2026-11-22',
    );
  });

  it('says No Data Available when there is none', async () => {
    routeFetch({ [MY_BETS]: () => ({ body: emptyListAnswer }) });
    renderScreen(<ShowMatkaBetPage />, {
      path: paths.showMatkaBet.pattern,
      url: paths.showMatkaBet.href(String(GAME.Mid)),
    });
    expect(await screen.findByText('No Data Available')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe(
      '/matka-profit-loss',
    );
  });
});
