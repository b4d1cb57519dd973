import { getEventDetail, type EventDetail } from '@backlay/contract/markets';
import { cashOutPlan, type Paise } from '@backlay/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { toast } from '../../../lib/toast';
import { describe, expect, it, vi } from 'vitest';
import { createBetChoice } from '../../../lib/bet-selection';
import { PriceFreshnessContext, STALE_REASON } from '../../../lib/price-freshness';
import { storeLogin } from '../../../lib/session';
import { jsonResponse, stubFetch } from '../../../test/fetch';
import { soccerDetailAnswer, SOCCER_ID } from '../../../test/fixtures/event-answers';
import { TEST_LOGIN } from '../../../test/render';
import type { RunnerBook } from '../api/get-profit-loss-on-runners';
import {
  bookmakerTable,
  exchangeTable,
  plainFromExchange,
  tableBoard,
  type EventMarket,
  type TableBoard,
  type TableMarket,
} from '../market-model';
import type { PriceSource } from '../price-source';
import { MarketTable } from './market-table';
import { eventually } from '../../../test/eventually';

/**
 * Cash out from the market table (docs/architecture.md, "Cash out"), with the figures of the
 * server's own test (exchange-mechanics.test.ts, "cash out"): a back of The Draw ₹1,000 at 3.9
 * on Arsenal v Chelsea leaves the book Arsenal −1,000, Chelsea −1,000, The Draw +2,900.
 */

const S = SOCCER_ID;
const ARSENAL = S * 100 + 1;
const CHELSEA = S * 100 + 2;
const DRAW = S * 100 + 3;

const parsed = getEventDetail.response.parse(soccerDetailAnswer);
const detail: EventDetail = parsed.Status ? parsed.Result : (undefined as never);
const matchOdds: EventMarket = detail.MarketList[0]!;

/** The client's book: the server's figures in rupees, by selection id. */
const BOOK: RunnerBook = new Map([
  [ARSENAL, -1000],
  [CHELSEA, -1000],
  [DRAW, 2900],
]);

type Quote = readonly [back: number, lay: number];

/** The match odds at these best prices, Arsenal, Chelsea, The Draw (the feed's order). */
const matchTable = (quotes: readonly Quote[], status = 'ACTIVE') =>
  exchangeTable(
    matchOdds,
    plainFromExchange({
      marketId: matchOdds.MarketId,
      status,
      inplay: false,
      Seq: 1,
      runners: [ARSENAL, CHELSEA, DRAW].map((selectionId, i) => ({
        selectionId,
        status: 'ACTIVE',
        exchange: {
          availableToBack: [{ price: quotes[i]![0], size: 5_000 }],
          availableToLay: [{ price: quotes[i]![1], size: 5_000 }],
        },
      })),
    }),
  );

/** The draw drifts in: lay at 2.50 (the server test's prices). */
const DRIFTED: readonly Quote[] = [
  [2.4, 2.42],
  [3.4, 3.45],
  [2.46, 2.5],
];

/** A table whose prices tick, as the cache's pushes move them. */
function tickingBoard(table: TableMarket): PriceSource<TableBoard> & {
  tick: (next: TableMarket) => void;
} {
  let board = tableBoard(table);
  const listeners = new Set<() => void>();
  return {
    read: () => board,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    tick: (next) => {
      board = tableBoard(next);
      listeners.forEach((listener) => listener());
    },
  };
}

function renderTable(
  table: TableMarket,
  book: RunnerBook | undefined,
  { betDelay = 0, isStale = false }: { betDelay?: number; isStale?: boolean } = {},
) {
  storeLogin(TEST_LOGIN);
  const board = tickingBoard(table);
  const onCashedOut = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={client}>
      <PriceFreshnessContext.Provider value={{ isStale, ageS: isStale ? 12 : 0 }}>
        <MarketTable
          board={board}
          isEventOpen
          book={book}
          context={{ sportsId: 1, eventId: S, choice: createBetChoice() }}
          onOpenBook={() => {}}
          betDelay={betDelay}
          onCashedOut={onCashedOut}
        />
      </PriceFreshnessContext.Provider>
    </QueryClientProvider>,
  );
  return { board, onCashedOut, unmount: view.unmount };
}

