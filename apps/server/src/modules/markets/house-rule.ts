import {
  bookmakerBreaches,
  bookmakerRowPrices,
  bookmakerRowsAssemble,
  type BookmakerRow,
  type HouseMargins,
  type QuoteBreach,
} from '@backlay/domain';
import { quotePrices, type MarketBook, type PriceBook } from '../../feed/price-book.js';
import type { EventFacts, MarketFacts } from './catalog.js';
import type { CustomBookmakerRow } from './markets.queries.js';

/*
 * The house's rule on what the operator adds to the feed (packages/domain/README.md, "House margins"): the
 * PriceBook holds the feed's quotes to it; the custom bookmaker rows laid over them are judged
 * here, as a bettor sees the market, when an operator saves one and when a bet comes.
 */

/**
 * The bookmaker's rows as a bettor sees them: the feed's runners (no price while the feed has
 * none) with the operator's custom rows over them, as the domain's `bookmakerRowsAssemble` lays them.
 */
export function bookmakerRowsShown(
  marketId: string,
  market: MarketFacts,
  book: MarketBook | undefined,
  customRows: readonly CustomBookmakerRow[] = market.customBookmaker,
): BookmakerRow[] {
  const feedRows = market.runners.map((runner) => {
    const quote = book?.runners.find((each) => String(each.selectionId) === runner.selectionId);
    return {
      MarketId: marketId,
      selectionId: runner.selectionId,
      RunnerName: runner.name,
      status: book?.status === 'ACTIVE' ? (quote?.status ?? 'SUSPENDED') : 'SUSPENDED',
      BackPrice1: quote?.back[0]?.price ?? 0,
      BackSize1: quote?.back[0]?.size ?? 0,
      LayPrice1: quote?.lay[0]?.price ?? 0,
      LaySize1: quote?.lay[0]?.size ?? 0,
    };
  });
  return bookmakerRowsAssemble(
    feedRows,
    customRows.map((custom) => ({
      MarketId: custom.marketId,
      selectionId: String(custom.selectionId),
      RunnerName: custom.runnerName,
      status: custom.status,
      BackPrice1: custom.backPrice,
      BackSize1: custom.backSize,
      LayPrice1: custom.layPrice,
      LaySize1: custom.laySize,
      IsCustome: custom.isCustom,
      IsActive: custom.isActive,
    })),
  );
}

/** How bookmaker rows break the rule: alone, and against the event's match odds while open. */
export function bookmakerRowsBreaches(
  event: EventFacts,
  rows: readonly BookmakerRow[],
  priceBook: Pick<PriceBook, 'market'>,
  at: number,
  margins: HouseMargins,
): QuoteBreach[] {
  // The event's match odds by kind: its id is the provider's (docs/architecture.md identifiers).
  const matchOdds = [...event.markets.values()].find(
    (market) => market.marketType === 'MATCH_ODDS',
  );
  const book = matchOdds && priceBook.market(matchOdds.marketId, at);
  const exchange =
    matchOdds && book?.status === 'ACTIVE'
      ? quotePrices(
          book.runners,
          new Map(matchOdds.runners.map((runner) => [Number(runner.selectionId), runner.name])),
          false,
        )
      : null;
  return bookmakerBreaches(bookmakerRowPrices(rows), exchange, margins);
}

/**
 * The bookmaker's book as its screen reads it: SUSPENDED while the operator's custom rows over
 * the feed break the rule (the feed's own quote the PriceBook already judged).
 */
export function bookmakerBookShown(
  event: EventFacts | undefined,
  marketId: string,
  priceBook: Pick<PriceBook, 'market'>,
  at: number,
  margins: HouseMargins,
): MarketBook | undefined {
  const book = priceBook.market(marketId, at);
  const market = event?.markets.get(marketId);
  if (!event || !market || !book || book.status !== 'ACTIVE') return book;
  if (market.customBookmaker.length === 0) return book;
  const rows = bookmakerRowsShown(marketId, market, book);
  if (bookmakerRowsBreaches(event, rows, priceBook, at, margins).length === 0) return book;
  return { ...book, status: 'SUSPENDED', downAt: Math.max(book.downAt, at) };
}
