import { getMatchedBets, type BetListItem } from '@backlay/contract/bets';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatCompactTime, formatDateTime } from '../../../lib/format';
import { matchedBetsAnswer } from '../recorded-answers';
import { BetsTable, NO_DATA } from './bets-table';

const parsed = getMatchedBets.response.parse(matchedBetsAnswer);
const bets: BetListItem[] = parsed.Status ? parsed.Result : [];

const bodyRows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);
const texts = (row: HTMLElement) => [...row.children].map((cell) => cell.textContent);

describe('bets table', () => {
  it('counts the bets on each tab: All, Match Bets and Fancy Bets', () => {
    render(<BetsTable bets={bets} />);
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'All (3)',
      'Match Bets (2)',
      'Fancy Bets (1)',
    ]);
  });

  it('shows No., Runner, Odds, Stack, Bet Type, Market Type and Time, fancy odds with the price in brackets', () => {
    render(<BetsTable bets={bets} />);
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'No.',
      'Runner',
      'Odds',
      'Stack',
      'Bet Type',
      'Market Type',
      'Time',
    ]);
    expect(bodyRows().map(texts)).toEqual([
      [
        '1',
        '6 over runs MUM',
        '48 (90)',
        '100',
        'No',
        'Fancy',
        formatCompactTime(bets[0]!.createdOn),
      ],
      [
        '2',
        'Chennai Chargers',
        '110',
        '500',
        'Lay',
        'Bookmaker',
        formatCompactTime(bets[1]!.createdOn),
      ],
      [
        '3',
        'Mumbai Mavericks',
        '1.9',
        '1,000',
        'Back',
        'Match Odds',
        formatCompactTime(bets[2]!.createdOn),
      ],
    ]);
    // An earlier day's bet names its day; the full date is the time's title.
    expect(formatCompactTime(bets[0]!.createdOn)).toMatch(/^\d{1,2} Mar \d\d:\d\d (AM|PM)$/);
    const time = within(bodyRows()[0]!).getByText(formatCompactTime(bets[0]!.createdOn));
    expect(time.getAttribute('title')).toBe(formatDateTime(bets[0]!.createdOn));
    expect(time.getAttribute('datetime')).toBe(bets[0]!.createdOn);
  });

  it("shows today's bets by the clock alone", () => {
    const at = '2026-03-14T09:05:00Z';
    expect(formatCompactTime(at, new Date('2026-03-14T10:00:00Z'))).toMatch(/^\d\d:\d\d (AM|PM)$/);
    expect(formatCompactTime(at, new Date('2026-03-20T10:00:00Z'))).toMatch(
      /^\d{1,2} Mar \d\d:\d\d (AM|PM)$/,
    );
  });

  it('styles No and Lay rows lay, Back and Yes rows back', () => {
    const yes = { ...bets[0]!, BetType: 'Yes' };
    render(<BetsTable bets={[...bets, yes]} />);
    expect(bodyRows().map((row) => row.getAttribute('data-side'))).toEqual([
      'lay',
      'lay',
      'back',
      'back',
    ]);
  });

  it('lists only match bets or only fancy bets on their tabs', () => {
    render(<BetsTable bets={bets} />);
    fireEvent.click(screen.getByRole('tab', { name: 'Match Bets (2)' }));
    expect(bodyRows().map((row) => row.children[5]?.textContent)).toEqual([
      'Bookmaker',
      'Match Odds',
    ]);
    fireEvent.click(screen.getByRole('tab', { name: 'Fancy Bets (1)' }));
    expect(bodyRows().map((row) => row.children[1]?.textContent)).toEqual(['6 over runs MUM']);
  });

  it("says 'No data available' on an empty tab", () => {
    render(<BetsTable bets={bets.filter((bet) => bet.MarketType !== 'FANCY')} />);
    fireEvent.click(screen.getByRole('tab', { name: 'Fancy Bets (0)' }));
    expect(screen.getByText(NO_DATA)).toBeTruthy();
    expect(NO_DATA).toBe('No data available');
  });
});
