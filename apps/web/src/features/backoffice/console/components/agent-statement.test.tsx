import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { routeFetch } from '../../../../test/fetch';
import { renderConsole } from '../../testing';
import { AgentStatement } from './agent-statement';

const PATH = '/api/agent/statement';
const ok = (result: unknown) => ({ body: { Status: true, Result: result } });
const queryOf = (url: string) => Object.fromEntries(new URL(url, 'http://x').searchParams);
const cells = (row: HTMLElement) =>
  [...row.children].map(
    (cell) => cell.querySelector('[data-tone]')?.textContent ?? cell.textContent,
  );

const row = (amount: number, balance: number, overrides: object = {}) => ({
  at: '2026-11-20T10:00:00.000Z',
  kind: 'credit',
  amount,
  balance,
  remark: '',
  description: 'Deposit to a1',
  eventId: null,
  marketId: null,
  marketType: null,
  ...overrides,
});

const STATEMENT = (username: string, level: string, total = 3) => ({
  username,
  level,
  openBalance: 100000,
  closeBalance: 100693,
  total,
  rows: [
    row(-10000, 90000, { remark: 'cash' }),
    row(700, 90700, {
      kind: 'settlement',
      description: 'India v Australia · Match Odds',
      eventId: 301,
      marketId: '1.301',
      marketType: 'MATCH_ODDS',
    }),
    row(-7, 90693, { kind: 'commission', description: 'Commission of c9' }),
  ],
});

describe('agent statement', () => {
  it('shows my own statement of the last week with the running balance', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-20T10:00:00.000Z'), toFake: ['Date'] });
    const { callsTo } = routeFetch({ [PATH]: () => ok(STATEMENT('rahul', 'master')) });
    renderConsole(<AgentStatement />);
    expect(await screen.findByRole('heading', { level: 2, name: 'rahul · Master' })).toBeTruthy();
    expect(queryOf(callsTo(PATH)[0]!.url)).toEqual({
      from: '2026-11-14',
      to: '2026-11-20',
      skip: '0',
      take: '25',
    });
    expect(screen.getByText('Opening balance').nextElementSibling?.textContent).toBe(
      '₹1,00,000.00',
    );
    expect(screen.getByText('Closing balance').nextElementSibling?.textContent).toBe(
      '₹1,00,693.00',
    );
    const rows = within(screen.getByRole('region', { name: 'Statement' })).getAllByRole('row');
    expect(cells(rows[0]!)).toEqual(['Date', 'Description', 'Kind', 'Amount', 'Balance', 'Remark']);
    expect(cells(rows[1]!).slice(1)).toEqual([
      'Deposit to a1',
      'Chips',
      '-₹10,000.00',
      '₹90,000.00',
      'cash',
    ]);
    expect(cells(rows[2]!).slice(1)).toEqual([
      'India v Australia · Match Odds',
      'Settlement',
      '+₹700.00',
      '₹90,700.00',
      '',
    ]);
    expect(cells(rows[3]!).slice(2, 5)).toEqual(['Commission', '-₹7.00', '₹90,693.00']);
    expect(cells(rows[1]!)[0]).toMatch(/^20 Nov 2026 \d\d:\d\d [AP]M$/);
  });

  it('reads the statement of a user below, named by the route or in the form, with its days', async () => {
    const { callsTo } = routeFetch({
      [PATH]: (url) =>
        ok(
          STATEMENT(
            url.searchParams.get('username') ?? 'rahul',
            url.searchParams.has('username') ? 'client' : 'master',
            60,
          ),
        ),
    });
    renderConsole(<AgentStatement username="c9" />);
    expect(await screen.findByRole('heading', { level: 2, name: 'c9 · Client' })).toBeTruthy();
    expect(queryOf(callsTo(PATH)[0]!.url)).toMatchObject({ username: 'c9' });
    expect(screen.getByLabelText<HTMLInputElement>('Username (empty: yours)').value).toBe('c9');

    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await vi.waitFor(() =>
      expect(queryOf(callsTo(PATH).at(-1)!.url)).toMatchObject({ username: 'c9', skip: '25' }),
    );

    fireEvent.change(screen.getByLabelText('Username (empty: yours)'), {
      target: { value: ' a1 ' },
    });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-02' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'a1 · Client' })).toBeTruthy();
    expect(queryOf(callsTo(PATH).at(-1)!.url)).toEqual({
      username: 'a1',
      from: '2026-11-01',
      to: '2026-11-02',
      skip: '0',
      take: '25',
    });

    fireEvent.change(screen.getByLabelText('Username (empty: yours)'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'rahul · Master' })).toBeTruthy();
    expect(queryOf(callsTo(PATH).at(-1)!.url)).not.toHaveProperty('username');
  });

  it('says when the days hold no entries', async () => {
    routeFetch({
      [PATH]: () => ok({ ...STATEMENT('rahul', 'master', 0), rows: [] }),
    });
    renderConsole(<AgentStatement />);
    expect(await screen.findByText('No entries in these days')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Statement pages' })).toBeNull();
  });

  it('shows the server’s 404 for a user outside the downline', async () => {
    routeFetch({
      [PATH]: () => ({ status: 404, body: { Status: false, Result: "No user named 'zed'" } }),
    });
    renderConsole(<AgentStatement username="zed" />);
    expect((await screen.findByRole('alert')).textContent).toBe("No user named 'zed'");
  });
});
