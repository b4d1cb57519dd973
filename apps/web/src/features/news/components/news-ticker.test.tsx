import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setDataSaver } from '../../../lib/data-saver';
import { storeLogin } from '../../../lib/session';
import { routeFetch } from '../../../test/fetch';
import { TEST_LOGIN } from '../../../test/render';
import { NewsTicker } from './news-ticker';

function renderTicker() {
  storeLogin(TEST_LOGIN);
  routeFetch({
    '/api/NewsModels/GetNews': () => ({
      body: { Status: true, Result: [{ Message: 'Markets open' }, { Message: 'Bet responsibly' }] },
    }),
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <NewsTicker />
    </QueryClientProvider>,
  );
}

describe('the news ticker', () => {
  it('scrolls the messages', async () => {
    setDataSaver(false);
    renderTicker();
    expect(await screen.findByText('Bet responsibly')).toBeTruthy();
    expect(screen.getByRole('marquee', { name: 'News' })).toBeTruthy();
  });

  it('stands still with the data saver on: one line, nothing moving', async () => {
    setDataSaver(true);
    renderTicker();
    expect(await screen.findByText('Markets open · Bet responsibly')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'News' })).toBeTruthy();
    expect(screen.queryByRole('marquee')).toBeNull();
  });
});
