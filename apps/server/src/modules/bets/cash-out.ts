import type { BetDraft, CashOutBet } from '@backlay/contract/bets';
import {
  cashOutPlan,
  marketBook,
  marketIdFitsKind,
  oddsFromDecimal,
  toBookmakerOdds,
  type CashOutBet as CashOutPlanBet,
  type Paise,
} from '@backlay/domain';
import { createHash } from 'node:crypto';
import { checkedKey, requestHash } from '../idempotency/idempotency.service.js';
import type { EventFacts, MarketFacts } from '../markets/catalog.js';
import {
  answerWithKey,
  BET_MESSAGES,
  refuse,
  type BetAnswer,
  type Keyed,
  type KeptAnswers,
} from './bet-answers.js';
import type { OpenBet } from './bets.queries.js';
import { exchangeBets } from './exposure.js';
import { held, type DelayDeps } from './in-play-delay.js';
import { exchangePlacement, type Placement, type PlacementDeps } from './placement.js';
import type { InTurn, OnceInFlight } from './turns.js';

/*
 * Cash out (docs/architecture.md, "Cash out"): the client's hedging bets are checked to be exactly
 * the domain's plan for its position at the odds it asked, held for the in-play delay once,
 * checked again against the prices like any bet (a cash out's bet may be under the market's
 * minimum), then made one after another in the position's turn. The whole answer is stored with
 * the key; each bet has a key of its own derived from it.
 */

export type CashOutMarketType = 'MATCH_ODDS' | 'BOOKMAKER';

export interface CashOutRequest {
  clientId: string;
  marketId: string;
  marketType: CashOutMarketType;
  eventId: string | number;
  percent: number;
  bets: readonly CashOutBet[];
  idempotencyKey: string | undefined;
  route: string;
}

/** What a cash out needs: a placement's reads, the client's open bets, the hold, turns and `make`. */
export interface CashOutDeps {
  readonly placement: PlacementDeps;
  readonly delay: DelayDeps;
  /** The client's open bets on a position. */
  readonly openBets: (clientId: string, positionKey: string) => Promise<readonly OpenBet[]>;
  readonly answers: KeptAnswers;
  readonly onceInFlight: OnceInFlight<BetAnswer>;
  readonly inTurn: InTurn;
  /** Makes a placement on its position (in its turn). */
  readonly make: (positionId: string, placement: Placement, request: Keyed) => Promise<BetAnswer>;
}

/** What a cash out locked in, as its answer says it (rupees, two decimals). */
export function lockedText(book: readonly { readonly pl: Paise }[], percent: number): string {
  const results = book.map((runner) => runner.pl);
  const worst = Math.min(...results);
  const rupeesOf = (paise: number) =>
    `${paise < 0 ? '-' : ''}₹${(Math.abs(paise) / 100).toFixed(2)}`;
  if (percent < 100)
    return `${percent}% of your position, at least ${rupeesOf(worst)} whichever runner wins`;
  return Math.max(...results) === worst
    ? `${rupeesOf(worst)} whichever runner wins`
    : `at least ${rupeesOf(worst)} whichever runner wins`;
}

/** The odds as the wire says them: exchange odds decimal, bookmaker per 100. */
const wireOdds = (marketType: CashOutMarketType, odds: number) =>
  marketType === 'BOOKMAKER' ? odds : odds / 100;

/**
 * The plan the client asked for, against the domain's: the odds it asked on each runner and
 * side (null when it asked none), and whether a plan's bets are exactly the ones it sent.
 */
export function askedPlan(marketType: CashOutMarketType, bets: readonly CashOutBet[]) {
  const given = bets.map((bet) => `${bet.SelectionID}|${bet.BetType}|${bet.Odds}|${bet.Stack}`);
  return {
    odds(selectionId: string, betType: 'Back' | 'Lay') {
      const bet = bets.find(
        (entry) => entry.SelectionID === selectionId && entry.BetType === betType,
      );
      if (!bet) return null;
      return marketType === 'BOOKMAKER' ? toBookmakerOdds(bet.Odds) : oddsFromDecimal(bet.Odds);
    },
    isAsked(planned: readonly CashOutPlanBet[]) {
      const legs = planned.map(
        (bet) => `${bet.selectionId}|${bet.betType}|${wireOdds(marketType, bet.odds)}|${bet.stake}`,
      );
      return legs.length === given.length && legs.every((leg) => given.includes(leg));
    },
  };
}

/** The plan's bets as the drafts a bettor would have sent. */
export function cashOutDrafts(
  request: Pick<CashOutRequest, 'marketId' | 'marketType'> & { readonly eventId: number },
  event: EventFacts,
  market: MarketFacts,
  bets: readonly CashOutPlanBet[],
): BetDraft[] {
  return bets.map((bet) => ({
    sportsId: event.row.sportId === 1 || event.row.sportId === 2 ? event.row.sportId : 4,
    SelectionName:
      market.runners.find((runner) => runner.selectionId === bet.selectionId)?.name ?? '',
    SelectionID: bet.selectionId,
    Odds: wireOdds(request.marketType, bet.odds),
    Price: 0,
    MarketType: request.marketType,
    MarketId: request.marketId,
    EventId: request.eventId,
    BetType: bet.betType,
    BetStatus: 'Pending',
    Stack: bet.stake,
  }));
}

