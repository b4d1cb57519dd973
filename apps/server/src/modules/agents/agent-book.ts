import {
  divideRoundHalfAwayFromZero,
  fancyBetOutcome,
  fancyLadder,
  marketBook,
  marketExposure,
  WHOLE_BP,
  type Paise,
} from '@backlay/domain';
import { byKey, exchangeBetOf, fancyBetOf, paiseOf } from '../risk/risk-book.js';
import type { ChildStake, SubtreeStake } from './agent-book.queries.js';
import type { AgentLevelAbove } from './agents.queries.js';

/*
 * The live book of a subtree (docs/agents.md#reads), pure: from the open bets summed by
 * agent-book.queries.ts, each outcome's result for the levels of the subtree together (the
 * clients' combined result negated) and for the actor's own take, with packages/domain's
 * `marketBook` and `fancyLadder` as the house's book (modules/risk) uses them.
 *
 * The actor's take of a position is the exact rational Σ −result × take / 10000 paise over the
 * bets, each by the take of its own version (docs/agents.md#units, #partnership). A book is a
 * forecast, not a booking: it is rounded once per outcome, half away from zero, with the domain's
 * rounding rule (docs/agents.md#reads), where a settlement splits by the largest remainder
 * (docs/agents.md#settlement-split); the two may differ by a paisa.
 */

export interface EventName {
  readonly eventId: number;
  readonly name: string;
  readonly startTime: Date;
}

export interface MarketTarget {
  readonly event: EventName;
  readonly marketId: string;
  readonly name: string;
  readonly marketType: string;
  /** Its place among its event's markets. */
  readonly order: number;
  readonly runners: readonly { readonly selectionId: string; readonly name: string }[];
}

export interface SessionTarget {
  readonly event: EventName;
  readonly selectionId: string;
  readonly name: string;
  readonly order: number;
}

export interface Targets {
  readonly markets: ReadonlyMap<string, MarketTarget>;
  readonly sessions: ReadonlyMap<string, SessionTarget>;
}

/** One outcome: what the subtree's levels win together, and what the actor wins. */
export interface BookFigures {
  readonly downline: Paise;
  readonly mine: Paise;
}

export interface BookMarket {
  readonly target: MarketTarget;
  readonly runners: readonly ({
    readonly selectionId: string;
    readonly name: string;
  } & BookFigures)[];
  readonly downlineExposure: Paise;
  readonly myExposure: Paise;
  readonly openBets: number;
}

export interface BookSession {
  readonly target: SessionTarget;
  /** From `runs` final runs up to the next rung's, where a figure changes. */
  readonly ladder: readonly ({ readonly runs: number } & BookFigures)[];
  readonly downlineExposure: Paise;
  readonly myExposure: Paise;
  readonly openBets: number;
}

export interface SubtreeBook {
  readonly at: Date;
  readonly markets: readonly BookMarket[];
  readonly fancy: readonly BookSession[];
}

/** The actor's take of a position: its exact numerator (paise × basis points) rounded once. */
function takeOf(numerator: number): Paise {
  if (!Number.isSafeInteger(numerator)) throw new Error(`take out of range: ${numerator}`);
  return paiseOf(divideRoundHalfAwayFromZero(numerator, WHOLE_BP));
}

const negate = (paise: number): Paise => paiseOf(0 - paise);

/** The clients' combined result per outcome and the actor's exact numerator of its take. */
interface Position {
  readonly clients: number[];
  readonly numerators: number[];
}

/** An exchange market's position on each runner of `selectionIds`. */
function marketPosition(
  selectionIds: readonly string[],
  stakes: readonly SubtreeStake[],
): Position {
  const clients = selectionIds.map(() => 0);
  const numerators = selectionIds.map(() => 0);
  for (const [takeBp, own] of byKey(stakes, (stake) => String(stake.takeBp))) {
    const book = marketBook(selectionIds, own.map(exchangeBetOf));
    book.forEach((runner, index) => {
      clients[index] = (clients[index] ?? 0) + runner.pl;
      numerators[index] = (numerators[index] ?? 0) - runner.pl * Number(takeBp);
    });
  }
  return { clients, numerators };
}

/** A fancy session's position at each final score of `runs`. */
function sessionPosition(runs: readonly number[], stakes: readonly SubtreeStake[]): Position {
  const bets = stakes.map((stake) => ({ bet: fancyBetOf(stake), takeBp: stake.takeBp }));
  const clients: number[] = [];
  const numerators: number[] = [];
  for (const total of runs) {
    let result = 0;
    let numerator = 0;
    for (const { bet, takeBp } of bets) {
      const outcome = fancyBetOutcome(bet, { kind: 'runs', runs: total });
      result += outcome;
      numerator -= outcome * takeBp;
    }
    clients.push(result);
    numerators.push(numerator);
  }
  return { clients, numerators };
}

/** Every final score where a session's result may change: the domain's ladder of its bets. */
const ladderRuns = (stakes: readonly SubtreeStake[]): number[] =>
  fancyLadder(stakes.map(fancyBetOf)).map((rung) => rung.RunValue);

const countBets = (stakes: readonly SubtreeStake[]) =>
  stakes.reduce((total, stake) => total + stake.bets, 0);

function figuresOf(position: Position): BookFigures[] {
  return position.clients.map((result, index) => ({
    downline: negate(result),
    mine: takeOf(position.numerators[index] ?? 0),
  }));
}

function exposures(figures: readonly BookFigures[]) {
  return {
    downlineExposure: marketExposure(figures.map((figure) => figure.downline)),
    myExposure: marketExposure(figures.map((figure) => figure.mine)),
  };
}

