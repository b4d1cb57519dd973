import {
  CANCEL_MESSAGES,
  getFancyCurrentPosition,
  getFancyPosition,
  getMatchedBets,
  getProfitLossOnRunners,
  getUserBook,
} from '@backlay/contract/bets';
import { getChips } from '@backlay/contract/chips';
import {
  getActiveFancy,
  getBmFancy,
  getCustomBookmaker,
  getCustomFancy,
  getEventDetail,
  getMarketOdds,
  getTossOdds,
} from '@backlay/contract/markets';
import { getSafer } from '@backlay/contract/safer';
import { getCricketScore, getOtherScore } from '@backlay/contract/scores';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MATCHED_BETS_POLL_MS, ODDS_POLL_MS } from '../../features/event/api/polling';
import { TV_UNAVAILABLE } from '../../features/event/components/live-tv';
import { routeFetch } from '../../test/fetch';
import {
  activeFancyAnswer,
  chipsAnswer,
  CRICKET_ID,
  cricketBmFancyAnswer,
  cricketDetailAnswer,
  cricketOddsAnswer,
  cricketTossAnswer,
  customBookmakerAnswer,
  customFancyAnswer,
  emptyRunnerBookAnswer,
  fancyLadderAnswer,
  fancyPositionAnswer,
  matchedBetsAnswer,
  runnerBookAnswer,
  SOCCER_ID,
  soccerDetailAnswer,
  soccerOddsAnswer,
  userBookAnswer,
} from '../../test/fixtures/event-answers';
import { lowerLimitAnswer, noLimitsAnswer, saferAnswer } from '../../test/fixtures/safer-answers';
import { cricketAnswer, soccerAnswer } from '../../test/fixtures/scores-answers';
import { renderScreen } from '../../test/render';
import { hubHandlers } from '../hub';
import { EventPage } from './event';
import { wireCopy } from '../../test/wire';
import { eventually } from '../../test/eventually';
import { nameOf } from '../../test/names';

const C = CRICKET_ID;
const S = SOCCER_ID;
const waitFor = (check: () => unknown) => eventually(check, { interval: 1 });
type Answer = (url: URL, count: number) => { body: unknown };
const ok = (body: unknown) => () => ({ body });

/** Every call the cricket screen makes, answered from the recorded answers (parsed). */
function cricketAnswers(overrides: Record<string, Answer> = {}) {
  return routeFetch({
    '/api/MarketModels/GetEventDetail': ok(getEventDetail.response.parse(cricketDetailAnswer)),
    [`/api/Odds/Market/1.${C}`]: ok(getMarketOdds.response.parse(cricketOddsAnswer())),
    '/api/Odds/Toss': ok(getTossOdds.response.parse(cricketTossAnswer)),
    [`/api/Odds/BmFancy/${C}`]: ok(getBmFancy.response.parse(cricketBmFancyAnswer())),
    '/api/FancyRunnerModels/GetActiveFancy': ok(getActiveFancy.response.parse(activeFancyAnswer)),
    '/api/FancyRunnerModels/GetCustomFancy': ok(getCustomFancy.response.parse(customFancyAnswer)),
    '/api/MarketModels/GetCustomBookmaker': ok(
      getCustomBookmaker.response.parse(customBookmakerAnswer),
    ),
    '/api/UserBetModels/GetMatchedBets': ok(getMatchedBets.response.parse(matchedBetsAnswer)),
    '/api/UserBetModels/GetFancyPosition': ok(getFancyPosition.response.parse(fancyPositionAnswer)),
    '/api/ProfitLossModels/GetProfitLossOnRunners': (url) => ({
      body: getProfitLossOnRunners.response.parse(
        url.searchParams.get('marketId') === `1.${C}` ? runnerBookAnswer : emptyRunnerBookAnswer,
      ),
    }),
    '/api/UserBetModels/GetFancyCurrentPosition': ok(
      getFancyCurrentPosition.response.parse(fancyLadderAnswer),
    ),
    '/api/UserBetModels/GetUserBook': ok(getUserBook.response.parse(userBookAnswer)),
    '/api/ChipModels/GetChipModels': ok(getChips.response.parse(chipsAnswer)),
    [`/api/Score/Cricket/${C}`]: ok(getCricketScore.response.parse(cricketAnswer)),
    ...overrides,
  });
}

function soccerAnswers() {
  return routeFetch({
    '/api/MarketModels/GetEventDetail': ok(getEventDetail.response.parse(soccerDetailAnswer)),
    [`/api/Odds/Market/1.${S}`]: ok(getMarketOdds.response.parse(soccerOddsAnswer)),
    '/api/MarketModels/GetCustomBookmaker': ok({ Status: true, Result: [] }),
    '/api/UserBetModels/GetMatchedBets': ok({ Status: true, Result: [] }),
    '/api/ProfitLossModels/GetProfitLossOnRunners': ok(emptyRunnerBookAnswer),
    '/api/ChipModels/GetChipModels': ok(getChips.response.parse(chipsAnswer)),
    [`/api/Score/Other/1/${S}`]: ok(getOtherScore.response.parse(soccerAnswer)),
  });
}

