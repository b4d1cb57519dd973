import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Profiler } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { createBetChoice, type BetChoiceStore } from '../../../lib/bet-selection';
import type { TableBoard, TableMarket } from '../market-model';
import { bookmakerTable, exchangeTable, plainFromExchange, tableBoard } from '../market-model';
import { fixedSource, type PriceSource } from '../price-source';
import { nameOf } from '../../../test/names';
import { MarketTable } from './market-table';

const EVENT = 30412871;
const HOME = EVENT * 10 + 1;
const AWAY = EVENT * 10 + 2;

const level = (price: number, size: number) => ({ price, size });

/** An Odds/Market book with three levels a side for home, two for away (docs/decisions.md#api shape). */
const book = (status = 'ACTIVE', homeBest = level(1.9, 12_000)) =>
  plainFromExchange({
    marketId: `1.${EVENT}`,
    status: 'ACTIVE',
    inplay: true,
    Seq: 7,
    runners: [
      {
        selectionId: HOME,
        status,
        exchange: {
          availableToBack: [homeBest, level(1.89, 41_000), level(1.88, 7_500)],
          availableToLay: [level(1.92, 8_500), level(1.93, 38_000), level(1.95, 2_000)],
        },
      },
      {
        selectionId: AWAY,
        status: 'ACTIVE',
        exchange: {
          availableToBack: [level(2.06, 9_800), level(2.04, 3_000)],
          availableToLay: [level(2.1, 15_250), level(0, 0)],
        },
      },
    ],
  });

const eventMarket = (type: string) => ({
  MarketId: type === 'TOSS' ? `${EVENT}T` : `1.${EVENT}`,
  MarketName: type === 'TOSS' ? 'Toss' : 'Match Odds',
  SeriesName: 'Indian T20 League',
  EventId: EVENT,
  MarketType: type,
  SportsId: 4,
  MinStake: 500,
  MaxStake: 500_000,
  BetDelay: 0,
  runners: [
    { selectionId: HOME, RunnerName: 'Mumbai Mavericks', status: 'ACTIVE', marketId: `1.${EVENT}` },
    { selectionId: AWAY, RunnerName: 'Chennai Chargers', status: 'ACTIVE', marketId: `1.${EVENT}` },
  ],
});

function renderTable(
  market: TableMarket,
  { isEventOpen = true, depth }: { isEventOpen?: boolean; depth?: 1 | 3 } = {},
) {
  // The screen's open slip: a click opens it there and the chosen cell shows pressed.
  const choice = createBetChoice();
  const onSelect = vi.spyOn(choice, 'choose');
  const view = render(
    <MarketTable
      board={fixedSource(tableBoard(market))}
      isEventOpen={isEventOpen}
      book={undefined}
      context={{ sportsId: 4, eventId: EVENT, choice }}
      onOpenBook={() => {}}
      {...(depth === undefined ? {} : { depth })}
    />,
  );
  return { onSelect, view };
}

const rowOf = (name: string) =>
  screen.getAllByTestId('runner-row').find((row) => row.textContent?.includes(name))!;

/** A row's price cells left to right: their accessible names, or '' for an empty level. */
const cellsOf = (name: string) =>
  [...rowOf(name).querySelectorAll('[data-side], [aria-hidden="true"]')]
    .filter((cell) => cell.matches('[data-side]') || cell.closest('[data-side]') === null)
    .map((cell) => (cell.matches('[data-side]') ? nameOf(cell) : ''));

