import { getMarketList } from '@backlay/contract/markets';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { routeFetch } from '../../test/fetch';
import { marketListAnswer } from '../../test/fixtures/markets-answers';
import { renderScreen } from '../../test/render';
import { Sidebar } from './sidebar';
import { eventually } from '../../test/eventually';

function renderSidebar() {
  const { callsTo } = routeFetch({
    '/api/MarketModels/GetMarketList': () => ({
      body: getMarketList.response.parse(marketListAnswer),
    }),
  });
  renderScreen(<Sidebar open onNavigate={vi.fn()} onClose={vi.fn()} />);
  return { callsTo };
}

const nav = () => screen.getByRole('navigation', { name: 'Main' });

describe('sidebar', () => {
  it('shows the in-play count of every sport next to In-play', async () => {
    const { callsTo } = renderSidebar();
    const inPlay = within(nav()).getByRole('link', { name: /^In-play/ });
    await eventually(() => expect(within(inPlay).getByLabelText('4 in play')).toBeTruthy());
    expect(inPlay.getAttribute('href')).toBe('/inplay');
    expect(callsTo('/api/MarketModels/GetMarketList')[0]?.url).toBe(
      '/api/MarketModels/GetMarketList?sportsId=0',
    );
  });

  it('expands a sport into its series, and a series into links to its markets', async () => {
    renderSidebar();
    await eventually(() => expect(within(nav()).getByLabelText('4 in play')).toBeTruthy());
    expect(within(nav()).queryByRole('button', { name: 'Indian T20 League' })).toBeNull();

    fireEvent.click(within(nav()).getByRole('button', { name: 'Cricket' }));
    expect(within(nav()).getByRole('link', { name: 'All Cricket' }).getAttribute('href')).toBe(
      '/match/4',
    );
    const series = within(nav())
      .getAllByRole('button')
      .map((button) => button.textContent);
    expect(series).toContain('Indian T20 League');
    expect(series).toContain('Big Bash League');
    expect(series).not.toContain('English Premier League');

    const indian = within(nav()).getByRole('button', { name: 'Indian T20 League' });
    expect(indian.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(indian);
    expect(indian.getAttribute('aria-expanded')).toBe('true');
    const list = indian.nextElementSibling as HTMLElement;
    expect(
      within(list)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Mumbai Mavericks v Chennai Chargers', '/market/4/30412871'],
      ['Delhi Daredevils v Kolkata Knights', '/market/4/30412872'],
    ]);

    fireEvent.click(within(nav()).getByRole('button', { name: 'Soccer' }));
    fireEvent.click(within(nav()).getByRole('button', { name: 'English Premier League' }));
    expect(
      within(nav()).getByRole('link', { name: 'Arsenal v Chelsea' }).getAttribute('href'),
    ).toBe('/market/1/31200455');
  });

  it('opens a market with its series and match name as router state', async () => {
    renderSidebar();
    fireEvent.click(within(nav()).getByRole('button', { name: 'Tennis' }));
    fireEvent.click(await within(nav()).findByRole('button', { name: 'ATP Indian Wells' }));
    fireEvent.click(within(nav()).getByRole('link', { name: 'Alcaraz v Sinner' }));
    expect((await screen.findByTestId('location')).textContent).toBe(
      '/market/2/32100077 {"seriesName":"ATP Indian Wells","matchName":"Alcaraz v Sinner"}',
    );
  });
});