const renderEvent = (url: string, state?: unknown) =>
  renderScreen(<EventPage />, {
    path: '/market/:sportId/:eventId',
    url,
    state,
    routes: [{ path: '/home', element: <p>home screen</p> }],
  });

const marketTable = async (name: string) =>
  screen.findByRole('region', { name }, { timeout: 3000 });

/** Each runner row of a market: name, then the back and lay cells' labels. */
async function rowsOf(name: string) {
  const table = await marketTable(name);
  await waitFor(() => expect(within(table).queryAllByLabelText(/: none$/)).toHaveLength(0));
  return within(table)
    .getAllByTestId('runner-row')
    .map((row) => [
      row.querySelector('span')?.textContent,
      ...within(row)
        .getAllByRole('button', { name: /^(Back|Lay) / })
        .map((cell) => nameOf(cell)),
    ]);
}

const fancyRow = async (name: string) =>
  (await within(await screen.findByTestId('fancy-table')).findByText(name)).closest(
    'li',
  ) as HTMLElement;

describe('/market/{sportId}/{eventId}', () => {
  it('renders from its URL alone: the event name, series, Back to /home and no toggle', async () => {
    cricketAnswers();
    renderEvent(`/market/4/${C}`);
    const nav = screen.getByRole('navigation', { name: 'Event' });
    expect(within(nav).getByRole('heading', { name: 'Event' })).toBeTruthy();
    expect(
      await within(nav).findByRole('heading', { name: 'Mumbai Mavericks v Chennai Chargers' }),
    ).toBeTruthy();
    expect(within(nav).getByText('Indian T20 League')).toBeTruthy();
    expect(within(nav).queryByRole('button', { name: /toggle/i })).toBeNull();
    fireEvent.click(within(nav).getByRole('button', { name: /Back/ }));
    expect(await screen.findByText('home screen')).toBeTruthy();
  });

  it("titles itself from router state until the event's detail arrives", () => {
    cricketAnswers();
    renderEvent(`/market/4/${C}`, { seriesName: 'Series S', matchName: 'Home v Away' });
    expect(screen.getByRole('heading', { name: 'Home v Away' })).toBeTruthy();
    expect(screen.getByText('Series S')).toBeTruthy();
  });

  it('asks each call by the id docs/decisions.md#api gives it', async () => {
    const { calls } = cricketAnswers();
    renderEvent(`/market/4/${C}`);
    await marketTable('Match Odds');
    await waitFor(() => expect(screen.getByRole('tab', { name: 'All (3)' })).toBeTruthy());
    // Each request starts in a task of its own (lib/api.ts): the last may follow the first paint.
    const expected = [
      `/api/MarketModels/GetEventDetail?eventId=${C}`,
      `/api/Odds/Market/1.${C}`,
      `/api/Odds/Toss?marketids=${C}T`,
      `/api/Odds/BmFancy/${C}`,
      `/api/FancyRunnerModels/GetActiveFancy?MarketId=${C}`,
      `/api/FancyRunnerModels/GetCustomFancy?MarketId=${C}`,
      `/api/MarketModels/GetCustomBookmaker?MarketId=${C}B`,
      `/api/UserBetModels/GetMatchedBets?marketId=${C}`,
      `/api/UserBetModels/GetFancyPosition?marketId=${C}`,
      `/api/ProfitLossModels/GetProfitLossOnRunners?marketId=1.${C}&sportsId=4`,
      `/api/ProfitLossModels/GetProfitLossOnRunners?marketId=${C}B&sportsId=4`,
      `/api/ProfitLossModels/GetProfitLossOnRunners?marketId=${C}T&sportsId=4`,
      '/api/ChipModels/GetChipModels',
    ];
    await waitFor(() => {
      const asked = new Set(calls.map((call) => call.url));
      for (const url of expected) expect(asked, url).toContain(url);
    });
  });

  it('shows match odds, bookmaker (custom rows merged) and toss with Min/Max, back and lay', async () => {
    cricketAnswers();
    renderEvent(`/market/4/${C}`);
    const match = await marketTable('Match Odds');
    expect(within(match).getByText('Min: 500 Max: 5,00,000')).toBeTruthy();
    // Match odds carry their depth: backs worst → best, then lays best → worst.
    expect(await rowsOf('Match Odds')).toEqual([
      ['Mumbai Mavericks', 'Back 1.88', 'Back 1.9', 'Lay 1.92', 'Lay 1.94'],
      ['Chennai Chargers', 'Back 2.04', 'Back 2.06', 'Lay 2.1', 'Lay 2.12'],
    ]);
    const back = within(match).getByRole('button', { name: 'Back 1.9' });
    expect(within(back).getByTestId('odds-price').textContent).toBe('1.9');
    expect(within(back).getByTestId('odds-size').textContent).toBe('12K');
    // Chennai's bookmaker prices come from the custom row (IsActive): 100 / 104, not 105 / 110.
    await waitFor(async () =>
      expect(await rowsOf('Bookmaker')).toEqual([
        ['Mumbai Mavericks', 'Back 88', 'Lay 92'],
        ['Chennai Chargers', 'Back 100', 'Lay 104'],
      ]),
    );
    // The toss book of Odds/Toss carries a newer Seq (91) than the one in Odds/Market (90).
    await waitFor(async () =>
      expect(await rowsOf('Toss')).toEqual([
        ['Mumbai Mavericks', 'Back 1.96', 'Lay 1.99'],
        ['Chennai Chargers', 'Back 1.94', 'Lay 1.97'],
      ]),
    );
  });

  it("shows soccer's three runners in the order 0, 2, 1 — home, draw, away — and no fancy", async () => {
    const { callsTo } = soccerAnswers();
    renderEvent(`/market/1/${S}`);
    expect(await rowsOf('Match Odds')).toEqual([
      ['Arsenal', 'Back 2.1', 'Back 2.12', 'Lay 2.14', 'Lay 2.16'],
      ['The Draw', 'Back 3.33', 'Back 3.35', 'Lay 3.4', 'Lay 3.42'],
      ['Chelsea', 'Back 3.63', 'Back 3.65', 'Lay 3.7', 'Lay 3.72'],
    ]);
    expect(screen.queryByTestId('fancy-table')).toBeNull();
    expect(callsTo(`/api/Odds/BmFancy/${S}`)).toHaveLength(0);
    expect(callsTo('/api/Odds/Toss')).toHaveLength(0);
    expect(callsTo('/api/FancyRunnerModels/GetActiveFancy')).toHaveLength(0);
  });

  it('covers an inactive runner with SUSPENDED in words and leaves the active one open', async () => {
    cricketAnswers();
    renderEvent(`/market/4/${C}`);
    await rowsOf('Match Odds');
    const [open, inactive] = within(await marketTable('Match Odds')).getAllByTestId('runner-row');
    expect(within(open!).queryByText('SUSPENDED')).toBeNull();
    expect(within(open!).getByRole('button', { name: 'Back 1.9' })).toHaveProperty(
      'disabled',
      false,
    );
    expect(within(inactive!).getByText('SUSPENDED')).toBeTruthy();
    expect(within(inactive!).getByRole('button', { name: 'Back 2.06' })).toHaveProperty(
      'disabled',
      true,
    );
  });

  it('suspends every cell of a locked event and shows its fancy rows SUSPENDED with dashes', async () => {
    const locked = wireCopy(cricketDetailAnswer);
    locked.Result.fancy.EvBetStatus = false;
    cricketAnswers({
      '/api/MarketModels/GetEventDetail': ok(getEventDetail.response.parse(locked)),
    });
    renderEvent(`/market/4/${C}`);
    for (const name of ['Match Odds', 'Bookmaker', 'Toss']) {
      const table = await marketTable(name);
      await waitFor(() =>
        expect(within(table).getAllByText('SUSPENDED')).toHaveLength(
          within(table).getAllByTestId('runner-row').length,
        ),
      );
    }
    const row = await fancyRow('6 over runs MUM');
    await waitFor(() => expect(within(row).getByText('SUSPENDED')).toBeTruthy());
    expect(within(row).getByRole('button', { name: 'No -' })).toHaveProperty('disabled', true);
    expect(within(row).getByRole('button', { name: 'Yes -' })).toHaveProperty('disabled', true);
  });

  it('assembles the fancy rows: hidden names dropped, custom added, active limits, game status', async () => {
    cricketAnswers();
    renderEvent(`/market/4/${C}`);
    const table = await screen.findByTestId('fancy-table');
    await waitFor(() =>
      expect(
        within(table)
          .getAllByTestId('fancy-row')
          .map((row) => row.querySelector('span')?.textContent),
      ).toEqual([
        '6 over runs MUM',
        '10 over runs MUM',
        'Mumbai Mavericks 20 over runs',
        'Custom 8 over runs',
      ]),
    );
    expect(within(table).queryByText(/Total boundaries|6\.1 over|Runs by/)).toBeNull();
    const first = await fancyRow('6 over runs MUM');
    const no = within(first).getByRole('button', { name: 'No 48' });
    expect([
      within(no).getByTestId('odds-price').textContent,
      within(no).getByTestId('odds-size').textContent,
    ]).toEqual(['48', '90']);
    expect(within(first).getByRole('button', { name: 'Yes 49' })).toBeTruthy();
    const running = await fancyRow('10 over runs MUM');
    expect(within(running).getByText('Ball Running')).toBeTruthy();
    expect(within(running).getByRole('button', { name: 'Yes 81' })).toHaveProperty(
      'disabled',
      true,
    );
    const infoButton = within(running).getByRole('button', { name: 'Info: 10 over runs MUM' });
    fireEvent.click(infoButton);
    expect(infoButton.getAttribute('aria-expanded')).toBe('true');
    const info = document.getElementById(infoButton.getAttribute('aria-controls')!)!;
    expect(info.textContent).toContain('Min / Max200 / 10,000');
    expect(info.textContent).toContain('No (lay)80 / 100');
    expect(info.textContent).toContain('Yes (back)81 / 100');
  });

  it('flags a fancy name of 25 characters or more to scroll on mobile, and no shorter one', async () => {
    cricketAnswers();
    renderEvent(`/market/4/${C}`);
    const long = await screen.findByText('Mumbai Mavericks 20 over runs');
    expect(long.parentElement?.getAttribute('data-scrolls')).toBe('true');
    const short = await screen.findByText('Custom 8 over runs');
    expect(short.parentElement?.getAttribute('data-scrolls')).toBe('false');
  });

  it("shows each runner's book figure; a click opens 'Position Of {match}' split on ' v '", async () => {
    cricketAnswers();
    renderEvent(`/market/4/${C}`);
    const match = await marketTable('Match Odds');
    const plus = await within(match).findByRole('button', {
      name: 'Book of Mumbai Mavericks: 900.00',
    });
    expect(plus.getAttribute('data-tone')).toBe('positive');
    const minus = within(match).getByRole('button', {
      name: 'Book of Chennai Chargers: -1,000.00',
    });
    expect(minus.getAttribute('data-tone')).toBe('negative');
    fireEvent.click(plus);
    const dialog = await screen.findByRole('dialog', {
      name: 'Position Of Mumbai Mavericks v Chennai Chargers',
    });
    await waitFor(() =>
      expect(
        within(dialog)
          .getAllByRole('columnheader')
          .map((th) => th.textContent),
      ).toEqual(['User', 'Mumbai Mavericks', 'Chennai Chargers']),
    );
    const line = within(dialog).getAllByRole('row')[1]!;
    expect([...line.children].map((cell) => cell.textContent)).toEqual([
      'asha',
      '900.00',
      '-1,000.00',
    ]);
    expect(line.children[2]?.getAttribute('data-tone')).toBe('negative');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens the fancy position modal: Runs and Position, red if negative, green otherwise', async () => {
    const { calls } = cricketAnswers();
    renderEvent(`/market/4/${C}`);
    const row = await fancyRow('6 over runs MUM');
    fireEvent.click(
      await within(row).findByRole('button', { name: 'Position of 6 over runs MUM: -100.00' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Position: 6 over runs MUM' });
    await waitFor(() => expect(within(dialog).getAllByRole('row')).toHaveLength(4));
    expect(
      within(dialog)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Runs', 'Position']);
    const tones = within(dialog)
      .getAllByRole('row')
      .slice(1)
      .map((tr) => [tr.children[0]?.textContent, tr.children[1]?.getAttribute('data-tone')]);
    expect(tones).toEqual([
      ['47', 'positive'],
      ['48', 'negative'],
      ['49', 'negative'],
    ]);
    expect(calls.map((call) => call.url)).toContain(
      `/api/UserBetModels/GetFancyCurrentPosition?selectionId=${C}-1&marketId=${C}`,
    );
  });

  it('a back or lay cell opens the bet slip at that price: the cell shows pressed at once, the slip after that paint', async () => {
    cricketAnswers();
    renderEvent(`/market/4/${C}`);
    const slip = screen.getByRole('region', { name: 'Bet slip' });
    expect(within(slip).getByText(/Choose a back or lay price/)).toBeTruthy();
    const match = await marketTable('Match Odds');
    fireEvent.click(await within(match).findByRole('button', { name: 'Lay 1.92' }));
    expect(
      within(match).getByRole('button', { name: 'Lay 1.92' }).getAttribute('aria-pressed'),
    ).toBe('true');
    expect(within(slip).queryByTestId('slip-side')).toBeNull();
    expect((await within(slip).findByTestId('slip-side')).textContent).toBe('Lay');
    expect(within(slip).getByTestId('slip-odds').textContent).toBe('1.92');
    expect(within(slip).getByText('Match Odds')).toBeTruthy();
    const row = await fancyRow('6 over runs MUM');
    fireEvent.click(within(row).getByRole('button', { name: 'Yes 49' }));
    await waitFor(() => expect(within(slip).getByTestId('slip-side').textContent).toBe('Yes'));
    expect(within(slip).getByTestId('slip-odds').textContent).toBe('49 (110)');
    fireEvent.click(within(slip).getByRole('button', { name: 'Cancel Order' }));
    expect(await within(slip).findByText(/Choose a back or lay price/)).toBeTruthy();
  });

  it('places a bet with the chips of GetChips, then refreshes balance, bets, positions and detail', async () => {
    const placed = { Status: true, Result: 'Bet placed successfully' };
    const { callsTo } = cricketAnswers({
      '/api/UserBetModels/PostUserBetModel': ok(placed),
      '/api/AmountModels/GetMainBalance': ok({ Status: true, Result: { MainBalance: 1000 } }),
    });
    const view = renderEvent(`/market/4/${C}`);
    const slip = screen.getByRole('region', { name: 'Bet slip' });
    const match = await marketTable('Match Odds');
    fireEvent.click(await within(match).findByRole('button', { name: 'Lay 1.92' }));
    const chips = await within(slip).findByRole('list', { name: 'Stake chips' });
    expect(
      within(chips)
        .getAllByRole('button')
        .map((chip) => chip.textContent),
    ).toEqual(['500', '1K', '5K']);
    fireEvent.click(within(chips).getByRole('button', { name: '1K, add 1,000' }));
    expect(within(slip).getByTestId('slip-profit').textContent).toBe('1,000.00');
    const before = {
      detail: callsTo('/api/MarketModels/GetEventDetail').length,
      bets: callsTo('/api/UserBetModels/GetMatchedBets').length,
      fancy: callsTo('/api/UserBetModels/GetFancyPosition').length,
    };
    view.client.setQueryData(['wallet', 'balance'], { Status: true, Result: { MainBalance: 0 } });
    fireEvent.click(within(slip).getByRole('button', { name: 'Place Bet with Liability 920.00' }));
    expect(await within(slip).findByText(/Choose a back or lay price/)).toBeTruthy();
    const [post] = callsTo('/api/UserBetModels/PostUserBetModel');
    expect(JSON.parse(post?.init?.body as string)).toMatchObject({
      MarketId: `1.${C}`,
      BetType: 'Lay',
      Odds: 1.92,
      Stack: 1000,
      UserId: 3,
    });
    await waitFor(() => {
      expect(callsTo('/api/MarketModels/GetEventDetail').length).toBe(before.detail + 1);
      expect(callsTo('/api/UserBetModels/GetMatchedBets').length).toBe(before.bets + 1);
      expect(callsTo('/api/UserBetModels/GetFancyPosition').length).toBe(before.fancy + 1);
    });
    expect(view.client.getQueryState(['wallet', 'balance'])?.isInvalidated).toBe(true);
  });

  it("shows what the client's limits leave before a stake is typed, and asks again after a bet", async () => {
    const lowered = { Status: true, Result: lowerLimitAnswer.Result.settings };
    const { callsTo } = cricketAnswers({
      '/api/safer': (_url, count) => ({
        body: getSafer.response.parse(count === 1 ? saferAnswer : lowered),
      }),
      '/api/UserBetModels/PostUserBetModel': ok({ Status: true, Result: 'Bet placed' }),
      '/api/AmountModels/GetMainBalance': ok({ Status: true, Result: { MainBalance: 1000 } }),
    });
    renderEvent(`/market/4/${C}`);
    const slip = screen.getByRole('region', { name: 'Bet slip' });
    const match = await marketTable('Match Odds');
    fireEvent.click(await within(match).findByRole('button', { name: 'Lay 1.92' }));
    expect((await within(slip).findByTestId('slip-own-limits')).textContent).toBe(
      'Stake limit ₹1,000 · Loss limit ₹400.00 left today',
    );
    expect(callsTo('/api/safer')).toHaveLength(1);

    fireEvent.click(within(slip).getByRole('button', { name: '500, add 500' }));
    fireEvent.click(within(slip).getByRole('button', { name: 'Place Bet with Liability 460.00' }));
    expect(await within(slip).findByText(/Choose a back or lay price/)).toBeTruthy();
    await waitFor(() => expect(callsTo('/api/safer')).toHaveLength(2));
    fireEvent.click(within(match).getByRole('button', { name: 'Lay 1.92' }));
    await waitFor(() =>
      expect(within(slip).getByTestId('slip-own-limits').textContent).toBe(
        'Stake limit ₹1,000 · Loss limit ₹0.00 left today',
      ),
    );
  });

  it('shows no limits line to a client without limits', async () => {
    const { callsTo } = cricketAnswers({
      '/api/safer': ok(getSafer.response.parse(noLimitsAnswer)),
    });
    renderEvent(`/market/4/${C}`);
    const slip = screen.getByRole('region', { name: 'Bet slip' });
    const match = await marketTable('Match Odds');
    fireEvent.click(await within(match).findByRole('button', { name: 'Lay 1.92' }));
    await waitFor(() => expect(callsTo('/api/safer')).toHaveLength(1));
    expect((await within(slip).findByTestId('slip-odds')).textContent).toBe('1.92');
    expect(within(slip).queryByTestId('slip-own-limits')).toBeNull();
  });

  it("opens the chip settings from the slip's Edit Stack link", async () => {
    cricketAnswers();
    renderEvent(`/market/4/${C}`);
    const match = await marketTable('Match Odds');
    fireEvent.click(await within(match).findByRole('button', { name: 'Lay 1.92' }));
    const slip = screen.getByRole('region', { name: 'Bet slip' });
    fireEvent.click(await within(slip).findByRole('button', { name: 'Edit Stack' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Stake' });
    expect(await within(dialog).findByLabelText('Chip 2 name')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows live TV on the toggle, or says it is not available', async () => {
    soccerAnswers();
    renderEvent(`/market/1/${S}`);
    await marketTable('Match Odds');
    const tv = screen.getByRole('region', { name: 'Live TV' });
    const toggle = within(tv).getByRole('button', { name: /Live TV/ });
    expect(within(tv).queryByTitle(/Live TV/)).toBeNull();
    fireEvent.click(toggle); // happy-dom loads no frame page, and says so on stderr

    const frame = within(tv).getByTitle('Live TV: Arsenal v Chelsea');
    expect(frame.getAttribute('src')).toBe('http://127.0.0.1:8091/tv/31200455');
    expect(frame.getAttribute('sandbox')).toBe('allow-scripts allow-same-origin');
    expect(frame.getAttribute('referrerpolicy')).toBe('no-referrer');
  });

  it('says live TV is not available when the event has none', async () => {
    cricketAnswers();
    renderEvent(`/market/4/${C}`);
    await marketTable('Match Odds');
    fireEvent.click(screen.getByRole('button', { name: /Live TV/ }));
    expect(screen.getByText(TV_UNAVAILABLE)).toBeTruthy();
    expect(TV_UNAVAILABLE).toBe('Live TV is not available for this event');
  });

  it('polls odds, bookmaker/fancy and toss every 2 s and matched bets every 60 s', async () => {
    vi.useFakeTimers();
    const { callsTo } = cricketAnswers();
    renderEvent(`/market/4/${C}`);
    await act(() => vi.advanceTimersByTimeAsync(0));
    const counts = () => ({
      odds: callsTo(`/api/Odds/Market/1.${C}`).length,
      bmFancy: callsTo(`/api/Odds/BmFancy/${C}`).length,
      toss: callsTo('/api/Odds/Toss').length,
      bets: callsTo('/api/UserBetModels/GetMatchedBets').length,
      detail: callsTo('/api/MarketModels/GetEventDetail').length,
    });
    expect(counts()).toEqual({ odds: 1, bmFancy: 1, toss: 1, bets: 1, detail: 1 });
    await act(() => vi.advanceTimersByTimeAsync(ODDS_POLL_MS - 1));
    expect(counts().odds).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(counts()).toEqual({ odds: 2, bmFancy: 2, toss: 2, bets: 1, detail: 1 });
    await act(() => vi.advanceTimersByTimeAsync(MATCHED_BETS_POLL_MS - ODDS_POLL_MS));
    expect(counts()).toMatchObject({ odds: 31, bets: 2, detail: 1 });
    expect([ODDS_POLL_MS, MATCHED_BETS_POLL_MS]).toEqual([2000, 60_000]);
  });

  it("keeps its polls on their beat while the hub's pushes tick: a tick resets no poll's timer", async () => {
    vi.useFakeTimers();
    const { callsTo } = cricketAnswers();
    const { client } = renderEvent(`/market/4/${C}`);
    await act(() => vi.advanceTimersByTimeAsync(0));
    const handlers = hubHandlers(client);
    const tick = (Seq: number, back: number) => {
      const answer = getMarketOdds.response.parse(cricketOddsAnswer(Seq, back));
      const Book = answer.Status ? answer.Result[`1.${C}`] : undefined;
      handlers.UpdateMarketOdds({
        EventId: C,
        MarketId: `1.${C}`,
        MarketType: 'MATCH_ODDS',
        Seq,
        Book: Book!,
      });
    };
    // A push every 500 ms, each a new price, for two polls' time.
    for (let step = 1; step <= 8; step += 1) {
      act(() => tick(1_000 + step, 1.9 + step / 100));
      await act(() => vi.advanceTimersByTimeAsync(500));
    }
    expect(screen.getByRole('button', { name: 'Back 1.98' })).toBeTruthy();
    expect(callsTo(`/api/Odds/Market/1.${C}`)).toHaveLength(3);
    expect(callsTo(`/api/Odds/BmFancy/${C}`)).toHaveLength(3);
  });

  it('keeps the newer Seq: an older poll never overwrites a newer price', async () => {
    vi.useFakeTimers();
    // The second answer is newer (1.95), the third an older one arriving late (1.8).
    const answers = [cricketOddsAnswer(500, 1.9), cricketOddsAnswer(600, 1.95)];
    cricketAnswers({
      [`/api/Odds/Market/1.${C}`]: (_url, count) => ({
        body: getMarketOdds.response.parse(answers[count - 1] ?? cricketOddsAnswer(550, 1.8)),
      }),
    });
    renderEvent(`/market/4/${C}`);
    // The clock is fake: each answer is shown once the timers it waits on have run.
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByRole('button', { name: 'Back 1.9' })).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(ODDS_POLL_MS));
    expect(screen.getByRole('button', { name: 'Back 1.95' })).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(ODDS_POLL_MS));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByRole('button', { name: 'Back 1.95' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Back 1.8' })).toBeNull();
  });

  it('says the event is not found when the server refuses it', async () => {
    cricketAnswers({
      '/api/MarketModels/GetEventDetail': ok(
        getEventDetail.response.parse({ Status: false, Result: 'Event not found' }),
      ),
    });
    renderEvent(`/market/4/${C}`);
    expect(await screen.findByText('Event not found')).toBeTruthy();
  });
});

describe('the event screen while a bet is typed, held or cancelled', () => {
  const slip = () => screen.getByRole('region', { name: 'Bet slip' });
  const typeStake = (value: string) =>
    fireEvent.change(within(slip()).getByLabelText('STAKE'), { target: { value } });
  /** Each runner of a table: its name and its what-if figure, or null. */
  const whatIfs = (table: HTMLElement) =>
    within(table)
      .getAllByTestId(/^(runner|fancy)-row$/)
      .map((row) => [
        row.querySelector('span')?.textContent,
        within(row).queryByTestId('what-if')?.textContent ?? null,
      ]);

  it("shows on each runner of the chosen market what the typed stake would make of the client's book", async () => {
    cricketAnswers();
    renderEvent(`/market/4/${C}`);
    const match = await marketTable('Match Odds');
    await within(match).findByRole('button', { name: 'Book of Mumbai Mavericks: 900.00' });
    fireEvent.click(await within(match).findByRole('button', { name: 'Lay 1.92' }));
    await within(slip()).findByRole('list', { name: 'Stake chips' });
    typeStake('1000');
    // Lay 1.92 × ₹1,000 on Mumbai: −₹920 if Mumbai wins, +₹1,000 if Chennai does.
    await waitFor(() =>
      expect(whatIfs(match)).toEqual([
        ['Mumbai Mavericks', '» -20.00'],
        ['Chennai Chargers', '» 0.00'],
      ]),
    );
    fireEvent.click(within(slip()).getByRole('button', { name: '500, add 500' }));
    // ₹1,500: liability 0.92 × 1,500 = ₹1,380.
    await waitFor(() =>
      expect(whatIfs(match)).toEqual([
        ['Mumbai Mavericks', '» -480.00'],
        ['Chennai Chargers', '» 500.00'],
      ]),
    );
    expect(within(await marketTable('Bookmaker')).queryAllByTestId('what-if')).toEqual([]);
    typeStake('abc');
    await waitFor(() => expect(within(match).queryAllByTestId('what-if')).toEqual([]));
    typeStake('250');
    await waitFor(() => expect(whatIfs(match)[0]).toEqual(['Mumbai Mavericks', '» 670.00']));
    fireEvent.click(within(slip()).getByRole('button', { name: 'Cancel Order' }));
    await waitFor(() => expect(within(match).queryAllByTestId('what-if')).toEqual([]));
  });

  it("shows a fancy session's new worst case from the client's open bets there, not its cancelled ones", async () => {
    const answer = getMatchedBets.response.parse(matchedBetsAnswer);
    const bets = answer.Status ? answer.Result : [];
    cricketAnswers({
      '/api/UserBetModels/GetMatchedBets': ok({
        Status: true,
        Result: [
          ...bets,
          {
            ...bets[0]!,
            BetId: '704',
            Odds: 40,
            Price: 100,
            Stack: 5000,
            BetType: 'Yes',
            Status: 'Cancelled',
            cancelledOn: '2026-03-07T09:42:00.000Z',
          },
        ],
      }),
    });
    renderEvent(`/market/4/${C}`);
    const row = await fancyRow('6 over runs MUM');
    await within(row).findByRole('button', { name: 'Position of 6 over runs MUM: -100.00' });
    await within(screen.getByRole('region', { name: 'Bets' })).findByText('Cancelled');
    fireEvent.click(within(row).getByRole('button', { name: 'Yes 49' }));
    await within(slip()).findByRole('list', { name: 'Stake chips' });
    typeStake('100');
    // The open No 48 at 90 × ₹100 and this Yes 49 at 110 × ₹100 both lose at 48 runs.
    await waitFor(() => expect(within(row).getByTestId('what-if').textContent).toBe('» -210.00'));
    expect(within(row).getByTestId('what-if').getAttribute('data-tone')).toBe('negative');
    const table = screen.getByTestId('fancy-table');
    expect(whatIfs(table).filter(([, figure]) => figure !== null)).toEqual([
      ['6 over runs MUM', '» -210.00'],
    ]);
    fireEvent.click(within(row).getByRole('button', { name: 'No 48' }));
    await waitFor(() => expect(within(row).queryByTestId('what-if')).toBeNull());
    await waitFor(() => expect(within(slip()).getByTestId('slip-side').textContent).toBe('No'));
    typeStake('200');
    // Two No 48s: ₹270 won below 48, ₹300 lost from 48.
    await waitFor(() => expect(within(row).getByTestId('what-if').textContent).toBe('» -300.00'));
  });

  it("counts the chosen market's in-play delay down while a bet is held: the market's own, fancy's for a session", async () => {
    const detail = wireCopy(cricketDetailAnswer);
    detail.Result.MarketList[0]!.BetDelay = 3;
    detail.Result.fancy.BetDelay = 2;
    const { fetch } = cricketAnswers({
      '/api/MarketModels/GetEventDetail': ok(getEventDetail.response.parse(detail)),
    });
    const held = new Promise<Response>(() => {});
    vi.stubGlobal('fetch', (url: string, init?: RequestInit) =>
      url.startsWith('/api/UserBetModels/Post') ? held : fetch(url, init),
    );
    renderEvent(`/market/4/${C}`);
    const match = await marketTable('Match Odds');
    fireEvent.click(await within(match).findByRole('button', { name: 'Lay 1.92' }));
    await within(slip()).findByRole('list', { name: 'Stake chips' });
    typeStake('1000');
    fireEvent.click(
      within(slip()).getByRole('button', { name: 'Place Bet with Liability 920.00' }),
    );
    expect((await within(slip()).findByRole('timer')).textContent).toBe(
      'Bet held for in-play delay: 3 s',
    );

    const row = await fancyRow('6 over runs MUM');
    fireEvent.click(within(row).getByRole('button', { name: 'Yes 49' }));
    await waitFor(() =>
      expect(within(slip()).getByTestId('slip-odds').textContent).toBe('49 (110)'),
    );
    typeStake('100');
    fireEvent.click(
      within(slip()).getByRole('button', { name: 'Place Bet with Liability 110.00' }),
    );
    expect((await within(slip()).findByRole('timer')).textContent).toBe(
      'Bet held for in-play delay: 2 s',
    );
  });

  it('cancels an open bet from the bets table, then refreshes balance, bets and positions', async () => {
    vi.useFakeTimers({ now: Date.parse('2026-03-07T09:31:00.000Z'), toFake: ['Date'] });
    const answer = getMatchedBets.response.parse(matchedBetsAnswer);
    const bets = answer.Status ? answer.Result : [];
    const { callsTo } = cricketAnswers({
      '/api/UserBetModels/GetMatchedBets': ok({
        Status: true,
        Result: bets.map((bet) =>
          bet.BetId === '701' ? { ...bet, CancelUntil: '2026-03-07T09:33:00.000Z' } : bet,
        ),
      }),
      '/api/UserBetModels/CancelBet': ok({ Status: true, Result: CANCEL_MESSAGES.cancelled }),
    });
    const view = renderEvent(`/market/4/${C}`);
    const table = screen.getByRole('region', { name: 'Bets' });
    const cancel = await within(table).findByRole('button', { name: 'Cancel 2:00' });
    expect(within(table).getAllByRole('button', { name: /^Cancel/ })).toHaveLength(1);
    await marketTable('Match Odds');
    await waitFor(() => expect(callsTo('/api/UserBetModels/GetFancyPosition')).toHaveLength(1));
    const before = {
      bets: callsTo('/api/UserBetModels/GetMatchedBets').length,
      book: callsTo('/api/ProfitLossModels/GetProfitLossOnRunners').length,
      fancy: callsTo('/api/UserBetModels/GetFancyPosition').length,
    };
    view.client.setQueryData(['wallet', 'balance'], { Status: true, Result: { MainBalance: 0 } });
    fireEvent.click(cancel);
    await waitFor(() => expect(callsTo('/api/UserBetModels/CancelBet')).toHaveLength(1));
    expect(JSON.parse(callsTo('/api/UserBetModels/CancelBet')[0]!.init?.body as string)).toEqual({
      BetId: '701',
    });
    await waitFor(() => {
      expect(callsTo('/api/UserBetModels/GetMatchedBets').length).toBe(before.bets + 1);
      expect(callsTo('/api/ProfitLossModels/GetProfitLossOnRunners').length).toBe(before.book + 3);
      expect(callsTo('/api/UserBetModels/GetFancyPosition').length).toBe(before.fancy + 1);
    });
    expect(view.client.getQueryState(['wallet', 'balance'])?.isInvalidated).toBe(true);
  });
});
