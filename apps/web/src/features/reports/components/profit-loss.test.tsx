import { getProfitLoss } from '@backlay/contract/reports';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routeFetch } from '../../../test/fetch';
import { EVENT_ID, profitLossAnswer } from '../../../test/fixtures/reports-answers';
import { renderScreen } from '../../../test/render';
import { NO_DATA } from '../../../ui/data-table';
import { ProfitLossReport } from './profit-loss';
import { eventually } from '../../../test/eventually';

const PATH = '/api/ProfitLossModels/GetProfitLoss';
const SPORTS = [
  { id: 4, name: 'Cricket' },
  { id: 1, name: 'Soccer' },
  { id: 2, name: 'Tennis' },
];

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-21T19:00:00Z')); // 22 Nov in Kolkata
});
afterEach(() => vi.useRealTimers());

function answer(body: unknown = profitLossAnswer) {
  return routeFetch({ [PATH]: () => ({ body: getProfitLoss.response.parse(body) }) });
}

const queryOf = (url: string) => Object.fromEntries(new URL(url, 'http://localhost').searchParams);

function show() {
  return renderScreen(
    <ProfitLossReport
      sports={SPORTS}
      reportTimeZone="Asia/Kolkata"
      eventLink={(row) => ({ to: `/showmatchbet/${row.EventId}`, state: { from: 'pl' } })}
    />,
    { path: '/profit-loss' },
  );
}

describe('profit and loss', () => {
  it('asks for the last 7 Kolkata days of every sport and lists each event newest first', async () => {
    const { calls } = answer();
    show();
    await screen.findByText('Lions v Tigers');
    expect(queryOf(calls[0]!.url)).toEqual({
      userId: '3',
      skipRec: '0',
      psize: '10',
      startDate: '2026-11-16',
      endDate: '2026-11-22',
      sportsId: '0',
    });
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows.map((row) => [...row.children].slice(1).map((cell) => cell.textContent))).toEqual([
      ['Lions v Tigers', '350.00', '0.00'],
      ['Panthers v Jaguars', '-600.00', '0.00'],
    ]);
    expect(within(rows[1]!).getByText('-600.00').dataset.tone).toBe('loss');
    expect(within(rows[0]!).getByText('350.00').dataset.tone).toBe('profit');
  });

  it('offers All and the sports, and sends the chosen sport id', async () => {
    const user = userEvent.setup();
    const { calls } = answer();
    show();
    await screen.findByText('Lions v Tigers');
    const sport = screen.getByLabelText('Sport');
    expect([...sport.querySelectorAll('option')].map((option) => option.textContent)).toEqual([
      'All',
      'Cricket',
      'Soccer',
      'Tennis',
    ]);
    await user.selectOptions(sport, 'Soccer');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await eventually(() => expect(calls).toHaveLength(2));
    expect(queryOf(calls[1]!.url)).toMatchObject({ sportsId: '1', skipRec: '0' });
  });

  it('opens an event’s per-market results from its row', async () => {
    const user = userEvent.setup();
    answer();
    show();
    await user.click(await screen.findByRole('link', { name: 'Lions v Tigers' }));
    expect(screen.getByTestId('location').textContent).toBe(
      `/showmatchbet/${EVENT_ID} {"from":"pl"}`,
    );
  });

  it('pages by count: 45 events, page 5 of 5 shows 2 3 4 5 and Next disabled', async () => {
    const { calls } = answer({ ...profitLossAnswer, count: 45 });
    renderScreen(
      <ProfitLossReport
        sports={SPORTS}
        reportTimeZone="Asia/Kolkata"
        eventLink={() => ({ to: '/' })}
      />,
      {
        path: '/profit-loss',
        url: '/profit-loss?page=5',
      },
    );
    await screen.findByText('Lions v Tigers');
    expect(queryOf(calls[0]!.url).skipRec).toBe('40');
    const pages = screen.getByRole('navigation', { name: 'Profit and loss pages' });
    expect(
      within(pages)
        .getAllByRole('button', { name: /^Page/ })
        .map((button) => button.textContent),
    ).toEqual(['2', '3', '4', '5']);
    expect(within(pages).getByRole('button', { name: 'Next' })).toHaveProperty('disabled', true);
  });

  it("says 'No data available' when no event settled in the range", async () => {
    answer({ Status: true, Result: [], count: 0 });
    show();
    expect(await screen.findByText(NO_DATA)).toBeTruthy();
  });
});
