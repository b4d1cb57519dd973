import { CANCEL_MESSAGES, getMatchedBets, type BetListItem } from '@backlay/contract/bets';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { toast } from '../../../lib/toast';
import { describe, expect, it, vi } from 'vitest';
import { formatCompactTime, formatDateTime } from '../../../lib/format';
import { storeLogin } from '../../../lib/session';
import { jsonResponse, stubFetch } from '../../../test/fetch';
import { matchedBetsAnswer } from '../../../test/fixtures/event-answers';
import { TEST_LOGIN } from '../../../test/render';
import { BetsTable, CANCELLED, NO_DATA } from './bets-table';
import { eventually } from '../../../test/eventually';

const parsed = getMatchedBets.response.parse(matchedBetsAnswer);
const bets: BetListItem[] = parsed.Status ? parsed.Result : [];

/** The table with a stored login and a query client of its own (a cancel is a mutation). */
function renderBets(rows: readonly BetListItem[]) {
  storeLogin(TEST_LOGIN);
  const onCancelAnswered = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <BetsTable bets={rows} onCancelAnswered={onCancelAnswered} />
    </QueryClientProvider>,
  );
  return { onCancelAnswered };
}

const bodyRows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);
const texts = (row: HTMLElement) => [...row.children].map((cell) => cell.textContent);

describe('bets table', () => {
  it('counts the bets on each tab: All, Match Bets and Fancy Bets', () => {
    renderBets(bets);
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'All (3)',
      'Match Bets (2)',
      'Fancy Bets (1)',
    ]);
  });

  it('shows No., Runner, Odds, Stack, Bet Type, Market Type and Time, fancy odds with the price in brackets', () => {
    renderBets(bets);
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
    const yes = { ...bets[0]!, BetId: '704', BetType: 'Yes' };
    renderBets([...bets, yes]);
    expect(bodyRows().map((row) => row.getAttribute('data-side'))).toEqual([
      'lay',
      'lay',
      'back',
      'back',
    ]);
  });

  it('lists only match bets or only fancy bets on their tabs', () => {
    renderBets(bets);
    fireEvent.click(screen.getByRole('tab', { name: 'Match Bets (2)' }));
    expect(bodyRows().map((row) => row.children[5]?.textContent)).toEqual([
      'Bookmaker',
      'Match Odds',
    ]);
    fireEvent.click(screen.getByRole('tab', { name: 'Fancy Bets (1)' }));
    expect(bodyRows().map((row) => row.children[1]?.textContent)).toEqual(['6 over runs MUM']);
  });

  it("says 'No data available' on an empty tab", () => {
    renderBets(bets.filter((bet) => bet.MarketType !== 'FANCY'));
    fireEvent.click(screen.getByRole('tab', { name: 'Fancy Bets (0)' }));
    expect(screen.getByText(NO_DATA)).toBeTruthy();
    expect(NO_DATA).toBe('No data available');
  });
});

/** A football match odds bet, accepted at 10:00:00 UTC; cancellable until `cancelUntil`. */
const ACCEPTED = '2026-03-14T10:00:00.000Z';
const football = (over: Partial<BetListItem> = {}): BetListItem => ({
  SelectionName: 'Arsenal',
  SelectionID: '3120045501',
  Odds: 2.5,
  Price: 0,
  Stack: 1000,
  BetType: 'Back',
  MarketType: 'MATCH_ODDS',
  MarketId: '1.31200455',
  createdOn: ACCEPTED,
  BetId: '9001',
  Status: 'Pending',
  CancelUntil: '2026-03-14T10:03:00.000Z',
  cancelledOn: null,
  ...over,
});

const cancelButton = () => screen.queryByRole('button', { name: /^Cancel/ });
const timeCell = () => bodyRows()[0]!.children[6] as HTMLElement;

/** Milliseconds of the client's clock, a second at most at a time, letting React keep up. */
async function elapse(ms: number) {
  for (let left = ms; left > 0; left -= 1000) {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(Math.min(left, 1000));
    });
  }
}

