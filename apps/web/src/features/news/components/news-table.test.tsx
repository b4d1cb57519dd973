import { getAllNews } from '@backlay/contract/news';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../../lib/format';
import { routeFetch } from '../../../test/fetch';
import { renderScreen } from '../../../test/render';
import { NewsTable, NO_NEWS } from './news-table';

/** GET /api/NewsModels/GetAllNews as the seeded server answers it, latest first. */
const allNewsAnswer = {
  Status: true,
  Result: [
    {
      Message: 'Minimum bet is 500 for match markets and 100 for sessions.',
      createdOn: '2026-03-07T18:30:00+05:30',
    },
    {
      Message: 'Welcome to Backlay! Bet responsibly: set your limits.',
      createdOn: '2026-03-01T09:05:00+05:30',
    },
  ],
};

describe('news table', () => {
  it('lists every message with its date as D MMM YYYY hh:mm A, latest first', async () => {
    routeFetch({
      '/api/NewsModels/GetAllNews': () => ({ body: getAllNews.response.parse(allNewsAnswer) }),
    });
    renderScreen(<NewsTable />);
    await screen.findByText(allNewsAnswer.Result[0]!.Message);
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Date', 'News']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => [...row.children].map((cell) => cell.textContent))).toEqual(
      allNewsAnswer.Result.map((item) => [formatDateTime(item.createdOn), item.Message]),
    );
    expect(formatDateTime(allNewsAnswer.Result[1]!.createdOn)).toMatch(
      /^\d{1,2} Mar 2026 \d\d:\d\d (AM|PM)$/,
    );
  });

  it("says 'No data available' when there is no news", async () => {
    routeFetch({
      '/api/NewsModels/GetAllNews': () => ({
        body: getAllNews.response.parse({ Status: true, Result: [] }),
      }),
    });
    renderScreen(<NewsTable />);
    expect(await screen.findByText(NO_NEWS)).toBeTruthy();
    expect(NO_NEWS).toBe('No data available');
  });
});
