import { getFancyBetsOfUser, getMarketBetsOfUser } from '@backlay/contract/reports';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { routeFetch } from '../../test/fetch';
import { EVENT_ID, fancyBet, FANCY_EVENT_ID, lionsBets } from '../../test/fixtures/reports-answers';
import { renderScreen } from '../../test/render';
import { NO_DATA } from '../../ui/data-table';
import { BettingHistoryPage } from './betting-history';

const FANCY = '/api/UserBetModels/GetFancyBetsOfUser';
const MARKET = '/api/UserBetModels/GetMarketBetsOfUser';

function answer() {
  return routeFetch({
    [FANCY]: () => ({
      body: getFancyBetsOfUser.response.parse({ Status: true, Result: [fancyBet] }),
    }),
    [MARKET]: () => ({
      body: getMarketBetsOfUser.response.parse({ Status: true, Result: lionsBets }),
    }),
  });
}

const queryOf = (url: string) => Object.fromEntries(new URL(url, 'http://localhost').searchParams);

const show = (url: string, state?: unknown) =>
  renderScreen(<BettingHistoryPage />, { path: '/betting_history/:marketid/:userId', url, state });

describe('/betting_history/{marketid}/{userId}', () => {
  it('asks the fancy bet history for a FANCY session named by the router state', async () => {
    const { callsTo } = answer();
    show(`/betting_history/${FANCY_EVENT_ID}/3`, {
      eventid: String(FANCY_EVENT_ID),
      SelectionID: `${FANCY_EVENT_ID}-1`,
      marketType: 'FANCY',
    });
    await screen.findByText('6 over runs Panthers');
    expect(callsTo(MARKET)).toHaveLength(0);
    expect(queryOf(callsTo(FANCY)[0]!.url)).toEqual({
      marketId: String(FANCY_EVENT_ID),
      userId: '3',
      selectionId: `${FANCY_EVENT_ID}-1`,
    });
    expect(screen.getByText('50 (110)')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe(
      `/showmatchbet/${FANCY_EVENT_ID}`,
    );
  });

  it('works from its URL alone: the query names a session', async () => {
    const { callsTo } = answer();
    show(
      `/betting_history/${FANCY_EVENT_ID}/3?eventid=${FANCY_EVENT_ID}&selectionId=${FANCY_EVENT_ID}-1&marketType=FANCY`,
    );
    await screen.findByText('6 over runs Panthers');
    expect(callsTo(MARKET)).toHaveLength(0);
    expect(queryOf(callsTo(FANCY)[0]!.url).selectionId).toBe(`${FANCY_EVENT_ID}-1`);
  });

  it('asks the account bet history for any other market, as the client', async () => {
    const { callsTo } = answer();
    show(`/betting_history/1.${EVENT_ID}/3?eventid=${EVENT_ID}&marketType=MATCH_ODDS`);
    await screen.findAllByText('Lions v Tigers');
    expect(callsTo(FANCY)).toHaveLength(0);
    expect(queryOf(callsTo(MARKET)[0]!.url)).toEqual({
      marketId: `1.${EVENT_ID}`,
      role: 'Client',
      userId: '3',
    });
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.children[4]!.textContent)).toEqual(['Lay', 'Back']);
  });

  it('asks nothing and shows no bets without a market type, or a session without its id', () => {
    const { calls } = answer();
    show(`/betting_history/1.${EVENT_ID}/3`);
    expect(screen.getByText(NO_DATA)).toBeTruthy();
    show(`/betting_history/${FANCY_EVENT_ID}/3?marketType=FANCY`);
    expect(screen.getAllByText(NO_DATA)).toHaveLength(2);
    expect(calls).toHaveLength(0);
  });
});
