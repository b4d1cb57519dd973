import type { boEvent, riskBook } from '@backlay/contract/backoffice';
import { paiseToRupees } from '@backlay/domain';
import type { z } from 'zod';
import type { BoEventRow, BoFancyRow, BoMarketRow } from './risk.queries.js';
import type { ClientBook, HouseBook } from './risk-book.js';

export type RiskBookResult = Extract<z.infer<typeof riskBook.response>, { Status: true }>['Result'];
export type BoEvent = z.infer<typeof boEvent>;

function clientWire(book: ClientBook) {
  return {
    clientId: book.clientId,
    username: book.username,
    exposure: paiseToRupees(book.exposure),
    best: paiseToRupees(book.best),
  };
}

/** The house's book on the wire: rupees, ids as the contract names them. */
export function riskBookWire(book: HouseBook): RiskBookResult {
  return {
    at: book.at.toISOString(),
    markets: book.markets.map((market) => ({
      eventId: market.target.event.eventId,
      eventName: market.target.event.name,
      sportId: market.target.event.sportId,
      marketId: market.target.marketId,
      marketName: market.target.name,
      status: market.target.status,
      runners: market.runners.map((runner) => ({
        selectionId: runner.selectionId,
        name: runner.name,
        house: paiseToRupees(runner.house),
      })),
      houseExposure: paiseToRupees(market.houseExposure),
      openBets: market.openBets,
      topClients: market.topClients.map(clientWire),
    })),
    fancy: book.fancy.map((session) => ({
      eventId: session.target.event.eventId,
      eventName: session.target.event.name,
      selectionId: session.target.selectionId,
      name: session.target.name,
      ladder: session.ladder.map((rung) => ({ runs: rung.runs, house: paiseToRupees(rung.house) })),
      houseExposure: paiseToRupees(session.houseExposure),
      openBets: session.openBets,
      topClients: session.topClients.map(clientWire),
    })),
    matka: book.matka.map((market) => ({
      eventId: Number(market.gameId),
      mid: Number(market.mid),
      game: market.game,
      status: market.status,
      closeAt: market.closesAt.toISOString(),
      staked: paiseToRupees(market.staked),
      worstNumber: market.worstNumber,
      houseIfWorst: paiseToRupees(market.houseIfWorst),
      houseExposure: paiseToRupees(market.houseExposure),
      openBets: market.openBets,
      topClients: market.topClients.map(clientWire),
    })),
    casino: book.casino.map((game) => ({
      gameId: game.gameId,
      game: game.game,
      openRounds: game.openRounds,
      stakeHeld: paiseToRupees(game.stakeHeld),
    })),
    sportsExposure: paiseToRupees(book.sportsExposure),
    matkaExposure: paiseToRupees(book.matkaExposure),
    casinoExposure: paiseToRupees(book.casinoExposure),
    totalExposure: paiseToRupees(book.totalExposure),
  };
}

/** The events with their markets (runners folded in) and fancy rows; no settlement is 'none'. */
export function boEventsWire(
  events: readonly BoEventRow[],
  markets: readonly BoMarketRow[],
  fancy: readonly BoFancyRow[],
): BoEvent[] {
  const marketsOf = new Map<string, BoEvent['markets']>();
  const byId = new Map<string, BoEvent['markets'][number]>();
  for (const row of markets) {
    let market = byId.get(row.marketId);
    if (!market) {
      market = {
        marketId: row.marketId,
        name: row.name,
        status: row.status,
        isSuspendedByOperator: row.isSuspendedByOperator,
        settlement: row.settlement ?? 'none',
        runners: [],
      };
      byId.set(row.marketId, market);
      const list = marketsOf.get(row.eventId) ?? [];
      list.push(market);
      marketsOf.set(row.eventId, list);
    }
    if (row.selectionId !== null && row.runnerName !== null) {
      market.runners.push({ selectionId: row.selectionId, name: row.runnerName });
    }
  }
  const fancyOf = new Map<string, BoEvent['fancy']>();
  for (const row of fancy) {
    const list = fancyOf.get(row.eventId) ?? [];
    list.push({
      selectionId: row.selectionId,
      name: row.name,
      isCustom: row.isCustom,
      settlement: row.settlement ?? 'none',
    });
    fancyOf.set(row.eventId, list);
  }
  return events.map((event) => ({
    eventId: Number(event.eventId),
    sportId: event.sportId,
    seriesName: event.seriesName,
    name: event.name,
    status: event.status,
    startTime: event.startTime.toISOString(),
    isLocked: event.isLocked,
    markets: marketsOf.get(event.eventId) ?? [],
    fancy: fancyOf.get(event.eventId) ?? [],
  }));
}
