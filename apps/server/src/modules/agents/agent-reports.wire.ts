import type * as api from '@backlay/contract/agents';
import { paiseToRupees, type Paise } from '@backlay/domain';
import type { z } from 'zod';
import { rupeesWire } from '../../money.js';
import { oddsWire } from '../bets/bets.wire.js';
import type { BookFigures, SubtreeBook } from './agent-book.js';
import type { OpenBetRow } from './agent-book.queries.js';
import type { AgentStatement, BookUsersAnswer } from './agent-reports.js';
import type { CommissionLine, CommissionSums, PlSums } from '../wallet/wallet.service.js';

/* The agent network's reads on the wire (docs/agents.md#reads): rupees, ids as the contract names them. */

type Result<E extends { response: z.ZodType }> =
  Extract<z.input<E['response']>, { Status: true }> extends { Result: infer R } ? R : never;

export function plFiguresWire(sums: PlSums) {
  return {
    clientResult: rupeesWire(sums.clientResultPaise),
    myShare: rupeesWire(sums.mySharePaise),
    commission: rupeesWire(sums.commissionPaise),
    myCommission: rupeesWire(sums.myCommissionPaise),
    myNet: rupeesWire(sums.mySharePaise + sums.myCommissionPaise),
  };
}

const figuresWire = (figures: BookFigures) => ({
  downline: paiseToRupees(figures.downline),
  mine: paiseToRupees(figures.mine),
});

export function bookWire(book: SubtreeBook): Result<typeof api.agentBook> {
  return {
    at: book.at.toISOString(),
    markets: book.markets.map((market) => ({
      eventId: market.target.event.eventId,
      eventName: market.target.event.name,
      marketId: market.target.marketId,
      marketName: market.target.name,
      marketType: market.target.marketType,
      runners: market.runners.map((runner) => ({
        selectionId: runner.selectionId,
        name: runner.name,
        ...figuresWire(runner),
      })),
      downlineExposure: paiseToRupees(market.downlineExposure),
      myExposure: paiseToRupees(market.myExposure),
      openBets: market.openBets,
    })),
    fancy: book.fancy.map((session) => ({
      eventId: session.target.event.eventId,
      eventName: session.target.event.name,
      selectionId: session.target.selectionId,
      name: session.target.name,
      ladder: session.ladder.map((rung) => ({ runs: rung.runs, ...figuresWire(rung) })),
      downlineExposure: paiseToRupees(session.downlineExposure),
      myExposure: paiseToRupees(session.myExposure),
      openBets: session.openBets,
    })),
  };
}

const rupeesOf = (amounts: readonly Paise[]) => amounts.map(paiseToRupees);

export function bookUsersWire(answer: BookUsersAnswer): Result<typeof api.agentBookUsers> {
  return {
    eventId: answer.eventId,
    eventName: answer.eventName,
    marketId: answer.marketId,
    marketName: answer.marketName,
    marketType: answer.marketType,
    runners: answer.runners.map((runner) => ({
      selectionId: runner.selectionId,
      name: runner.name,
    })),
    runs: [...answer.runs],
    users: answer.users.map((user) => ({
      userName: user.userName,
      level: user.level,
      pL: rupeesOf(user.pL),
      myTake: rupeesOf(user.myTake),
    })),
    total: { pL: rupeesOf(answer.total.pL), myTake: rupeesOf(answer.total.myTake) },
  };
}

export function openBetWire(bet: OpenBetRow): Result<typeof api.agentBets>['bets'][number] {
  return {
    betId: bet.betId,
    username: bet.username,
    eventId: Number(bet.eventId),
    eventName: bet.eventName,
    marketId: bet.marketId,
    marketName: bet.marketName,
    marketType: bet.marketType,
    selectionId: bet.selectionId,
    selectionName: bet.selectionName,
    side: bet.betType,
    odds: oddsWire(bet.marketType, bet.odds),
    price: bet.price,
    stake: bet.stake,
    liability: rupeesWire(bet.liabilityPaise),
    placedAt: bet.placedAt.toISOString(),
  };
}

export function statementWire(statement: AgentStatement): Result<typeof api.agentStatement> {
  return {
    username: statement.username,
    level: statement.level,
    openBalance: rupeesWire(statement.openPaise),
    closeBalance: rupeesWire(statement.closePaise),
    total: statement.total,
    rows: statement.rows.map((row) => ({
      at: row.at.toISOString(),
      kind: row.kind,
      amount: rupeesWire(row.amountPaise),
      balance: rupeesWire(row.balancePaise),
      remark: row.remark,
      description: row.description,
      eventId: row.eventId === null ? null : Number(row.eventId),
      marketId: row.marketId,
      marketType: row.marketType,
    })),
  };
}

export function commissionWire(report: {
  total: number;
  totals: CommissionSums;
  rows: readonly CommissionLine[];
}): Result<typeof api.agentCommissionReport> {
  return {
    total: report.total,
    totals: {
      match: rupeesWire(report.totals.matchPaise),
      session: rupeesWire(report.totals.sessionPaise),
      myBearing: rupeesWire(report.totals.myBearingPaise),
    },
    clients: report.rows.map((row) => ({
      username: row.username,
      parent: row.parent,
      match: rupeesWire(row.matchPaise),
      session: rupeesWire(row.sessionPaise),
      myBearing: rupeesWire(row.myBearingPaise),
    })),
  };
}