/** What the book shows of a position its tables no longer name: its ids, never a hidden risk. */
const unnamedEvent = (eventId: string): EventName => ({
  eventId: Number(eventId),
  name: `Event ${eventId}`,
  startTime: new Date(0),
});

export function marketTargetOf(targets: Targets, stakes: readonly SubtreeStake[]): MarketTarget {
  const first = stakes[0];
  const key = first?.positionKey ?? '';
  return (
    targets.markets.get(key) ?? {
      event: unnamedEvent(first?.eventId ?? '0'),
      marketId: key,
      name: key,
      marketType: first?.marketType ?? '',
      order: 0,
      runners: [...new Set(stakes.map((stake) => stake.selectionId))]
        .sort()
        .map((selectionId) => ({ selectionId, name: selectionId })),
    }
  );
}

export function sessionTargetOf(targets: Targets, stakes: readonly SubtreeStake[]): SessionTarget {
  const first = stakes[0];
  const key = first?.positionKey ?? '';
  return (
    targets.sessions.get(key) ?? {
      event: unnamedEvent(first?.eventId ?? '0'),
      selectionId: key,
      name: key,
      order: 0,
    }
  );
}

function eventOrder(a: EventName, b: EventName): number {
  return a.startTime.getTime() - b.startTime.getTime() || a.eventId - b.eventId;
}

/**
 * The book of a subtree on every market and fancy session with open bets: markets and sessions
 * by event start time, then in the event's order, so that a screen polling it keeps its rows.
 */
export function subtreeBook(
  stakes: readonly SubtreeStake[],
  targets: Targets,
  at: Date,
): SubtreeBook {
  const markets: BookMarket[] = [];
  const fancy: BookSession[] = [];
  for (const own of byKey(stakes, (stake) => stake.positionKey).values()) {
    if (own[0]?.marketType === 'FANCY') {
      const runs = ladderRuns(own);
      const figures = figuresOf(sessionPosition(runs, own));
      const ladder: BookSession['ladder'][number][] = [];
      figures.forEach((figure, index) => {
        const last = ladder.at(-1);
        if (last?.downline !== figure.downline || last.mine !== figure.mine)
          ladder.push({ runs: runs[index] ?? 0, ...figure });
      });
      fancy.push({
        target: sessionTargetOf(targets, own),
        ladder,
        ...exposures(figures),
        openBets: countBets(own),
      });
    } else {
      const target = marketTargetOf(targets, own);
      const figures = figuresOf(
        marketPosition(
          target.runners.map((runner) => runner.selectionId),
          own,
        ),
      );
      markets.push({
        target,
        runners: target.runners.map((runner, index) => ({
          ...runner,
          ...(figures[index] ?? { downline: paiseOf(0), mine: paiseOf(0) }),
        })),
        ...exposures(figures),
        openBets: countBets(own),
      });
    }
  }
  markets.sort(
    (a, b) =>
      eventOrder(a.target.event, b.target.event) ||
      a.target.order - b.target.order ||
      (a.target.marketId < b.target.marketId ? -1 : 1),
  );
  fancy.sort(
    (a, b) =>
      eventOrder(a.target.event, b.target.event) ||
      a.target.order - b.target.order ||
      (a.target.selectionId < b.target.selectionId ? -1 : 1),
  );
  return { at, markets, fancy };
}

/** One direct child's line of a user book: its subtree's clients' result and the actor's take. */
export interface UserBookLine {
  readonly userName: string;
  readonly level: AgentLevelAbove | 'client';
  /** Per outcome, + the clients win. */
  readonly pL: readonly Paise[];
  /** Per outcome, what the actor wins. */
  readonly myTake: readonly Paise[];
}

export interface UserBook {
  /** An exchange market's runners; empty for a session. */
  readonly runners: readonly { readonly selectionId: string; readonly name: string }[];
  /** A session's final scores (each up to the next); empty for an exchange market. */
  readonly runs: readonly number[];
  readonly users: readonly UserBookLine[];
  /** Over every child: the actor's take rounded once on the whole, not a sum of the lines. */
  readonly total: { readonly pL: readonly Paise[]; readonly myTake: readonly Paise[] };
}

/**
 * The user book of one market or session (docs/product.md#entities user book row: userName, pL):
 * each direct child's position per outcome, by username, from the open bets summed per child.
 */
export function userBook(
  stakes: readonly ChildStake[],
  isFancy: boolean,
  marketRunners: readonly { readonly selectionId: string; readonly name: string }[],
  nameOf: (child: ChildStake) => { username: string; level: AgentLevelAbove | 'client' },
): UserBook {
  const runs = isFancy ? ladderRuns(stakes) : [];
  const runners = isFancy ? [] : marketRunners;
  const positionOf = (own: readonly ChildStake[]) =>
    isFancy
      ? sessionPosition(runs, own)
      : marketPosition(
          runners.map((runner) => runner.selectionId),
          own,
        );
  const lineOf = (position: Position) => ({
    pL: position.clients.map(paiseOf),
    myTake: position.numerators.map(takeOf),
  });
  const users = [...byKey(stakes, (stake) => `${stake.childIsClient}:${stake.childId}`).values()]
    .map((own): UserBookLine => {
      const first = own[0];
      const name = first ? nameOf(first) : { username: '', level: 'client' as const };
      return { userName: name.username, level: name.level, ...lineOf(positionOf(own)) };
    })
    .sort((a, b) => a.userName.toLowerCase().localeCompare(b.userName.toLowerCase()));
  return { runners, runs, users, total: lineOf(positionOf(stakes)) };
}
