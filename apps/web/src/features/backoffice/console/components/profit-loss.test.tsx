import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { routeFetch } from '../../../../test/fetch';
import { renderConsole } from '../../testing';
import { ProfitLoss } from './profit-loss';

const PL = '/api/agent/pl';
const BY_USER = '/api/agent/pl-by-user';

const ok = (result: unknown) => ({ body: { Status: true, Result: result } });
const queryOf = (url: string) => Object.fromEntries(new URL(url, 'http://x').searchParams);
const cells = (row: HTMLElement) =>
  [...row.children].map(
    (cell) => cell.querySelector('[data-tone]')?.textContent ?? cell.textContent,
  );
const userHref = (username: string) => `/backoffice/downline/${username}`;

const figures = (
  clientResult: number,
  myShare: number,
  commission: number,
  myCommission: number,
) => ({
  clientResult,
  myShare,
  commission,
  myCommission,
  myNet: myShare + myCommission,
});

const MARKETS = {
  total: 3,
  totals: figures(-950, 665, 10, -7),
  markets: [
    {
      eventId: 0,
      eventName: 'Casino',
      marketId: 'Casino - Roulette',
      marketName: 'Casino - Roulette',
      marketType: 'CASINO',
      settledAt: '2026-11-20T12:00:00.000Z',
      ...figures(100, -70, 0, 0),
    },
    {
      eventId: 7001,
      eventName: 'Matka',
      marketId: '880001',
      marketName: 'Kalyan 880001',
      marketType: 'MATKA',
      settledAt: '2026-11-20T11:00:00.000Z',
      ...figures(-50, 35, 0, 0),
    },
    {
      eventId: 301,
      eventName: 'India v Australia',
      marketId: '1.301',
      marketName: 'Match Odds',
      marketType: 'MATCH_ODDS',
      settledAt: '2026-11-20T10:00:00.000Z',
      ...figures(-1000, 700, 10, -7),
    },
  ],
};

const USERS = (parent: string | null) => ({
  total: 2,
  totals: figures(-1000, 700, 10, -7),
  users:
    parent === 'm1'
      ? [{ username: 'a1', level: 'agent', ...figures(-1000, 700, 10, -7) }]
      : [
          { username: 'c9', level: 'client', ...figures(-1000, 700, 10, -7) },
          { username: 'm1', level: 'master', ...figures(0, 0, 0, 0) },
        ],
});