describe('match odds table', () => {
  it('shows three backs worst to best, then three lays best to worst, with their sizes', () => {
    renderTable(exchangeTable(eventMarket('MATCH_ODDS'), book()));
    expect(cellsOf('Mumbai Mavericks')).toEqual([
      'Back 1.88',
      'Back 1.89',
      'Back 1.9',
      'Lay 1.92',
      'Lay 1.93',
      'Lay 1.95',
    ]);
    const row = rowOf('Mumbai Mavericks');
    expect(
      within(row)
        .getAllByTestId('odds-size')
        .map((size) => size.textContent),
    ).toEqual(['7.5K', '41K', '12K', '8.5K', '38K', '2K']);
    // A level the feed leaves empty (price 0) or never sends is an empty, inert cell.
    expect(cellsOf('Chennai Chargers')).toEqual(['', 'Back 2.04', 'Back 2.06', 'Lay 2.1', '', '']);
  });

  it('draws the best back and lay strong and the deeper levels lighter, under Back and Lay', () => {
    const { view } = renderTable(exchangeTable(eventMarket('MATCH_ODDS'), book()));
    const row = rowOf('Mumbai Mavericks');
    const best = [
      within(row).getByRole('button', { name: 'Back 1.9' }),
      within(row).getByRole('button', { name: 'Lay 1.92' }),
    ];
    const deep = ['Back 1.88', 'Back 1.89', 'Lay 1.93', 'Lay 1.95'].map((name) =>
      within(row).getByRole('button', { name }),
    );
    const deepClass = deep[0]!.className.split(' ').at(-1)!;
    expect(deep.every((cell) => cell.classList.contains(deepClass))).toBe(true);
    expect(best.some((cell) => cell.classList.contains(deepClass))).toBe(false);
    // The headers: blanks over the deeper levels, Back and Lay over the best.
    const pair = view.container.querySelector('[aria-hidden="true"]')!.children[1]!;
    const headers = [...pair.querySelectorAll('span')].filter((cell) => cell.children.length === 0);
    expect(headers.map((cell) => cell.textContent)).toEqual(['', '', 'Back', 'Lay', '', '']);
  });

  it('opens the slip at the price of whichever level is clicked, and marks that cell pressed', () => {
    const { onSelect } = renderTable(exchangeTable(eventMarket('MATCH_ODDS'), book()));
    const row = rowOf('Mumbai Mavericks');
    const cell = (name: string) => within(row).getByRole('button', { name });
    const pressed = () =>
      within(row)
        .getAllByRole('button', { pressed: true })
        .map((button) => nameOf(button));
    fireEvent.click(cell('Back 1.88'));
    expect(onSelect).toHaveBeenLastCalledWith(
      expect.objectContaining({
        marketId: `1.${EVENT}`,
        selectionId: String(HOME),
        betType: 'Back',
        odds: 1.88,
        price: 0,
      }),
      expect.any(String),
    );
    expect(pressed()).toEqual(['Back 1.88']);
    fireEvent.click(cell('Lay 1.95'));
    expect(onSelect).toHaveBeenLastCalledWith(
      expect.objectContaining({ betType: 'Lay', odds: 1.95 }),
      expect.any(String),
    );
    expect(pressed()).toEqual(['Lay 1.95']);
    fireEvent.click(cell('Lay 1.92'));
    expect(pressed()).toEqual(['Lay 1.92']);
    expect(onSelect).toHaveBeenCalledTimes(3);
  });

  it('renders nothing on a click: the chosen cell shows pressed in place, the table follows after the paint', async () => {
    const choice = createBetChoice();
    const onRender = vi.fn();
    render(
      <Profiler id="table" onRender={onRender}>
        <MarketTable
          board={fixedSource(tableBoard(exchangeTable(eventMarket('MATCH_ODDS'), book())))}
          isEventOpen
          book={undefined}
          context={{ sportsId: 4, eventId: EVENT, choice }}
          onOpenBook={() => {}}
        />
      </Profiler>,
    );
    const row = rowOf('Mumbai Mavericks');
    const back = within(row).getByRole('button', { name: 'Back 1.9' });
    const lay = within(row).getByRole('button', { name: 'Lay 1.92' });
    onRender.mockClear();
    fireEvent.click(back);
    expect(back.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(lay);
    expect([back, lay].map((cell) => cell.getAttribute('aria-pressed'))).toEqual(['false', 'true']);
    expect(onRender).not.toHaveBeenCalled();
    // The table reads the choice one paint late (its what-if figures wait for a stake).
    await waitFor(() => expect(onRender).toHaveBeenCalled());
    expect(lay.getAttribute('aria-pressed')).toBe('true');
  });

  it('covers all six cells of a suspended runner with one band and takes no click', () => {
    const { onSelect } = renderTable(exchangeTable(eventMarket('MATCH_ODDS'), book('SUSPENDED')));
    const row = rowOf('Mumbai Mavericks');
    const band = within(row).getByTestId('suspended-band');
    expect(band.textContent).toBe('SUSPENDED');
    // The band lies over the cells' container, which holds every level of both sides.
    expect(band.parentElement?.querySelectorAll('button')).toHaveLength(6);
    for (const cell of within(row).getAllByRole('button')) {
      expect(cell).toHaveProperty('disabled', true);
      fireEvent.click(cell);
    }
    expect(onSelect).not.toHaveBeenCalled();
    expect(within(rowOf('Chennai Chargers')).queryByTestId('suspended-band')).toBeNull();
  });

  it('keeps one back and one lay for the toss', () => {
    renderTable(exchangeTable(eventMarket('TOSS'), book()));
    expect(cellsOf('Mumbai Mavericks')).toEqual(['Back 1.9', 'Lay 1.92']);
    expect(screen.queryAllByRole('button', { name: 'Back 1.88' })).toHaveLength(0);
  });

  it('shows the best level only when a match odds table is given depth 1', () => {
    renderTable(exchangeTable(eventMarket('MATCH_ODDS'), book()), { depth: 1 });
    expect(cellsOf('Chennai Chargers')).toEqual(['Back 2.06', 'Lay 2.1']);
  });
});

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

describe('a price tick', () => {
  const market = eventMarket('MATCH_ODDS');

  function renderTicking() {
    const board = tickingBoard(exchangeTable(market, book()));
    const onRender = vi.fn();
    render(
      <Profiler id="table" onRender={onRender}>
        <MarketTable
          board={board}
          isEventOpen
          book={undefined}
          context={{ sportsId: 4, eventId: EVENT, choice: createBetChoice() }}
          onOpenBook={() => {}}
        />
      </Profiler>,
    );
    onRender.mockClear();
    return { board, onRender };
  }

  it('writes the new price and size into the changed cell and renders no row and no table', () => {
    const { board, onRender } = renderTicking();
    const away = rowOf('Chennai Chargers');
    const awayCells = cellsOf('Chennai Chargers');
    act(() => board.tick(exchangeTable(market, book('ACTIVE', level(1.91, 13_000)))));
    expect(onRender).not.toHaveBeenCalled();
    expect(cellsOf('Mumbai Mavericks')).toEqual([
      'Back 1.88',
      'Back 1.89',
      'Back 1.91',
      'Lay 1.92',
      'Lay 1.93',
      'Lay 1.95',
    ]);
    const best = within(rowOf('Mumbai Mavericks')).getByRole('button', { name: 'Back 1.91' });
    expect(
      ['odds-price', 'odds-size'].map((id) => within(best).getByTestId(id).textContent),
    ).toEqual(['1.91', '13K']);
    // The other runner's row is the same row, untouched.
    expect(rowOf('Chennai Chargers')).toBe(away);
    expect(cellsOf('Chennai Chargers')).toEqual(awayCells);
  });

  it('renders the cell alone when its price goes and comes back: unpriced, it takes no click', () => {
    const { board, onRender } = renderTicking();
    act(() => board.tick(exchangeTable(market, book('ACTIVE', level(0, 0)))));
    expect(onRender).toHaveBeenCalled();
    const none = within(rowOf('Mumbai Mavericks')).getByRole('button', { name: 'Back: none' });
    expect(none).toHaveProperty('disabled', true);
    act(() => board.tick(exchangeTable(market, book('ACTIVE', level(1.92, 500)))));
    expect(
      within(rowOf('Mumbai Mavericks')).getByRole('button', { name: 'Back 1.92' }),
    ).toHaveProperty('disabled', false);
  });
});

describe('what-if while a stake is typed', () => {
  const market = eventMarket('MATCH_ODDS');
  const DRAW = EVENT * 10 + 3;
  /** The client's book on the market: the server's figures in rupees, by selection id. */
  const BOOK = new Map([
    [HOME, 900],
    [AWAY, -1000],
  ]);

  function renderWhatIf(
    table: TableMarket,
    book: ReadonlyMap<number, number> | undefined,
    choice: BetChoiceStore = createBetChoice(),
  ) {
    const onRender = vi.fn();
    render(
      <Profiler id="table" onRender={onRender}>
        <MarketTable
          board={fixedSource(tableBoard(table))}
          isEventOpen
          book={book}
          context={{ sportsId: 4, eventId: EVENT, choice }}
          onOpenBook={() => {}}
        />
      </Profiler>,
    );
    /** Clicks a cell of a runner, as the client chooses a price. */
    const choose = (name: string, cell: string) =>
      fireEvent.click(within(rowOf(name)).getByRole('button', { name: cell }));
    /** The slip's stake, as the slip reports it on each keystroke. */
    const type = (stake: number) => act(() => choice.setStake(choice.read()!.selection, stake));
    return { choice, choose, type, onRender };
  }

  /** Per runner: its name, its book figure and its what-if figure with their tones. */
  const figures = () =>
    screen.getAllByTestId('runner-row').map((row) => {
      const whatIf = within(row).queryByTestId('what-if');
      const book = within(row).queryByRole('button', { name: /^Book of / });
      return [
        row.querySelector('span')?.textContent,
        book && `${book.textContent} ${book.getAttribute('data-tone')}`,
        whatIf && `${whatIf.textContent} ${whatIf.getAttribute('data-tone')}`,
      ];
    });

  it('shows each runner its book after a back, on every stake typed, and nothing at 0', async () => {
    const { choose, type } = renderWhatIf(exchangeTable(market, book()), BOOK);
    choose('Mumbai Mavericks', 'Back 1.9');
    expect(screen.queryAllByTestId('what-if')).toEqual([]);
    type(1000);
    // Back 1.90 × ₹1,000: +₹900 if Mumbai wins, −₹1,000 otherwise.
    await waitFor(() =>
      expect(figures()).toEqual([
        ['Mumbai Mavericks', '900.00 positive', '» 1,800.00 positive'],
        ['Chennai Chargers', '-1,000.00 negative', '» -2,000.00 negative'],
      ]),
    );
    type(1234);
    // 0.9 × 1,234 = ₹1,110.60, rounded to ₹1,111.
    await waitFor(() =>
      expect(figures()).toEqual([
        ['Mumbai Mavericks', '900.00 positive', '» 2,011.00 positive'],
        ['Chennai Chargers', '-1,000.00 negative', '» -2,234.00 negative'],
      ]),
    );
    type(0);
    await waitFor(() => expect(screen.queryAllByTestId('what-if')).toEqual([]));
  });

  it('shows a lay at a deeper level: its liability on its runner, its stake won on the other', async () => {
    const { choice, choose, type } = renderWhatIf(exchangeTable(market, book()), BOOK);
    choose('Mumbai Mavericks', 'Lay 1.95');
    type(500);
    // Lay 1.95 × ₹500: liability 0.95 × 500 = ₹475.
    await waitFor(() =>
      expect(figures()).toEqual([
        ['Mumbai Mavericks', '900.00 positive', '» 425.00 positive'],
        ['Chennai Chargers', '-1,000.00 negative', '» -500.00 negative'],
      ]),
    );
    act(() => choice.close(choice.read()!.selection));
    await waitFor(() => expect(screen.queryAllByTestId('what-if')).toEqual([]));
  });

  it('shows the figure alone on a market with no book yet', async () => {
    const { choose, type } = renderWhatIf(exchangeTable(market, book()), undefined);
    choose('Chennai Chargers', 'Back 2.06');
    type(100);
    // Back 2.06 × ₹100: +₹106.
    await waitFor(() =>
      expect(figures()).toEqual([
        ['Mumbai Mavericks', null, '» -100.00 negative'],
        ['Chennai Chargers', null, '» 106.00 positive'],
      ]),
    );
  });

  it('moves every runner of a three-runner market', async () => {
    const three = {
      ...market,
      runners: [
        ...market.runners,
        { selectionId: DRAW, RunnerName: 'The Draw', status: 'ACTIVE', marketId: `1.${EVENT}` },
      ],
    };
    const priced = book();
    const withDraw = priced && {
      ...priced,
      runners: [
        ...priced.runners,
        {
          selectionId: DRAW,
          status: 'ACTIVE',
          back: level(3.35, 500),
          lay: level(3.4, 500),
          backs: [level(3.35, 500)],
          lays: [level(3.4, 500)],
        },
      ],
    };
    const { choose, type } = renderWhatIf(
      exchangeTable(three, withDraw),
      new Map([...BOOK, [DRAW, 250.5]]),
    );
    choose('The Draw', 'Back 3.35');
    type(777);
    // 2.35 × 777 = ₹1,825.95, rounded to ₹1,826; shown home, draw, away.
    await waitFor(() =>
      expect(figures()).toEqual([
        ['Mumbai Mavericks', '900.00 positive', '» 123.00 positive'],
        ['The Draw', '250.50 positive', '» 2,076.50 positive'],
        ['Chennai Chargers', '-1,000.00 negative', '» -1,777.00 negative'],
      ]),
    );
  });

  it('shows a bookmaker bet at odds per 100, to the paisa', async () => {
    const bookmakerMarket = {
      ...eventMarket('BOOKMAKER'),
      MarketId: `${EVENT}B`,
      MarketName: 'Bookmaker',
    };
    const rows = [HOME, AWAY].map((selectionId, i) => ({
      MarketId: `${EVENT}B`,
      selectionId,
      RunnerName: i === 0 ? 'Mumbai Mavericks' : 'Chennai Chargers',
      status: 'ACTIVE',
      BackPrice1: i === 0 ? 45 : 110,
      BackSize1: 100_000,
      LayPrice1: i === 0 ? 50 : 115,
      LaySize1: 100_000,
    }));
    const { choose, type } = renderWhatIf(bookmakerTable(bookmakerMarket, rows, []), BOOK);
    choose('Mumbai Mavericks', 'Lay 50');
    type(333);
    // Lay 50 per 100 × ₹333: liability ₹166.50.
    await waitFor(() =>
      expect(figures()).toEqual([
        ['Mumbai Mavericks', '900.00 positive', '» 733.50 positive'],
        ['Chennai Chargers', '-1,000.00 negative', '» -667.00 negative'],
      ]),
    );
  });

  it('suspends the runners an operator added when the feed suspended the whole bookmaker', () => {
    const bookmakerMarket = {
      ...eventMarket('BOOKMAKER'),
      MarketId: `${EVENT}B`,
      MarketName: 'Bookmaker',
    };
    const feedRow = (selectionId: number, status: string) => ({
      MarketId: `${EVENT}B`,
      selectionId,
      RunnerName: String(selectionId),
      status,
      BackPrice1: 45,
      BackSize1: 100_000,
      LayPrice1: 50,
      LaySize1: 100_000,
    });
    const added = {
      ...feedRow(EVENT * 10 + 9, 'ACTIVE'),
      RunnerName: 'The Draw',
      IsCustome: true,
      IsActive: false,
    };
    const statuses = (feedStatus: string) =>
      bookmakerTable(
        bookmakerMarket,
        [feedRow(HOME, feedStatus), feedRow(AWAY, feedStatus)],
        [added],
      ).runners.map((runner) => [runner.name, runner.status]);
    expect(statuses('SUSPENDED')).toContainEqual(['The Draw', 'SUSPENDED']);
    expect(statuses('ACTIVE')).toContainEqual(['The Draw', 'ACTIVE']);
  });

  it('renders no table for a stake typed on another market', () => {
    const choice = createBetChoice();
    const { onRender } = renderWhatIf(exchangeTable(market, book()), BOOK, choice);
    const toss = {
      sportsId: 4,
      eventId: EVENT,
      marketId: `${EVENT}T`,
      marketName: 'Toss',
      marketType: 'TOSS' as const,
      selectionId: String(HOME),
      runnerName: 'Mumbai Mavericks',
      betType: 'Back' as const,
      odds: 1.95,
      price: 0,
      minStake: 100,
      maxStake: 1000,
    };
    act(() => choice.choose(toss, 'toss-cell'));
    onRender.mockClear();
    act(() => choice.setStake(toss, 500));
    expect(onRender).not.toHaveBeenCalled();
    expect(screen.queryAllByTestId('what-if')).toEqual([]);
  });
});