describe('cancelling a bet', () => {
  it('shows Cancel with the time left, counting down each second, gone at the deadline', async () => {
    // 1 min 30.5 s before the deadline: the whole seconds left round up.
    vi.useFakeTimers({ now: Date.parse('2026-03-14T10:01:29.500Z') });
    renderBets([football()]);
    expect(cancelButton()?.textContent).toBe('Cancel 1:31');
    await elapse(500);
    expect(cancelButton()?.textContent).toBe('Cancel 1:30');
    await elapse(1000);
    expect(cancelButton()?.textContent).toBe('Cancel 1:29');
    await elapse(29_000);
    expect(cancelButton()?.textContent).toBe('Cancel 1:00');
    await elapse(59_000);
    expect(cancelButton()?.textContent).toBe('Cancel 0:01');
    await elapse(999);
    expect(cancelButton()?.textContent).toBe('Cancel 0:01');
    await elapse(1);
    expect(cancelButton()).toBeNull();
    // The row stays, as an open bet with its time.
    expect(timeCell().textContent).toBe(formatCompactTime(ACCEPTED));
    expect(vi.getTimerCount()).toBe(0);
  });

  it('shows no Cancel on a bet whose time is up or that cannot be cancelled', () => {
    vi.useFakeTimers({ now: Date.parse('2026-03-14T10:03:00.000Z') });
    renderBets([football(), football({ BetId: '9002', CancelUntil: null })]);
    expect(cancelButton()).toBeNull();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('shows a cancelled bet muted, as Cancelled with the time it was cancelled, and no Cancel', () => {
    vi.useFakeTimers({ now: Date.parse('2026-03-14T10:01:00.000Z') });
    const cancelledOn = '2026-03-14T10:00:40.000Z';
    renderBets([
      football({ Status: 'Cancelled', cancelledOn }),
      football({ BetId: '9002', CancelUntil: null }),
      football({ BetId: '9003', CancelUntil: null, BetType: 'Lay' }),
    ]);
    const [cancelled, back, lay] = bodyRows();
    expect(cancelled!.getAttribute('data-status')).toBe('Cancelled');
    expect(back!.getAttribute('data-status')).toBe('Pending');
    // Muted: neither the back nor the lay colours.
    expect(cancelled!.className).not.toBe('');
    expect([back!.className, lay!.className]).not.toContain(cancelled!.className);
    expect(timeCell().textContent).toBe(
      `${formatCompactTime(ACCEPTED)}${CANCELLED} ${formatCompactTime(cancelledOn)}`,
    );
    const times = timeCell().querySelectorAll('time');
    expect([...times].map((time) => time.getAttribute('datetime'))).toEqual([
      ACCEPTED,
      cancelledOn,
    ]);
    expect(times[1]!.getAttribute('title')).toBe(formatDateTime(cancelledOn));
    expect(cancelButton()).toBeNull();
  });

  it('sends the bet id with an Idempotency-Key, toasts the answer and has the screen refresh', async () => {
    vi.useFakeTimers({ now: Date.parse('2026-03-14T10:01:00.000Z'), toFake: ['Date'] });
    let answer: (response: Response) => void = () => {};
    const { calls } = stubFetch(new Promise<Response>((resolve) => (answer = resolve)));
    const success = vi.spyOn(toast, 'success');
    const { onCancelAnswered } = renderBets([football()]);
    fireEvent.click(cancelButton()!);
    fireEvent.click(cancelButton()!);
    await eventually(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.url).toBe('/api/UserBetModels/CancelBet');
    expect(calls[0]!.init?.method).toBe('POST');
    expect(JSON.parse(calls[0]!.init?.body as string)).toEqual({ BetId: '9001' });
    const headers = calls[0]!.init?.headers as Record<string, string>;
    expect(headers['Idempotency-Key']).toMatch(/^[A-Za-z0-9_.:-]{8,100}$/);
    const pending = screen.getByRole<HTMLButtonElement>('button', { name: 'Cancelling…' });
    expect(pending.disabled).toBe(true);
    expect(onCancelAnswered).not.toHaveBeenCalled();
    await act(async () =>
      answer(jsonResponse({ Status: true, Result: CANCEL_MESSAGES.cancelled })),
    );
    await eventually(() => expect(onCancelAnswered).toHaveBeenCalledTimes(1));
    expect(success).toHaveBeenCalledWith('Bet cancelled');
    expect(calls).toHaveLength(1);
  });

  it('toasts a refusal as an error, and still has the screen refresh its bets', async () => {
    stubFetch({ body: { Status: false, Result: CANCEL_MESSAGES.suspended } });
    vi.useFakeTimers({ now: Date.parse('2026-03-14T10:01:00.000Z'), toFake: ['Date'] });
    const error = vi.spyOn(toast, 'error');
    const { onCancelAnswered } = renderBets([football()]);
    fireEvent.click(cancelButton()!);
    await eventually(() => expect(onCancelAnswered).toHaveBeenCalledTimes(1));
    expect(error).toHaveBeenCalledWith(
      'The market was suspended after this bet: it can no longer be cancelled',
    );
  });

  it('keeps the Idempotency-Key across a retry of the same press', async () => {
    vi.useFakeTimers({ now: Date.parse('2026-03-14T10:01:00.000Z'), toFake: ['Date'] });
    const answers = [
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => Promise.resolve(jsonResponse({ Status: true, Result: CANCEL_MESSAGES.cancelled })),
    ];
    const fetch = vi.fn((_url: string, _init?: RequestInit) =>
      answers[fetch.mock.calls.length - 1]!(),
    );
    vi.stubGlobal('fetch', fetch);
    const { onCancelAnswered } = renderBets([football()]);
    fireEvent.click(cancelButton()!);
    await eventually(() => expect(onCancelAnswered).toHaveBeenCalledTimes(1));
    const keys = fetch.mock.calls.map(
      ([, init]) => (init?.headers as Record<string, string>)['Idempotency-Key'],
    );
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });
});
