import type { PriceBook } from '../feed/price-book.js';
import { MATCH_SIXES_SUFFIX } from '../feed/simulator/index.js';
import type { FeedEventSpec, FeedUpdate } from '../feed/types.js';
import type { MarketsService, OperatorOutcome } from '../modules/markets/markets.service.js';
import type { Clock } from '../seams.js';

/**
 * The demo desk (README, "Live markets"): with the demo data and the simulator, a pretend operator
 * works every new cricket match the way a real one does, through the same operator commands, so
 * that the custom fancy, custom bookmaker and active fancy lists and their screens show something.
 *
 * - The match-sixes session is the house's pre-match special: a custom row (own prices, own
 *   limits) open at the feed's pre-match line until the start, then SUSPENDED for the match; the
 *   simulator declares its result at the end like any session.
 * - The home side's bookmaker runner carries the house's opening line (a custom row, active)
 *   until the start; from the start the feed's prices apply again (the row stays, inactive).
 * - The first 20-over session is an active row with its own, lower stake limit.
 *
 * Lines and rates are the feed's at that moment: the desk never prices anything itself.
 */

/** Whole rupees: the house special's and the active row's own limits. */
export const SPECIAL_LIMITS = { min: 100, max: 10_000 } as const;
export const ACTIVE_ROW_LIMITS = { min: 100, max: 25_000 } as const;

const CRICKET = 4;

export interface DemoDesk {
  /** Hears every applied feed batch (after the feed's own listeners). */
  (updates: readonly FeedUpdate[]): Promise<void>;
}

export function createDemoDesk(deps: {
  markets: Pick<
    MarketsService,
    'setCustomFancy' | 'setCustomBookmaker' | 'customFancy' | 'customBookmaker'
  >;
  priceBook: PriceBook;
  clock: Clock;
  /** Gives open screens of the event its changed parts (hub/market-pushes.ts `event`). */
  announce: (eventId: number) => void;
  log: (message: string) => void;
}): DemoDesk {
  const { markets, priceBook, clock, log } = deps;
  const report = (outcome: OperatorOutcome) => {
    if (!outcome.ok) log(`demo desk: ${outcome.message}`);
  };

  async function openMatch(event: FeedEventSpec, isInPlay: boolean): Promise<void> {
    const { eventId, fancy } = event;
    const at = clock.now().getTime();
    const quoteOf = (selectionId: string) =>
      priceBook.fancy(eventId, at)?.rows.find((row) => row.selectionId === selectionId);
    const special = fancy.find((row) => row.name.endsWith(MATCH_SIXES_SUFFIX));
    const quote = special && quoteOf(special.selectionId);
    if (special && quote) {
      report(
        await markets.setCustomFancy({
          eventId,
          selectionId: special.selectionId,
          runnerName: special.name,
          isCustome: true,
          isActive: true,
          backPrice: quote.yesLine,
          backSize: quote.yesRate,
          layPrice: quote.noLine,
          laySize: quote.noRate,
          gameStatus: isInPlay ? 'SUSPENDED' : '',
          ...SPECIAL_LIMITS,
        }),
      );
    }
    const lambi = fancy.find((row) => row.name.startsWith('20 over runs '));
    if (lambi) {
      const row = quoteOf(lambi.selectionId);
      report(
        await markets.setCustomFancy({
          eventId,
          selectionId: lambi.selectionId,
          runnerName: lambi.name,
          isCustome: false,
          isActive: true,
          backPrice: row?.yesLine ?? 0,
          backSize: row?.yesRate ?? 0,
          layPrice: row?.noLine ?? 0,
          laySize: row?.noRate ?? 0,
          gameStatus: '',
          ...ACTIVE_ROW_LIMITS,
        }),
      );
    }
    const spec = event.markets.find((market) => market.marketType === 'BOOKMAKER');
    const runner = spec?.runners[0];
    const book = spec && priceBook.market(spec.marketId, at);
    const homeQuote = book?.status === 'ACTIVE' ? book.runners[0] : undefined;
    const [back, lay] = [homeQuote?.back[0], homeQuote?.lay[0]];
    if (spec && runner && back && lay) {
      report(
        await markets.setCustomBookmaker({
          marketId: spec.marketId,
          selectionId: runner.selectionId,
          runnerName: runner.name,
          isCustome: true,
          isActive: !isInPlay,
          status: 'ACTIVE',
          backPrice: back.price,
          backSize: back.size,
          layPrice: lay.price,
          laySize: lay.size,
        }),
      );
    }
  }

  /** At the start: the special suspends and the feed takes the bookmaker back. */
  async function startMatch(eventId: number): Promise<boolean> {
    const specials = (await markets.customFancy(eventId, 'custom')).filter((row) =>
      row.runnerName.endsWith(MATCH_SIXES_SUFFIX),
    );
    const lines = (await markets.customBookmaker(`${eventId}B`)).filter((row) => row.isActive);
    if (specials.length === 0 && lines.length === 0) return false;
    for (const row of specials) {
      report(
        await markets.setCustomFancy({
          eventId,
          selectionId: row.selectionId,
          runnerName: row.runnerName,
          isCustome: row.isCustom,
          isActive: row.isActive,
          backPrice: row.backPrice,
          backSize: row.backSize,
          layPrice: row.layPrice,
          laySize: row.laySize,
          gameStatus: 'SUSPENDED',
          min: row.min,
          max: row.max,
        }),
      );
    }
    for (const row of lines) {
      report(
        await markets.setCustomBookmaker({
          marketId: row.marketId,
          selectionId: row.selectionId,
          runnerName: row.runnerName,
          isCustome: row.isCustom,
          isActive: false,
          status: 'ACTIVE',
          backPrice: row.backPrice,
          backSize: row.backSize,
          layPrice: row.layPrice,
          laySize: row.laySize,
        }),
      );
    }
    return true;
  }

  return async (updates) => {
    const statuses = new Map<number, string>();
    for (const update of updates) {
      if (update.kind === 'eventStatus') statuses.set(update.eventId, update.status);
    }
    for (const update of updates) {
      if (update.kind === 'event' && update.event.sportId === CRICKET) {
        const { eventId } = update.event;
        await openMatch(update.event, statuses.get(eventId) === 'inplay');
        statuses.delete(eventId);
        deps.announce(eventId);
      }
    }
    for (const [eventId, status] of statuses) {
      if (status === 'inplay' && (await startMatch(eventId))) deps.announce(eventId);
    }
  };
}
