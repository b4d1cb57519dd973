import {
  getMatkaBetResult,
  getMatkaEventMarkets,
  getMatkaMyBets,
  getMatkaProfitLoss,
} from '@backlay/contract/matka';
import { getSiteConfig } from '@backlay/contract/site';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { matkaChangedPut } from '../../features/matka/api/live';
import { routeFetch } from '../../test/fetch';
import { skyexchConfigAnswer } from '../../test/fixtures/site-answers';
import {
  emptyListAnswer,
  GAME,
  GAME_END,
  gamesAnswer,
  MATKA_NOW,
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
import { eventually } from '../../test/eventually';

const GAMES = '/api/Matka/GetEventMarkets';
const MY_BETS = '/api/Matka/GetMyBets';
const RESULTS = '/api/Matka/GetBetResult';
const PROFIT_LOSS = '/api/Matka/GetProfitLoss';

describe('/matka_market', () => {
  it('lists each game with its Hindi name, times and state, linking to its board with state', async () => {
    vi.useFakeTimers({ now: Date.parse(MATKA_NOW), toFake: ['Date'] });
    const user = userEvent.setup();
    routeFetch({ [GAMES]: () => ({ body: getMatkaEventMarkets.response.parse(gamesAnswer) }) });
    const { router } = renderScreen(<MatkaMarketPage />, { path: paths.matkaMarket.pattern });
    const kalyan = await screen.findByRole('link', { name: /Kalyan/ });
    expect(kalyan.textContent).toContain('कल्याण');
    expect(kalyan.textContent).toContain('Open');
    expect(within(kalyan).getByTestId('matka-game-countdown').textContent).toBe(
      'Closes in 4:00:00',
    );
    const milan = screen.getByRole('link', { name: /Milan Night/ });
    expect(milan.textContent).toContain('Closed');
    expect(within(milan).queryByTestId('matka-game-countdown')).toBeNull();
    await user.click(kalyan);
    expect(router.location.pathname).toBe(`/matkabet/Kalyan/${GAME.EventId}/${GAME.Mid}`);
    expect(router.location.state).toMatchObject({ hindi: 'कल्याण' });
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
    expect(router.location.pathname).toBe('/show-matka-bet/880000');
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

const END = Date.parse(GAME_END);

async function elapse(ms: number) {
  for (let left = ms; left > 0; left -= 1000) {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(Math.min(left, 1000));
    });
  }
}

const matkaPush = (
  Status: 'open' | 'closed' | 'settled' | 'voided' | 'rolled back',
  Result: string | null = null,
  Mid: number = GAME.Mid,
) => ({ EventId: GAME.EventId, Mid, Status, Result, EndTime: GAME_END });

describe('/matka_market, live', () => {
  it('counts an open game down and shows it Closed at its EndTime, without a reload', async () => {
    vi.useFakeTimers({ now: END - 1_500 });
    const { callsTo } = routeFetch({ [GAMES]: () => ({ body: gamesAnswer }) });
    renderScreen(<MatkaMarketPage />, { path: paths.matkaMarket.pattern });
    await elapse(0.5);
    await eventually(() => expect(screen.getByRole('link', { name: /Kalyan/ })).toBeTruthy());
    const kalyan = () => screen.getByRole('link', { name: /Kalyan/ });
    expect(within(kalyan()).getByTestId('matka-game-countdown').textContent).toBe('Closes in 0:02');
    await elapse(1_500);
    expect(within(kalyan()).queryByTestId('matka-game-countdown')).toBeNull();
    expect(kalyan().textContent).toContain('Closed');
    expect(kalyan().getAttribute('data-open')).toBe('false');
    expect(callsTo(GAMES)).toHaveLength(1);
  });

  it('follows MatkaChanged: closed at once, then Result 45 once settled, reading the list again', async () => {
    vi.useFakeTimers({ now: Date.parse(MATKA_NOW), toFake: ['Date'] });
    // The server's list after the close says so too.
    let isClosed = false;
    const { callsTo } = routeFetch({
      [GAMES]: () => ({
        body: {
          ...gamesAnswer,
          Result: gamesAnswer.Result.map((game) => ({ ...game, isOpen: game.isOpen && !isClosed })),
        },
      }),
    });
    const { client } = renderScreen(<MatkaMarketPage />, { path: paths.matkaMarket.pattern });
    const kalyan = await screen.findByRole('link', { name: /Kalyan/ });
    expect(kalyan.getAttribute('data-open')).toBe('true');
    isClosed = true;
    act(() => matkaChangedPut(client, matkaPush('closed')));
    await eventually(() => expect(kalyan.getAttribute('data-open')).toBe('false'));
    expect(kalyan.textContent).toContain('Closed');
    expect(within(kalyan).queryByTestId('matka-game-countdown')).toBeNull();
    await eventually(() => expect(callsTo(GAMES)).toHaveLength(2));
    act(() => matkaChangedPut(client, matkaPush('settled', '45')));
    await eventually(() =>
      expect(within(kalyan).getByTestId('matka-game-result').textContent).toBe('Result 45'),
    );
    expect(kalyan.textContent).toContain('Closed');
  });
});

describe('/makta_bethistory, live', () => {
  it('reads the results again when a market is settled and highlights it: Result 27', async () => {
    const fresh = {
      MarketId: GAME.Mid,
      MarketName: 'Kalyan',
      Result: '27',
      CreatedOn: '2026-11-22T16:00:00+05:30',
    };
    const { callsTo } = routeFetch({
      [RESULTS]: (_url, count) => ({
        body: getMatkaBetResult.response.parse(
          count === 1
            ? resultsAnswer
            : { ...resultsAnswer, Result: [fresh, ...resultsAnswer.Result] },
        ),
      }),
    });
    const { client } = renderScreen(<MatkaResultPage />, { path: paths.matkaResult.pattern });
    expect(await screen.findByRole('cell', { name: '45' })).toBeTruthy();
    expect(screen.queryByTestId('matka-fresh-result')).toBeNull();
    act(() => matkaChangedPut(client, matkaPush('settled', '27')));
    const cell = await screen.findByRole('cell', { name: 'Result 27' });
    const mark = within(cell).getByTestId('matka-fresh-result');
    expect(mark.tagName).toBe('MARK');
    expect(mark.getAttribute('data-result')).toBe('win');
    expect(screen.getByRole('cell', { name: '45' })).toBeTruthy();
    expect(callsTo(RESULTS)).toHaveLength(2);
  });
});

describe('/matkabet, live', () => {
  it('previews with the site’s payout and counts down from the close the games list passed', async () => {
    vi.useFakeTimers({ now: Date.parse(MATKA_NOW), toFake: ['Date'] });
    routeFetch({
      [MY_BETS]: () => ({ body: emptyListAnswer }),
      '/api/Site/Config': () => ({ body: getSiteConfig.response.parse(skyexchConfigAnswer) }),
    });
    renderScreen(<MatkaBetPage />, {
      path: paths.matkaBet.pattern,
      url: paths.matkaBet.href('Kalyan', String(GAME.EventId), String(GAME.Mid)),
      state: { hindi: 'कल्याण', EndTime: GAME_END },
    });
    // The games list does not answer here: the close passed along is enough to count.
    expect(screen.getByTestId('matka-countdown').textContent).toBe('Closes in 4:00:00');
    const paste = screen.getByRole('form', { name: 'Paste' });
    await userEvent.setup().type(within(paste).getByLabelText('Numbers@Amount'), '45@100');
    const preview = within(paste).getByRole('region', { name: 'Paste preview' });
    await eventually(() =>
      expect(within(preview).getByTestId('matka-preview-summary').textContent).toBe(
        '1 bet · ₹100.00 · pays ₹9,000.00 if one hits',
      ),
    );
  });
});

describe('/matkabet of a market already settled', () => {
  it('shows its result from the results list, with no push', async () => {
    routeFetch({
      [MY_BETS]: () => ({ body: emptyListAnswer }),
      [RESULTS]: () => ({ body: getMatkaBetResult.response.parse(resultsAnswer) }),
    });
    // Kalyan's market 880000 was settled with 45 before this board was opened.
    renderScreen(<MatkaBetPage />, {
      path: paths.matkaBet.pattern,
      url: paths.matkaBet.href('Kalyan', String(GAME.EventId), '880000'),
    });
    expect((await screen.findByTestId('matka-result')).textContent).toBe('Result 45');
  });
});
