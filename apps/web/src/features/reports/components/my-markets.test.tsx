import { getMyMarkets } from '@backlay/contract/markets';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { routeFetch } from '../../../test/fetch';
import { myMarketsAnswer } from '../../../test/fixtures/reports-answers';
import { renderScreen } from '../../../test/render';
import { NO_DATA } from '../../../ui/data-table';
import { MyMarkets } from './my-markets';

const SPORTS = [
  { id: 4, name: 'Cricket' },
  { id: 1, name: 'Soccer' },
  { id: 2, name: 'Tennis' },
];

function show(body: unknown) {
  routeFetch({
    '/api/MarketModels/GetMyMarkets': () => ({ body: getMyMarkets.response.parse(body) }),
  });
  renderScreen(
    <MyMarkets
      sports={SPORTS}
      eventLink={(market) => ({ to: `/market/${market.SportsId}/${market.EventId}` })}
    />,
    { path: '/mymarket' },
  );
}

describe('my market', () => {
  it('names Team A and Team B from the match name, the Draw only for three runners, and a fancy session by its name', async () => {
    show(myMarketsAnswer);
    await screen.findByRole('link', { name: 'Rovers v United' });
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['EventId', 'Match', 'Sport Name', 'MarketType', 'Team A', 'Team B', 'Draw']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => [...row.children].map((cell) => cell.textContent))).toEqual([
      [
        '90000013',
        'Royals v Titans',
        'Cricket',
        'Match Odds',
        'Royals2,400.00',
        'Titans-2,660.00',
        '–',
      ],
      // A fancy session: its own name and worst result under Team A, nothing under Team B.
      ['90000013', 'Royals v Titans', 'Cricket', 'Fancy', '6 over runs Royals-135.50', '–', '–'],
      [
        '90000014',
        'Rovers v United',
        'Soccer',
        'Match Odds',
        'Rovers850.00',
        'United-2,000.00',
        'The Draw-1,050.00',
      ],
    ]);
    expect(within(rows[0]!).getByText('-2,660.00').dataset.tone).toBe('loss');
    expect(within(rows[0]!).getByRole('link').getAttribute('href')).toBe('/market/4/90000013');
  });

  it("says 'No data available' without open markets", async () => {
    show({ Status: true, Result: [] });
    expect(await screen.findByText(NO_DATA)).toBeTruthy();
  });
});
