import { getProfitLossOnRunners } from '@backlay/contract/bets';
import { getEventDetail, getMarketOdds, type EventDetail } from '@backlay/contract/markets';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createBetChoice } from '../../../lib/bet-selection';
import { routeFetch } from '../../../test/fetch';
import { renderScreen } from '../../../test/render';
import { EventMarkets } from './event-markets';
import { eventually } from '../../../test/eventually';

/**
 * The further exchange markets (docs/architecture.md identifiers) on the event screen: each its
 * own table under Match Odds, titled with its market name, priced from the one odds answer, with
 * the same cells, slip choice and book figures as match odds.
 */

const S = 31200455;
const UNDER = S * 100 + 23;
const OVER = S * 100 + 24;

const runner = (marketId: string, selectionId: number, RunnerName: string) => ({
  selectionId,
  RunnerName,
  status: 'ACTIVE',
  marketId,
});

const market = (
  MarketId: string,
  MarketName: string,
  MarketType: string,
  runners: ReturnType<typeof runner>[],
) => ({
  MarketId,
  MarketName,
  SeriesName: 'English Premier League',
  EventId: S,
  MarketType,
  SportsId: 1,
  MinStake: 500,
  MaxStake: 500000,
  BetDelay: 0,
  runners,
});

const detail: EventDetail = getEventDetail.response.parse({
  Status: true,
  Result: {
    EventId: S,
    EventName: 'Arsenal v Chelsea',
    SeriesName: 'English Premier League',
    SportsId: 1,
    MarketTime: '2026-03-07T12:30:00.000Z',
    MarketStatus: 1,
    TvUrl: null,
    MarketList: [
      market(`1.${S}`, 'Match Odds', 'MATCH_ODDS', [
        runner(`1.${S}`, S * 100 + 1, 'Arsenal'),
        runner(`1.${S}`, S * 100 + 2, 'Chelsea'),
        runner(`1.${S}`, S * 100 + 3, 'The Draw'),
      ]),
      market(`${S}OU25`, 'Over/Under 2.5 Goals', 'OVER_UNDER_25', [
        runner(`${S}OU25`, UNDER, 'Under 2.5 Goals'),
        runner(`${S}OU25`, OVER, 'Over 2.5 Goals'),
      ]),
    ],
    Seq: 6,
    fancy: {
      IsFancyActive: false,
      EvBetStatus: true,
      SessionMinStake: 100,
      SessionMaxStake: 100000,
      BetDelay: 0,
    },
  },
}).Result as EventDetail;

const level = (price: number, size: number) => ({ price, size });
const priced = (selectionId: number, back: number, lay: number) => ({
  selectionId,
  status: 'ACTIVE',
  exchange: { availableToBack: [level(back, 5_000)], availableToLay: [level(lay, 4_000)] },
});

const oddsAnswer = {
  Status: true,
  Result: {
    [`1.${S}`]: {
      marketId: `1.${S}`,
      status: 'ACTIVE',
      inplay: true,
      Seq: 5,
      runners: [
        priced(S * 100 + 1, 2.1, 2.12),
        priced(S * 100 + 2, 3.5, 3.55),
        priced(S * 100 + 3, 3.4, 3.45),
      ],
    },
    [`${S}OU25`]: {
      marketId: `${S}OU25`,
      status: 'ACTIVE',
      inplay: true,
      Seq: 6,
      runners: [priced(UNDER, 2.2, 2.24), priced(OVER, 1.8, 1.82)],
    },
  },
};

function answers() {
  return routeFetch({
    [`/api/Odds/Market/1.${S}`]: () => ({ body: getMarketOdds.response.parse(oddsAnswer) }),
    '/api/MarketModels/GetCustomBookmaker': () => ({ body: { Status: true, Result: [] } }),
    '/api/ProfitLossModels/GetProfitLossOnRunners': (url) => ({
      body: getProfitLossOnRunners.response.parse(
        url.searchParams.get('marketId') === `${S}OU25`
          ? {
              Status: true,
              Result: [
                { selectionId: UNDER, RunnerName: 'Under 2.5 Goals', pL: -500 },
                { selectionId: OVER, RunnerName: 'Over 2.5 Goals', pL: 400 },
              ],
            }
          : { Status: true, Result: [] },
      ),
    }),
  });
}