describe('profit and loss', () => {
  it('reads the last week by market, with the range’s totals, matka and casino rows included', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-20T20:00:00.000Z'), toFake: ['Date'] });
    const { callsTo } = routeFetch({ [PL]: () => ok(MARKETS) });
    renderConsole(<ProfitLoss userHref={userHref} />);
    const table = await screen.findByRole('region', { name: 'P/L by market' });
    // 20 Nov 20:00 UTC is already 21 Nov in IST: report days are the server's.
    expect(queryOf(callsTo(PL)[0]!.url)).toEqual({
      from: '2026-11-15',
      to: '2026-11-21',
      skip: '0',
      take: '25',
    });
    const rows = within(table).getAllByRole('row');
    expect(cells(rows[0]!)).toEqual([
      'Market',
      'Settled',
      "Clients' result",
      'My share',
      'Commission',
      'My commission',
      'Net',
    ]);
    expect(cells(rows[1]!).filter((_, index) => index !== 1)).toEqual([
      'Casino - RouletteCasino',
      '+₹100.00',
      '-₹70.00',
      '₹0.00',
      '₹0.00',
      '-₹70.00',
    ]);
    expect(cells(rows[2]!)[0]).toBe('Kalyan 880001Matka');
    expect(cells(rows[3]!).filter((_, index) => index !== 1)).toEqual([
      'Match OddsIndia v Australia',
      '-₹1,000.00',
      '+₹700.00',
      '₹10.00',
      '-₹7.00',
      '+₹693.00',
    ]);
    const totals = screen.getByRole('region', { name: 'Totals' });
    expect([...totals.querySelectorAll('dt')].map((term) => term.textContent)).toEqual([
      "Clients' result",
      'My share',
      'Commission',
      'My commission',
      'Net',
    ]);
    expect([...totals.querySelectorAll('dd')].map((value) => value.textContent)).toEqual([
      '-₹950.00',
      '+₹665.00',
      '₹10.00',
      '-₹7.00',
      '+₹658.00',
    ]);
    expect(within(totals).getByText('+₹658.00').getAttribute('data-tone')).toBe('profit');
  });

  it('sends the chosen days and pages', async () => {
    const { callsTo } = routeFetch({
      [PL]: (url) =>
        ok({ ...MARKETS, total: url.searchParams.get('from') === '2026-10-01' ? 3 : 60 }),
    });
    renderConsole(<ProfitLoss userHref={userHref} />);
    await screen.findByRole('region', { name: 'P/L by market' });
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await vi.waitFor(() => expect(queryOf(callsTo(PL).at(-1)!.url).skip).toBe('25'));
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-10-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-10-31' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    await vi.waitFor(() =>
      expect(queryOf(callsTo(PL).at(-1)!.url)).toEqual({
        from: '2026-10-01',
        to: '2026-10-31',
        skip: '0',
        take: '25',
      }),
    );
    await vi.waitFor(() =>
      expect(screen.queryByRole('navigation', { name: 'P/L pages' })).toBeNull(),
    );
  });

  it('says when nothing settled in the days, and shows a refused range in the server’s words', async () => {
    routeFetch({
      [PL]: (url) =>
        url.searchParams.get('from') === '2024-01-01'
          ? { status: 400, body: { Status: false, Result: 'A range is at most 366 days' } }
          : ok({ total: 0, totals: figures(0, 0, 0, 0), markets: [] }),
    });
    renderConsole(<ProfitLoss userHref={userHref} />);
    expect(
      await screen.findByText('No market of your downline settled in these days'),
    ).toBeTruthy();
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2024-01-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect((await screen.findByRole('alert')).textContent).toBe('A range is at most 366 days');
  });

  it('reads by downline user and walks down a level, and back up', async () => {
    const { callsTo } = routeFetch({
      [PL]: () => ok(MARKETS),
      [BY_USER]: (url) => ok(USERS(url.searchParams.get('parent'))),
    });
    renderConsole(<ProfitLoss userHref={userHref} />);
    await screen.findByRole('region', { name: 'P/L by market' });
    fireEvent.click(screen.getByRole('tab', { name: 'By user' }));
    const table = await screen.findByRole('region', { name: 'P/L by user' });
    const rows = within(table).getAllByRole('row');
    expect(cells(rows[0]!)).toEqual([
      'User',
      "Clients' result",
      'My share',
      'Commission',
      'My commission',
      'Net',
      'Downline',
    ]);
    expect(cells(rows[1]!)).toEqual([
      'c9Client',
      '-₹1,000.00',
      '+₹700.00',
      '₹10.00',
      '-₹7.00',
      '+₹693.00',
      '',
    ]);
    expect(cells(rows[2]!)[0]).toBe('m1Master');
    expect(
      within(table).getByRole('link', { name: 'Open the downline of m1' }).getAttribute('href'),
    ).toBe('/backoffice/downline/m1');
    expect(queryOf(callsTo(BY_USER)[0]!.url)).not.toHaveProperty('parent');

    fireEvent.click(within(table).getByRole('button', { name: 'm1' }));
    expect(await screen.findByText('a1')).toBeTruthy();
    expect(queryOf(callsTo(BY_USER).at(-1)!.url)).toMatchObject({ parent: 'm1', skip: '0' });
    const levels = screen.getByRole('navigation', { name: 'Downline levels' });
    expect(within(levels).getByText('m1').getAttribute('aria-current')).toBe('location');

    fireEvent.click(within(levels).getByRole('button', { name: 'Your users' }));
    expect(await screen.findByText('c9')).toBeTruthy();
    expect(queryOf(callsTo(BY_USER).at(-1)!.url)).not.toHaveProperty('parent');
  });

  it('says when no user below had results, and shows a 404 in the server’s words', async () => {
    routeFetch({
      [PL]: () => ok(MARKETS),
      [BY_USER]: (url) =>
        url.searchParams.get('parent') === 'm1'
          ? { status: 404, body: { Status: false, Result: "No user named 'm1'" } }
          : ok({
              total: 1,
              totals: figures(0, 0, 0, 0),
              users: [{ username: 'm1', level: 'master', ...figures(0, 0, 0, 0) }],
            }),
    });
    renderConsole(<ProfitLoss userHref={userHref} />);
    await screen.findByRole('region', { name: 'P/L by market' });
    fireEvent.click(screen.getByRole('tab', { name: 'By user' }));
    fireEvent.click(await screen.findByRole('button', { name: 'm1' }));
    expect((await screen.findByRole('alert')).textContent).toBe("No user named 'm1'");
  });

  it('says when no user below had results in the days', async () => {
    routeFetch({
      [PL]: () => ok(MARKETS),
      [BY_USER]: () => ok({ total: 0, totals: figures(0, 0, 0, 0), users: [] }),
    });
    renderConsole(<ProfitLoss userHref={userHref} />);
    await screen.findByRole('region', { name: 'P/L by market' });
    fireEvent.click(screen.getByRole('tab', { name: 'By user' }));
    expect(await screen.findByText('No results in your downline in these days')).toBeTruthy();
  });
});