const cashOutButton = () => screen.queryByRole('button', { name: 'Cash Out' });
const dialog = () => screen.getByRole('dialog', { name: /^Cash Out: / });
/** Opens the dialog, its chunk fetched on the first opening (as the screen's first load has none of it). */
const open = async () => {
  fireEvent.click(cashOutButton()!);
  await act(async () => {
    await import('./cash-out-modal');
  });
};
const confirmButton = () =>
  within(dialog()).getByRole<HTMLButtonElement>('button', { name: /^Confirm$|^Cashing Out…$/ });
const share = (percent: number) =>
  fireEvent.click(within(dialog()).getByRole('radio', { name: `${percent}%` }));

/** What the dialog shows: the headline, the bets, and per runner its name, now and after (tone). */
function shown() {
  const box = dialog();
  return {
    headline: within(box).queryByTestId('cash-out-headline')?.textContent ?? null,
    bets: within(box)
      .queryAllByTestId('cash-out-bet')
      .map((bet) => bet.textContent),
    runners: within(box)
      .getAllByTestId('cash-out-runner')
      .map((row) =>
        [...row.children].map((cell) =>
          cell.hasAttribute('data-tone')
            ? `${cell.textContent} ${cell.getAttribute('data-tone')}`
            : cell.textContent,
        ),
      ),
  };
}

