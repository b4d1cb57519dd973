import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { routeFetch } from '../../../../test/fetch';
import { renderConsole } from '../../testing';
import { CommissionReport } from './commission-report';
import { differsFromReportZone } from './report-parts';

const PATH = '/api/agent/commission';
const ok = (result: unknown) => ({ body: { Status: true, Result: result } });
const queryOf = (url: string) => Object.fromEntries(new URL(url, 'http://x').searchParams);
const cells = (row: HTMLElement) =>
  [...row.children].map(
    (cell) => cell.querySelector('[data-tone]')?.textContent ?? cell.textContent,
  );

const REPORT = (total: number) => ({
  total,
  totals: { match: 1010, session: 250.5, myBearing: -882.35 },
  clients: [
    { username: 'c7', parent: 'a1', match: 1000, session: 0, myBearing: -700 },
    { username: 'c9', parent: 'rahul', match: 10, session: 250.5, myBearing: -182.35 },
  ],
});

describe('commission report', () => {
  it('shows each client’s match and session commission, my bearing and the totals', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-20T10:00:00.000Z'), toFake: ['Date'] });
    const { callsTo } = routeFetch({ [PATH]: () => ok(REPORT(2)) });
    renderConsole(<CommissionReport />);
    const table = await screen.findByRole('region', { name: 'Commission by client' });
    expect(queryOf(callsTo(PATH)[0]!.url)).toEqual({
      from: '2026-11-14',
      to: '2026-11-20',
      skip: '0',
      take: '25',
    });
    const rows = within(table).getAllByRole('row');
    expect(rows.map(cells)).toEqual([
      ['Client', 'Parent', 'Match commission', 'Session commission', 'My bearing'],
      ['c7', 'a1', '₹1,000.00', '₹0.00', '-₹700.00'],
      ['c9', 'rahul', '₹10.00', '₹250.50', '-₹182.35'],
    ]);
    const totals = screen.getByRole('region', { name: 'Totals' });
    expect([...totals.querySelectorAll('dd')].map((value) => value.textContent)).toEqual([
      '₹1,010.00',
      '₹250.50',
      '-₹882.35',
    ]);
    expect(within(totals).getByText('-₹882.35').getAttribute('data-tone')).toBe('loss');
    // Report days are IST's: the form says so when the browser's zone is another.
    expect(screen.queryByText('Days in IST') !== null).toBe(differsFromReportZone());
  });

  it('sends the chosen days and pages', async () => {
    const { callsTo } = routeFetch({ [PATH]: () => ok(REPORT(30)) });
    renderConsole(<CommissionReport />);
    await screen.findByRole('region', { name: 'Commission by client' });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await vi.waitFor(() => expect(queryOf(callsTo(PATH).at(-1)!.url).skip).toBe('25'));
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-09-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-09-30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    await vi.waitFor(() =>
      expect(queryOf(callsTo(PATH).at(-1)!.url)).toEqual({
        from: '2026-09-01',
        to: '2026-09-30',
        skip: '0',
        take: '25',
      }),
    );
  });

  it('says when no commission was paid in the days', async () => {
    routeFetch({
      [PATH]: () => ok({ total: 0, totals: { match: 0, session: 0, myBearing: 0 }, clients: [] }),
    });
    renderConsole(<CommissionReport />);
    expect(
      await screen.findByText('No commission paid in your downline in these days'),
    ).toBeTruthy();
  });

  it('shows a refused range in the server’s words', async () => {
    routeFetch({
      [PATH]: () => ({
        status: 400,
        body: { Status: false, Result: 'A range is at most 366 days' },
      }),
    });
    renderConsole(<CommissionReport />);
    expect((await screen.findByRole('alert')).textContent).toBe('A range is at most 366 days');
  });
});