describe('EventMarkets: the further exchange markets', () => {
  it('shows Over/Under 2.5 Goals as its own table under Match Odds, with its prices, book and slip choice', async () => {
    answers();
    const choice = createBetChoice();
    const onSelect = vi.spyOn(choice, 'choose');
    renderScreen(
      <EventMarkets
        eventId={String(S)}
        sportId={1}
        detail={detail}
        uid="3"
        choice={choice}
        bets={[]}
      />,
    );
    const matchOdds = await screen.findByRole('region', { name: 'Match Odds' });
    const overUnder = screen.getByRole('region', { name: 'Over/Under 2.5 Goals' });
    // Under Match Odds, in the event detail's order.
    expect(
      matchOdds.compareDocumentPosition(overUnder) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    await eventually(() =>
      expect(within(overUnder).getByRole('button', { name: 'Back 1.8' })).toBeTruthy(),
    );
    expect(
      within(overUnder)
        .getAllByTestId('runner-row')
        .map((row) => row.querySelector('span')?.textContent),
    ).toEqual(['Under 2.5 Goals', 'Over 2.5 Goals']);
    expect(within(overUnder).getByRole('button', { name: 'Lay 2.24' })).toBeTruthy();
    await eventually(() => expect(within(overUnder).getByText('400.00')).toBeTruthy());
    expect(within(overUnder).getByText('-500.00')).toBeTruthy();

    fireEvent.click(within(overUnder).getByRole('button', { name: 'Back 1.8' }));
    expect(onSelect).toHaveBeenCalledWith(
      expect.objectContaining({
        marketId: `${S}OU25`,
        marketName: 'Over/Under 2.5 Goals',
        marketType: 'OVER_UNDER_25',
        selectionId: String(OVER),
        runnerName: 'Over 2.5 Goals',
        odds: 1.8,
        price: 0,
        minStake: 500,
        maxStake: 500000,
      }),
      expect.any(String),
    );
  });
});

describe("EventMarkets: the match odds id is the server's", () => {
  // Betfair's match odds of event 30339025: the id says nothing of the event.
  const E = 30339025;
  const MATCH_ODDS = '1.180305278';
  const LIONS = 47972;
  const TIGERS = 7659;

  it('asks for the odds by the match odds id the event detail gives, not one built from the event id', async () => {
    const { calls, callsTo } = routeFetch({
      [`/api/Odds/Market/${MATCH_ODDS}`]: () => ({
        body: getMarketOdds.response.parse({
          Status: true,
          Result: {
            [MATCH_ODDS]: {
              marketId: MATCH_ODDS,
              status: 'ACTIVE',
              inplay: true,
              Seq: 5,
              runners: [priced(LIONS, 1.9, 1.92), priced(TIGERS, 2.08, 2.12)],
            },
          },
        }),
      }),
      '/api/MarketModels/GetCustomBookmaker': () => ({ body: { Status: true, Result: [] } }),
      '/api/ProfitLossModels/GetProfitLossOnRunners': () => ({
        body: { Status: true, Result: [] },
      }),
    });
    const provided = getEventDetail.response.parse({
      Status: true,
      Result: {
        ...detail,
        EventId: E,
        EventName: 'Lions v Tigers',
        MarketList: [
          {
            ...market(MATCH_ODDS, 'Match Odds', 'MATCH_ODDS', [
              runner(MATCH_ODDS, LIONS, 'Lions'),
              runner(MATCH_ODDS, TIGERS, 'Tigers'),
            ]),
            EventId: E,
          },
        ],
      },
    }).Result as EventDetail;
    renderScreen(
      <EventMarkets
        eventId={String(E)}
        sportId={1}
        detail={provided}
        uid="3"
        choice={createBetChoice()}
        bets={[]}
      />,
    );
    const matchOdds = await screen.findByRole('region', { name: 'Match Odds' });
    await eventually(() =>
      expect(within(matchOdds).getByRole('button', { name: 'Back 1.9' })).toBeTruthy(),
    );
    expect(callsTo(`/api/Odds/Market/${MATCH_ODDS}`)).toHaveLength(1);
    expect(calls.filter((call) => call.url.startsWith('/api/Odds/Market/'))).toHaveLength(1);
    expect(callsTo(`/api/Odds/Market/1.${E}`)).toEqual([]);
  });
});
