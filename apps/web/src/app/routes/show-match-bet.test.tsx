import { getMatchBet } from '@backlay/contract/reports';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { routeFetch } from '../../test/fetch';
import { FANCY_EVENT_ID, matchBetAnswer } from '../../test/fixtures/reports-answers';
import { renderScreen } from '../../test/render';
import { NO_DATA } from '../../ui/data-table';
import { ShowMatchBetPage } from './show-match-bet';

const PATH = '/api/UserBetModels/GetMatchBet';

function answer(body: unknown = matchBetAnswer) {
  return routeFetch({ [PATH]: () => ({ body: getMatchBet.response.parse(body) }) });
}

const show = (url = `/showmatchbet/${FANCY_EVENT_ID}`, state?: unknown) =>
  renderScreen(<ShowMatchBetPage />, { path: '/showmatchbet/:eventid', url, state });

describe('/showmatchbet/{eventid}', () => {
  it('asks for the event’s results as the client and lists each market with the total', async () => {
    const { calls } = answer();
    show();
    await screen.findByRole('link', { name: 'Match Odds' });
    expect(Object.fromEntries(new URL(calls[0]!.url, 'http://x').searchParams)).toEqual({
      marketId: String(FANCY_EVENT_ID),
      role: 'Client',
      uid: '3',
    });
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows.map((row) => [...row.children].map((cell) => cell.textContent))).toEqual([
      ['Match Odds', 'Match Odds', '-800.00', '0.00'],
      ['6 over runs Panthers', 'Fancy', '200.00', '0.00'],
      ['Total', '-600.00', '0.00'],
    ]);
  });

  it('goes Back to /profit-loss, keeping the filters and naming the event the listing passed', async () => {
    answer();
    show();
    expect(screen.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe('/profit-loss');
    await screen.findByRole('link', { name: 'Match Odds' });

    answer();
    show(`/showmatchbet/${FANCY_EVENT_ID}`, {
      backSearch: '?sportsId=4&page=2',
      eventName: 'Panthers v Jaguars',
    });
    const backs = screen.getAllByRole('link', { name: 'Back' });
    expect(backs.at(-1)!.getAttribute('href')).toBe('/profit-loss?sportsId=4&page=2');
    expect(screen.getByText('Panthers v Jaguars')).toBeTruthy();
  });

  it('opens a market’s bets with eventid, SelectionID and marketType in state and query', async () => {
    const user = userEvent.setup();
    answer();
    const { router } = show();
    await user.click(await screen.findByRole('link', { name: '6 over runs Panthers' }));
    expect(router.location.pathname).toBe(`/betting_history/${FANCY_EVENT_ID}/3`);
    expect(router.location.search).toBe(
      `?eventid=${FANCY_EVENT_ID}&selectionId=${FANCY_EVENT_ID}-1&marketType=FANCY`,
    );
    expect(router.location.state).toEqual({
      eventid: String(FANCY_EVENT_ID),
      SelectionID: `${FANCY_EVENT_ID}-1`,
      marketType: 'FANCY',
    });
  });

  it('leaves selectionId out of the query for a market', async () => {
    const user = userEvent.setup();
    answer();
    const { router } = show();
    await user.click(await screen.findByRole('link', { name: 'Match Odds' }));
    expect(router.location.pathname).toBe(`/betting_history/1.${FANCY_EVENT_ID}/3`);
    expect(router.location.search).toBe(`?eventid=${FANCY_EVENT_ID}&marketType=MATCH_ODDS`);
    expect(router.location.state).toMatchObject({ SelectionID: null });
  });

  it("says 'No data available' for an event the client has no result on, or a bad id", async () => {
    answer({ Status: true, Result: [] });
    show();
    expect(await screen.findByText(NO_DATA)).toBeTruthy();
    expect(screen.queryByText('Total')).toBeNull();

    const { calls } = routeFetch({});
    show('/showmatchbet/abc');
    expect(screen.getAllByText(NO_DATA)).toHaveLength(2);
    expect(calls).toHaveLength(0);
  });
});