describe('the Cash Out button', () => {
  it('shows on match odds where the client holds a position, in the market header', () => {
    renderTable(matchTable(DRIFTED), BOOK);
    const header = screen.getByRole('heading', { name: 'Match Odds' }).closest('header')!;
    expect(within(header).getByRole('button', { name: 'Cash Out' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows no button without a book, or with a book the same on every runner', () => {
    renderTable(matchTable(DRIFTED), undefined).unmount();
    expect(cashOutButton()).toBeNull();
    renderTable(
      matchTable(DRIFTED),
      new Map([
        [ARSENAL, 560],
        [CHELSEA, 560],
        [DRAW, 560],
      ]),
    );
    expect(cashOutButton()).toBeNull();
  });

  it('shows on bookmaker, and on no other market (toss, tied match, over/under)', () => {
    for (const MarketType of ['TOSS', 'TIED_MATCH', 'OVER_UNDER_25', 'BOOKMAKER']) {
      const view = renderTable(
        exchangeTable({ ...matchOdds, MarketType, MarketName: MarketType }, undefined),
        BOOK,
      );
      expect([MarketType, cashOutButton() !== null]).toEqual([
        MarketType,
        MarketType === 'BOOKMAKER',
      ]);
      view.unmount();
    }
  });
});

describe('the cash out dialog', () => {
  it('shows the one lay that makes every runner ₹560.00, from the book and the best prices', async () => {
    renderTable(matchTable(DRIFTED), BOOK);
    await open();
    expect(dialog().getAttribute('aria-modal')).toBe('true');
    expect(within(dialog()).getByRole('radio', { name: '100%' })).toHaveProperty('checked', true);
    // Lay 3,900 / 2.5 = ₹1,560: The Draw 2,900 − 1,560 × 1.5 = 560; the others −1,000 + 1,560.
    expect(shown()).toEqual({
      headline: 'You get ₹560.00 whichever runner wins',
      bets: ['Lay The Draw ₹1,560 at 2.5'],
      runners: [
        ['Arsenal', '-1,000.00 negative', '560.00 positive'],
        ['The Draw', '2,900.00 positive', '560.00 positive'],
        ['Chelsea', '-1,000.00 negative', '560.00 positive'],
      ],
    });
    expect(confirmButton().disabled).toBe(false);
  });

  it('scales the bet by the share chosen, saying the worst result when the runners end apart', async () => {
    renderTable(matchTable(DRIFTED), BOOK);
    await open();
    share(50);
    // Lay ₹780: The Draw 2,900 − 1,170 = 1,730; the others −1,000 + 780 = −220.
    expect(shown()).toEqual({
      headline: 'You lose at most ₹220.00 whichever runner wins',
      bets: ['Lay The Draw ₹780 at 2.5'],
      runners: [
        ['Arsenal', '-1,000.00 negative', '-220.00 negative'],
        ['The Draw', '2,900.00 positive', '1,730.00 positive'],
        ['Chelsea', '-1,000.00 negative', '-220.00 negative'],
      ],
    });
    share(75);
    // Lay ₹1,170: The Draw 2,900 − 1,755 = 1,145; the others +170.
    expect(shown().headline).toBe('You get at least ₹170.00 whichever runner wins');
    expect(shown().bets).toEqual(['Lay The Draw ₹1,170 at 2.5']);
    share(25);
    // Lay ₹390: the others −610.
    expect(shown().bets).toEqual(['Lay The Draw ₹390 at 2.5']);
    expect(shown().headline).toBe('You lose at most ₹610.00 whichever runner wins');
    share(100);
    expect(shown().headline).toBe('You get ₹560.00 whichever runner wins');
  });

  it('computes the plan again as the prices move while it is open', async () => {
    const { board } = renderTable(matchTable(DRIFTED), BOOK);
    await open();
    act(() =>
      board.tick(
        matchTable([
          [2.4, 2.42],
          [3.4, 3.45],
          [2.56, 2.6],
        ]),
      ),
    );
    // Lay 3,900 / 2.6 = ₹1,500: every runner +500.
    expect(shown()).toEqual({
      headline: 'You get ₹500.00 whichever runner wins',
      bets: ['Lay The Draw ₹1,500 at 2.6'],
      runners: [
        ['Arsenal', '-1,000.00 negative', '500.00 positive'],
        ['The Draw', '2,900.00 positive', '500.00 positive'],
        ['Chelsea', '-1,000.00 negative', '500.00 positive'],
      ],
    });
  });

  it('keeps the focus where it is as the prices move', async () => {
    const { board } = renderTable(matchTable(DRIFTED), BOOK);
    await open();
    const half = within(dialog()).getByRole('radio', { name: '50%' });
    half.focus();
    act(() => board.tick(matchTable([DRIFTED[0]!, DRIFTED[1]!, [2.56, 2.6]])));
    expect(shown().bets).toEqual(['Lay The Draw ₹1,500 at 2.6']);
    expect(document.activeElement).toBe(half);
  });

  it('says why there is nothing to confirm when no price can be taken', async () => {
    renderTable(matchTable(DRIFTED, 'SUSPENDED'), BOOK);
    await open();
    expect(within(dialog()).getByRole('alert').textContent).toBe('No price to cash out at');
    expect(shown().headline).toBeNull();
    expect(shown().bets).toEqual([]);
    expect(shown().runners).toEqual([
      ['Arsenal', '-1,000.00 negative', '–'],
      ['The Draw', '2,900.00 positive', '–'],
      ['Chelsea', '-1,000.00 negative', '–'],
    ]);
    expect(confirmButton().disabled).toBe(true);
  });

  it('holds Confirm while the prices are out of date, saying why', async () => {
    renderTable(matchTable(DRIFTED), BOOK, { isStale: true });
    await open();
    expect(within(dialog()).getByText(STALE_REASON)).toBeTruthy();
    expect(confirmButton().disabled).toBe(true);
  });

  it('cashes out a bookmaker position at odds per 100, to the paisa', async () => {
    const ids = [S * 100 + 4, S * 100 + 5, S * 100 + 6];
    const market: EventMarket = {
      ...matchOdds,
      MarketId: `${S}B`,
      MarketName: 'Bookmaker',
      MarketType: 'BOOKMAKER',
      runners: matchOdds.runners.map((runner, i) => ({
        ...runner,
        selectionId: ids[i]!,
        marketId: `${S}B`,
      })),
    };
    const quotes = [
      [38, 40],
      [150, 160],
      [200, 210],
    ];
    const rows = market.runners.map((runner, i) => ({
      MarketId: `${S}B`,
      selectionId: runner.selectionId,
      RunnerName: runner.RunnerName,
      status: 'ACTIVE',
      BackPrice1: quotes[i]![0]!,
      BackSize1: 100_000,
      LayPrice1: quotes[i]![1]!,
      LaySize1: 100_000,
    }));
    renderTable(
      bookmakerTable(market, rows, []),
      new Map([
        [ids[0]!, 500],
        [ids[1]!, -1000],
        [ids[2]!, -1000],
      ]),
    );
    await open();
    // Lay Arsenal 1,500 / 1.4 = 1,071.43 → ₹1,071: Arsenal 500 − 428.40; the others +71.
    expect(shown()).toEqual({
      headline: 'You get at least ₹71.00 whichever runner wins',
      bets: ['Lay Arsenal ₹1,071 at 40'],
      runners: [
        ['Arsenal', '500.00 positive', '71.60 positive'],
        ['The Draw', '-1,000.00 negative', '71.00 positive'],
        ['Chelsea', '-1,000.00 negative', '71.00 positive'],
      ],
    });
    share(50);
    // Lay ₹536 (535.71 rounded): Arsenal 500 − 214.40; the others −464.
    expect(shown().bets).toEqual(['Lay Arsenal ₹536 at 40']);
    expect(shown().runners.map((runner) => runner[2])).toEqual([
      '285.60 positive',
      '-464.00 negative',
      '-464.00 negative',
    ]);
  });
});

describe('confirming a cash out', () => {
  const CASHED = { Status: true, Result: 'Cashed out: ₹560.00 whichever runner wins' };

  it('sends exactly the plan with an Idempotency-Key, toasts the answer, refreshes and closes', async () => {
    let answer: (response: Response) => void = () => {};
    const { calls } = stubFetch(new Promise<Response>((resolve) => (answer = resolve)));
    const success = vi.spyOn(toast, 'success');
    const { onCashedOut } = renderTable(matchTable(DRIFTED), BOOK);
    await open();
    fireEvent.click(confirmButton());
    fireEvent.click(confirmButton());
    await eventually(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.url).toBe('/api/UserBetModels/CashOut');
    expect(calls[0]!.init?.method).toBe('POST');
    const body: unknown = JSON.parse(calls[0]!.init?.body as string);
    expect(body).toEqual({
      MarketId: `1.${S}`,
      MarketType: 'MATCH_ODDS',
      EventId: S,
      Percent: 100,
      Bets: [{ SelectionID: String(DRAW), BetType: 'Lay', Odds: 2.5, Stack: 1560 }],
    });
    // The domain's own plan for that book and those prices, as the server computes it again.
    const plan = cashOutPlan(
      'MATCH_ODDS',
      [ARSENAL, CHELSEA, DRAW].map((selectionId, i) => ({
        selectionId: String(selectionId),
        pl: (BOOK.get(selectionId)! * 100) as Paise,
        back: Math.round(DRIFTED[i]![0] * 100),
        lay: Math.round(DRIFTED[i]![1] * 100),
      })),
      100,
    );
    expect(plan.ok && plan.bets).toEqual([
      { selectionId: String(DRAW), betType: 'Lay', odds: 250, stake: 1560 },
    ]);
    const headers = calls[0]!.init?.headers as Record<string, string>;
    expect(headers['Idempotency-Key']).toMatch(/^[A-Za-z0-9_.:-]{8,100}$/);
    // While it is out: Cashing Out…, the share and Cancel held, the dialog not closed by Escape.
    expect(confirmButton().textContent).toBe('Cashing Out…');
    expect(confirmButton().disabled).toBe(true);
    expect(within(dialog()).getByRole('button', { name: 'Cancel' })).toHaveProperty(
      'disabled',
      true,
    );
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(dialog()).toBeTruthy();
    expect(within(dialog()).queryByTestId('cash-out-delay')).toBeNull();
    expect(onCashedOut).not.toHaveBeenCalled();
    await act(async () => answer(jsonResponse(CASHED)));
    await eventually(() => expect(onCashedOut).toHaveBeenCalledTimes(1));
    expect(success).toHaveBeenCalledWith('Cashed out: ₹560.00 whichever runner wins');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls).toHaveLength(1);
  });

  it('sends the share chosen', async () => {
    const { calls } = stubFetch({
      body: {
        Status: true,
        Result: 'Cashed out: 50% of your position, at least -₹220.00 whichever runner wins',
      },
    });
    const { onCashedOut } = renderTable(matchTable(DRIFTED), BOOK);
    await open();
    share(50);
    fireEvent.click(confirmButton());
    await eventually(() => expect(onCashedOut).toHaveBeenCalledTimes(1));
    expect(JSON.parse(calls[0]!.init?.body as string)).toEqual({
      MarketId: `1.${S}`,
      MarketType: 'MATCH_ODDS',
      EventId: S,
      Percent: 50,
      Bets: [{ SelectionID: String(DRAW), BetType: 'Lay', Odds: 2.5, Stack: 780 }],
    });
  });

  it('toasts a refusal as an error, keeps the dialog open and still has the screen refresh', async () => {
    stubFetch({ body: { Status: false, Result: 'Odds changed' } });
    const error = vi.spyOn(toast, 'error');
    const { onCashedOut } = renderTable(matchTable(DRIFTED), BOOK);
    await open();
    fireEvent.click(confirmButton());
    await eventually(() => expect(onCashedOut).toHaveBeenCalledTimes(1));
    expect(error).toHaveBeenCalledWith('Odds changed');
    expect(confirmButton().textContent).toBe('Confirm');
    expect(confirmButton().disabled).toBe(false);
  });

  it('keeps the Idempotency-Key across a retry of the same press', async () => {
    const answers = [
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => Promise.resolve(jsonResponse(CASHED)),
    ];
    const fetch = vi.fn((_url: string, _init?: RequestInit) =>
      answers[fetch.mock.calls.length - 1]!(),
    );
    vi.stubGlobal('fetch', fetch);
    const { onCashedOut } = renderTable(matchTable(DRIFTED), BOOK);
    await open();
    fireEvent.click(confirmButton());
    await eventually(() => expect(onCashedOut).toHaveBeenCalledTimes(1));
    const keys = fetch.mock.calls.map(
      ([, init]) => (init?.headers as Record<string, string>)['Idempotency-Key'],
    );
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  it('counts the in-play delay down while the cash out is held, the plan sent standing', async () => {
    vi.useFakeTimers();
    let answer: (response: Response) => void = () => {};
    stubFetch(new Promise<Response>((resolve) => (answer = resolve)));
    const success = vi.spyOn(toast, 'success');
    const { board, onCashedOut } = renderTable(matchTable(DRIFTED), BOOK, { betDelay: 2 });
    await open();
    const held = () => within(dialog()).queryByTestId('cash-out-delay')?.textContent ?? null;
    expect(held()).toBeNull();
    fireEvent.click(confirmButton());
    await act(async () => {});
    expect(held()).toBe('Held for in-play delay: 2 s');
    expect(within(dialog()).getByRole('timer').textContent).toBe(held());
    // The prices move meanwhile: the dialog still shows what it sent.
    act(() =>
      board.tick(
        matchTable([
          [2.4, 2.42],
          [3.4, 3.45],
          [2.56, 2.6],
        ]),
      ),
    );
    expect(shown().bets).toEqual(['Lay The Draw ₹1,560 at 2.5']);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(held()).toBe('Held for in-play delay: 1 s');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(held()).toBeNull();
    expect(confirmButton().textContent).toBe('Cashing Out…');
    expect(vi.getTimerCount()).toBe(0);
    await act(async () => answer(jsonResponse(CASHED)));
    await eventually(() => expect(onCashedOut).toHaveBeenCalledTimes(1));
    expect(success).toHaveBeenCalledWith('Cashed out: ₹560.00 whichever runner wins');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
