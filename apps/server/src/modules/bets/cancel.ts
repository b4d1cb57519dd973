import { CANCEL_MESSAGES } from '@backlay/contract/bets';
import { CANCEL_WINDOW_MS, cancelDeadline } from '@backlay/domain';
import type { PriceBook } from '../../feed/price-book.js';
import type { Clock } from '../../seams.js';
import { checkedKey, requestHash } from '../idempotency/idempotency.service.js';
import type { Catalog } from '../markets/catalog.js';
import { answerWithKey, refuse, type BetAnswer, type KeptAnswers } from './bet-answers.js';
import type { CancelCall } from './bet-calls.queries.js';
import type { betOfClient, OpenBet } from './bets.queries.js';
import { exchangeExposure, without } from './exposure.js';
import {
  answerOf,
  onPosition,
  type Answered,
  type Position,
  type PositionCalls,
  type PositionMemory,
} from './positions.js';
import type { InTurn, OnceInFlight } from './turns.js';

/** The answers bet_cancel stores, once as JSON. */
const CANCEL_MESSAGES_JSON = JSON.stringify(CANCEL_MESSAGES);

/** One of the client's bets as a cancel needs it. */
export type BetToCancel = NonNullable<Awaited<ReturnType<typeof betOfClient>>>;

/** What the cancel rule reads in memory: the catalog and the prices (PriceBook `downAt`). */
export interface CancelRuleDeps {
  readonly catalog: Pick<Catalog, 'event'>;
  readonly priceBook: Pick<PriceBook, 'market'>;
}

export interface CancelDeps extends CancelRuleDeps {
  readonly clock: Clock;
  /** One of the client's bets; undefined when it is not theirs. */
  readonly betOfClient: (clientId: string, betId: string) => Promise<BetToCancel | undefined>;
  readonly answers: KeptAnswers;
  readonly onceInFlight: OnceInFlight<BetAnswer>;
  readonly inTurn: InTurn;
  readonly positions: PositionMemory;
  readonly calls: PositionCalls<CancelCall>;
}

/**
 * The football cancel rule decided in memory (docs/architecture.md, "Cancelling a bet"): the bet
 * is open, on football, inside its window by this server's clock (`now`), its market not closed
 * and not down since the bet. Answers the refusal, or the market's runners (for the position's
 * exposure without the bet).
 */
export async function cancelDecision(
  deps: CancelRuleDeps,
  bet: BetToCancel,
  now: number,
): Promise<string | { readonly selectionIds: readonly string[] }> {
  const deadline = cancelDeadline({
    sportId: bet.sport_id,
    marketType: bet.market_type,
    acceptedAt: bet.created_at.getTime(),
  });
  if (deadline === null) return CANCEL_MESSAGES.notFootball;
  if (bet.status !== 'Pending') return CANCEL_MESSAGES.notOpen;
  const event = await deps.catalog.event(Number(bet.event_id));
  const market = event?.markets.get(bet.market_id);
  if (!event || !market) return CANCEL_MESSAGES.notFound;
  if (market.isClosed || event.status === 'closed' || event.declared.has(bet.market_id))
    return CANCEL_MESSAGES.closed;
  if (now >= deadline) return CANCEL_MESSAGES.expired;
  const book = deps.priceBook.market(bet.market_id, now);
  if (
    market.operatorSuspended ||
    !book ||
    book.status !== 'ACTIVE' ||
    // Down at the bet's own millisecond was before it: it was accepted on an open market.
    book.downAt > bet.created_at.getTime()
  )
    return CANCEL_MESSAGES.suspended;
  return { selectionIds: market.runners.map((runner) => runner.selectionId) };
}

/**
 * The football cancel (docs/architecture.md, "Cancelling a bet"): decided in memory
 * (`cancelDecision`), then made by bet_cancel like a bet: on this instance's copy of the
 * position, again on the one it answers, then under the locks, in the position's turn.
 */
export interface CancelRequest {
  clientId: string;
  betId: string;
  idempotencyKey: string | undefined;
  route: string;
}

export async function cancel(deps: CancelDeps, request: CancelRequest): Promise<BetAnswer> {
  const { clientId, betId } = request;
  const key = checkedKey(request.idempotencyKey);
  const hash = key === undefined ? null : requestHash(request.route, { BetId: betId });
  const refused = (message: string) =>
    answerWithKey(deps.answers, { clientId, key, hash })(refuse(message));
  return deps.onceInFlight(clientId, key, hash, async () => {
    const bet = await deps.betOfClient(clientId, betId);
    if (!bet) return refused(CANCEL_MESSAGES.notFound);
    const decision = await cancelDecision(deps, bet, deps.clock.now().getTime());
    if (typeof decision === 'string') return refused(decision);

    const cancelled: OpenBet = {
      selectionId: bet.selection_id,
      betType: bet.bet_type,
      odds: bet.odds,
      profitPaise: Number(bet.profit_paise),
      liabilityPaise: Number(bet.liability_paise),
    };
    const positionId = `${clientId}|${bet.position_key}`;
    const callOf = (position: Position): CancelCall => ({
      clientId,
      betId,
      key: key ?? null,
      hash,
      at: deps.clock.now(),
      windowMs: CANCEL_WINDOW_MS,
      version: position.version,
      exposure: exchangeExposure(decision.selectionIds, without(position.bets, cancelled)),
      messages: CANCEL_MESSAGES_JSON,
    });
    const answered = (position: Position, outcome: Answered): BetAnswer =>
      answerOf(outcome, (version) => {
        if (version !== null)
          deps.positions.remember(positionId, {
            version,
            bets: without(position.bets, cancelled),
          });
      });
    return deps.inTurn(positionId, () =>
      onPosition(deps.positions, positionId, deps.calls, {
        lock: {
          clientId,
          eventId: Number(bet.event_id),
          marketId: bet.market_id,
          marketType: bet.market_type,
          positionKey: bet.position_key,
        },
        callOf,
        answered,
      }),
    );
  });
}
