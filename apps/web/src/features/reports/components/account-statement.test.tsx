import { getAccountStatement } from '@backlay/contract/reports';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../../../lib/format';
import { routeFetch } from '../../../test/fetch';
import { statementAnswer } from '../../../test/fixtures/reports-answers';
import { renderScreen } from '../../../test/render';
import { NO_DATA } from '../../../ui/data-table';
import { AccountStatement } from './account-statement';
import { eventually } from '../../../test/eventually';

const PATH = '/api/AccountStatementModels/GetAccountStatement';

/** 19:00 UTC on 21 Nov is 00:30 on 22 Nov in Kolkata: the report's today is the 22nd. */
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-21T19:00:00Z'));
});
afterEach(() => vi.useRealTimers());

function answer(body: unknown = statementAnswer) {
  return routeFetch({ [PATH]: () => ({ body: getAccountStatement.response.parse(body) }) });
}

const queryOf = (url: string) => Object.fromEntries(new URL(url, 'http://localhost').searchParams);

describe('account statement', () => {
  it('asks for the last 7 Kolkata days, type All, 10 rows from the first', async () => {
    const { calls } = answer();
    renderScreen(<AccountStatement reportTimeZone="Asia/Kolkata" />, { path: '/ac_statement' });
    await screen.findByText('Match Odds: Lions won');
    expect(queryOf(calls[0]!.url)).toEqual({
      uid: '3',
      skipRec: '0',
      type: 'All',
      psize: '10',
      startDate: '2026-11-16',
      endDate: '2026-11-22',
      sportsId: '0',
    });
    expect(screen.getByLabelText('From')).toHaveProperty('value', '2026-11-16');
    expect(screen.getByLabelText('To')).toHaveProperty('value', '2026-11-22');
  });

  it("reads the last 7 days in the server's REPORT_TZ, not Kolkata nor the browser's zone", async () => {
    const { calls } = answer();
    renderScreen(<AccountStatement reportTimeZone="America/New_York" />, { path: '/ac_statement' });
    await screen.findByText('Match Odds: Lions won');
    expect(queryOf(calls[0]!.url)).toMatchObject({
      startDate: '2026-11-15',
      endDate: '2026-11-21',
    });
    expect(screen.getByLabelText('To')).toHaveProperty('value', '2026-11-21');
  });

  it('takes Kolkata, the default REPORT_TZ, until the site configuration names the zone', async () => {
    const { calls } = answer();
    renderScreen(<AccountStatement reportTimeZone={undefined} />, { path: '/ac_statement' });
    await screen.findByText('Match Odds: Lions won');
    expect(queryOf(calls[0]!.url)).toMatchObject({
      startDate: '2026-11-16',
      endDate: '2026-11-22',
    });
  });

  it('shows the open and close balances and each row with its running balance', async () => {
    answer();
    renderScreen(<AccountStatement reportTimeZone="Asia/Kolkata" />, { path: '/ac_statement' });
    await screen.findByText('Match Odds: Lions won');
    expect(screen.getByTestId('open-balance').textContent).toBe('0.00');
    expect(screen.getByTestId('close-balance').textContent).toBe('1,00,350.00');
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Date', 'Description', 'Amount', 'Balance', 'Remark']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => [...row.children].map((cell) => cell.textContent))).toEqual([
      [formatDateTime('2026-11-22T00:46:27.579Z'), '', '1,00,000.00', '1,00,000.00', 'Demo credit'],
      [
        formatDateTime('2026-11-22T00:46:39.681Z'),
        'Lions v Tigers - Match Odds',
        '350.00',
        '1,00,350.00',
        'Match Odds: Lions won',
      ],
    ]);
    expect(rows[1]!.children[0]!.textContent).toMatch(/^\d{1,2} Nov 2026 \d\d:\d\d (AM|PM)$/);
  });

  it('marks a loss in red with its minus sign and a win in green', async () => {
    answer({
      ...statementAnswer,
      Result: [{ ...statementAnswer.Result[1]!, Amount: -350, SqlCount: 1 }],
    });
    renderScreen(<AccountStatement reportTimeZone="Asia/Kolkata" />, { path: '/ac_statement' });
    const loss = await screen.findByText('-350.00');
    expect(loss.dataset.tone).toBe('loss');
  });

  it('sends the chosen type and dates, from the first page again', async () => {
    const user = userEvent.setup();
    const { calls } = answer();
    const { router } = renderScreen(<AccountStatement reportTimeZone="Asia/Kolkata" />, {
      path: '/ac_statement',
      url: '/ac_statement?page=3',
    });
    await screen.findByText('Match Odds: Lions won');
    expect(queryOf(calls[0]!.url).skipRec).toBe('20');

    await user.selectOptions(screen.getByLabelText('Type'), 'Settlement');
    await user.clear(screen.getByLabelText('From'));
    await user.type(screen.getByLabelText('From'), '2026-11-01');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await eventually(() => expect(calls).toHaveLength(2));
    expect(queryOf(calls[1]!.url)).toMatchObject({
      type: 'Settlement',
      startDate: '2026-11-01',
      endDate: '2026-11-22',
      skipRec: '0',
    });
    expect(router.location.search).toBe('?startDate=2026-11-01&endDate=2026-11-22&type=Settlement');
  });

  it('pages by SqlCount: 23 rows make 3 pages, Next asks for rows 11 to 20', async () => {
    const user = userEvent.setup();
    const { calls } = answer({
      ...statementAnswer,
      Result: [{ ...statementAnswer.Result[0]!, SqlCount: 23 }],
    });
    renderScreen(<AccountStatement reportTimeZone="Asia/Kolkata" />, { path: '/ac_statement' });
    await screen.findByText('Demo credit');
    const pages = screen.getByRole('navigation', { name: 'Account statement pages' });
    expect(
      within(pages)
        .getAllByRole('button', { name: /^Page/ })
        .map((button) => button.textContent),
    ).toEqual(['1', '2', '3']);
    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    await eventually(() => expect(calls).toHaveLength(2));
    expect(queryOf(calls[1]!.url).skipRec).toBe('10');
    expect(within(pages).getByRole('button', { current: 'page' }).textContent).toBe('2');
  });

  it("says 'No data available' for an empty range, with both balances", async () => {
    answer({ Status: true, Result: [], OpenBalance: 9130.5, CloseBalance: 9130.5 });
    renderScreen(<AccountStatement reportTimeZone="Asia/Kolkata" />, { path: '/ac_statement' });
    expect(await screen.findByText(NO_DATA)).toBeTruthy();
    expect(NO_DATA).toBe('No data available');
    expect(screen.getByTestId('open-balance').textContent).toBe('9,130.50');
    expect(screen.getByTestId('close-balance').textContent).toBe('9,130.50');
  });

  it("shows the server's refusal in words", async () => {
    routeFetch({
      [PATH]: () => ({
        status: 400,
        body: { Status: false, Result: 'startDate is after endDate' },
      }),
    });
    renderScreen(<AccountStatement reportTimeZone="Asia/Kolkata" />, { path: '/ac_statement' });
    expect((await screen.findByRole('alert')).textContent).toBe('startDate is after endDate');
  });
});
