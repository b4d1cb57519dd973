import type { FancyBoard, TableBoard } from './market-model';
import type { PriceSource } from './price-source';

/**
 * Price changes said to a screen reader, for the market that holds the keyboard focus only: a
 * screen of a dozen markets ticking several times a second would otherwise talk without end.
 * The announcer follows the same price sources the cells follow (price-source.ts), so it renders
 * nothing; it looks at a market only while the focus is in it.
 */

/** What a market's prices say, row by row (selection id → "Lions back 1.95, lay 1.96"). */
export type PriceWords = ReadonlyMap<string, string>;

/** At most one announcement per market in this many ms; what changes meanwhile waits for it. */
export const ANNOUNCE_GAP_MS = 2000;

const said = (price: number | string | undefined) =>
  price === undefined || price === 0 || price === '' ? 'none' : String(price);

/** A market table's rows: the runner and its best back and lay. */
export function tableWords(board: TableBoard): PriceWords {
  return new Map(
    board.table.runners.map((runner) => [
      runner.selectionId,
      `${runner.name} back ${said(runner.back?.price)}, lay ${said(runner.lay?.price)}`,
    ]),
  );
}

/** The fancy rows: the session and its No and Yes lines. */
export function fancyWords(board: FancyBoard): PriceWords {
  return new Map(
    board.rows.map((row) => [
      row.SelectionId,
      `${row.RunnerName} no ${said(row.LayPrice1)}, yes ${said(row.BackPrice1)}`,
    ]),
  );
}

/** The rows of `next` whose words differ from `previous`, in `next`'s order. */
export function changedWords(previous: PriceWords, next: PriceWords): string[] {
  return [...next].filter(([id, words]) => previous.get(id) !== words).map(([, words]) => words);
}

/** A source's value as words, the same map until the value changes. */
export function wordsOf<T>(source: PriceSource<T>, words: (value: T) => PriceWords) {
  let held: { value: T; words: PriceWords } | undefined;
  return {
    subscribe: source.subscribe,
    read: () => {
      const value = source.read();
      if (held?.value !== value) held = { value, words: words(value) };
      return held.words;
    },
  } satisfies PriceSource<PriceWords>;
}

/** A market the announcer can follow: its id (the section's `data-market-id`) and its prices. */
export interface AnnouncedMarket {
  readonly marketId: string;
  readonly prices: PriceSource<PriceWords>;
}

/** Time as the announcer reads it (ms) and its timer: injected, so a test drives them. */
export interface AnnounceClock {
  readonly now: () => number;
  readonly setTimeout: (run: () => void, ms: number) => unknown;
  readonly clearTimeout: (timer: unknown) => void;
}

export const SYSTEM_CLOCK: AnnounceClock = {
  now: () => performance.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
};

/**
 * Follows one market at a time (`follow`; null: none, silent) and calls `say` with the rows whose
 * prices changed ("Lions back 1.95, lay 1.96; Tigers back 2.06, lay 2.1"). Entering a market says
 * nothing (its cells name their prices); a change within {@link ANNOUNCE_GAP_MS} of the market's
 * last announcement waits for the end of the gap and is said then, with whatever changed
 * meanwhile, unless the focus left the market first.
 */
export function createPriceAnnouncer({
  clock,
  say,
}: {
  clock: AnnounceClock;
  say: (text: string) => void;
}) {
  const lastSaid = new Map<string, number>();
  let followed: {
    market: AnnouncedMarket;
    heard: PriceWords;
    stop: () => void;
    timer: unknown;
  } | null = null;

  const sayChanges = () => {
    if (followed === null) return;
    followed.timer = undefined;
    const now = followed.market.prices.read();
    const changes = changedWords(followed.heard, now);
    if (changes.length === 0) return;
    say(changes.join('; '));
    followed.heard = now;
    lastSaid.set(followed.market.marketId, clock.now());
  };

  const hear = () => {
    if (followed === null || followed.timer !== undefined) return;
    const last = lastSaid.get(followed.market.marketId);
    const wait = last === undefined ? 0 : last + ANNOUNCE_GAP_MS - clock.now();
    if (wait <= 0) sayChanges();
    else followed.timer = clock.setTimeout(sayChanges, wait);
  };

  const unfollow = () => {
    if (followed === null) return;
    if (followed.timer !== undefined) clock.clearTimeout(followed.timer);
    followed.stop();
    followed = null;
  };

  return {
    follow(market: AnnouncedMarket | null) {
      if (followed?.market === market) return;
      unfollow();
      if (market === null) return;
      const stop = market.prices.subscribe(hear);
      followed = { market, heard: market.prices.read(), stop, timer: undefined };
    },
    stop: unfollow,
  };
}