/** The key of a cash out's bet: derived from the request's (none without one). */
export function legKey(key: string | undefined, index: number): string | null {
  return key === undefined
    ? null
    : `cashout-${createHash('sha256').update(key).digest('hex').slice(0, 40)}-${index}`;
}

/** The cash out's whole answer from each of its bets' answers. */
export function cashOutAnswer(
  answers: readonly BetAnswer[],
  book: readonly { readonly pl: Paise }[],
  percent: number,
): BetAnswer {
  const placed = answers.filter((answer) => answer.Status).length;
  const failed = answers.find((answer) => !answer.Status);
  if (placed === 0) return refuse(failed?.Result ?? BET_MESSAGES.notFound);
  if (failed)
    return {
      Status: true,
      Result: `Cashed out in part: ${placed} of ${answers.length} bets placed (${failed.Result})`,
    };
  return { Status: true, Result: `Cashed out: ${lockedText(book, percent)}` };
}

export async function cashOut(deps: CashOutDeps, request: CashOutRequest): Promise<BetAnswer> {
  const { clientId } = request;
  const key = checkedKey(request.idempotencyKey);
  const body = {
    MarketId: request.marketId,
    MarketType: request.marketType,
    EventId: request.eventId,
    Percent: request.percent,
    Bets: request.bets,
  };
  const hash = key === undefined ? null : requestHash(request.route, body);
  const answered = answerWithKey(deps.answers, { clientId, key, hash });
  return deps.onceInFlight(clientId, key, hash, async () => {
    if (key !== undefined && hash !== null) {
      const earlier = await deps.answers.recall({ clientId, key, hash });
      if (earlier) return earlier;
    }
    if (!marketIdFitsKind(request.marketId, request.marketType))
      return answered(refuse(BET_MESSAGES.cashOutMarket));
    // The market's event and kind from the catalog: a provider's id says neither (docs/architecture.md identifiers).
    const { catalog } = deps.placement;
    const eventId = await catalog.marketEvent(request.marketId);
    const event = eventId === undefined ? undefined : await catalog.event(eventId);
    const market = event?.markets.get(request.marketId);
    if (!event || !market) return answered(refuse(BET_MESSAGES.notFound));
    if (market.marketType !== request.marketType)
      return answered(refuse(BET_MESSAGES.cashOutMarket));

    // The plan for the position as it is, at the odds the client asked.
    const asked = askedPlan(request.marketType, request.bets);
    const planNow = async () =>
      cashOutPlan(
        request.marketType,
        marketBook(
          market.runners.map((runner) => runner.selectionId),
          exchangeBets(await deps.openBets(clientId, request.marketId)),
        ).map((runner) => ({
          selectionId: runner.selectionId,
          pl: runner.pl,
          back: asked.odds(runner.selectionId, 'Back'),
          lay: asked.odds(runner.selectionId, 'Lay'),
        })),
        request.percent,
      );
    const plan = await planNow();
    if (!plan.ok) return answered(refuse(plan.reason));
    if (!asked.isAsked(plan.bets)) return answered(refuse(BET_MESSAGES.positionChanged));

    const drafts = cashOutDrafts(
      { marketId: request.marketId, marketType: request.marketType, eventId: event.eventId },
      event,
      market,
      plan.bets,
    );
    // Made at the planned odds, never improved (docs/decisions.md#money, "Price improvement"):
    // the plan is a book equal on every runner at exactly these prices, which is what the bettor
    // confirmed and what the answer says ("₹560.00 whichever runner wins"). A leg matched at a
    // better price would lift one runner's result above the others, leave a small uneven book
    // (offered for cash out again), and make the answer untrue as worded; the stakes cannot be
    // resized instead (the server takes exactly the plan it was sent). Still checked like any bet:
    // taken only when the best price is at least as good as the planned one.
    const placementsNow = () =>
      Promise.all(
        drafts.map((draft) =>
          exchangePlacement(deps.placement, draft, draft.Stack, { isCashOut: true }),
        ),
      );
    // Every bet of the plan: held once for the market's delay, then decided again together.
    const legs = await held(deps.delay, await placementsNow(), placementsNow);
    if (typeof legs === 'string') return answered(refuse(legs));

    const positionId = `${clientId}|${request.marketId}`;
    // In the position's turn: checked again against the position after the delay (another cash
    // out from the same book may have been made meanwhile), then the bets one after another.
    const answers = await deps.inTurn(positionId, async () => {
      const again = await planNow();
      if (!again.ok || !asked.isAsked(again.bets)) return [refuse(BET_MESSAGES.positionChanged)];
      const made: BetAnswer[] = [];
      for (const [index, leg] of legs.entries()) {
        const legHashKey = legKey(key, index);
        made.push(
          await deps.make(positionId, leg, {
            clientId,
            key: legHashKey ?? undefined,
            hash: legHashKey === null ? null : requestHash(`${request.route}#bet`, drafts[index]),
          }),
        );
      }
      return made;
    });
    return answered(cashOutAnswer(answers, plan.book, request.percent));
  });
}
