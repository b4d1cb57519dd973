import type { BetDraft } from '@backlay/contract/bets';
import { stakeCheck } from '@backlay/domain';
import { checkedKey, requestHash } from '../idempotency/idempotency.service.js';
import {
  answerWithKey,
  BET_MESSAGES,
  refuse,
  type BetAnswer,
  type Keyed,
  type KeptAnswers,
} from './bet-answers.js';
import { held, type DelayDeps } from './in-play-delay.js';
import {
  exchangePlacement,
  fancyPlacement,
  type Placement,
  type PlacementDeps,
} from './placement.js';
import type { InTurn, OnceInFlight } from './turns.js';

/** What placing a bet needs: the placement's reads, the hold, the key's record, turns and `make`. */
export interface PlaceDeps {
  readonly placement: PlacementDeps;
  readonly delay: DelayDeps;
  readonly answers: KeptAnswers;
  readonly onceInFlight: OnceInFlight<BetAnswer>;
  readonly inTurn: InTurn;
  /** Makes a placement on its position (in its turn). */
  readonly make: (positionId: string, placement: Placement, request: Keyed) => Promise<BetAnswer>;
}

export interface PlaceRequest {
  clientId: string;
  draft: BetDraft;
  isFancyRoute: boolean;
  idempotencyKey: string | undefined;
  route: string;
}

/**
 * docs/decisions.md#money acceptance and the path of a bet (docs/architecture.md, "The path of a bet"): decided
 * in memory (catalog, prices, stake, the position's exposure with the bet), held for the in-play
 * delay when it has one, then made in one call of bet_place, which locks the market row FOR
 * SHARE and the wallet FOR UPDATE, re-checks what may have changed, holds the exposure, inserts
 * the bet and records the key. A refusal decided in memory costs no round trip without a key,
 * one with (its record). A position with open bets this instance has not seen costs a second
 * call (one it has not seen is guessed empty).
 */
export async function place(deps: PlaceDeps, request: PlaceRequest): Promise<BetAnswer> {
  const { clientId, draft } = request;
  const key = checkedKey(request.idempotencyKey);
  const hash = key === undefined ? null : requestHash(request.route, draft);
  return deps.onceInFlight(clientId, key, hash, () =>
    placeKeyed(deps, request, { clientId, key, hash }),
  );
}

async function placeKeyed(
  deps: PlaceDeps,
  request: Pick<PlaceRequest, 'clientId' | 'draft' | 'isFancyRoute'>,
  keyed: Keyed,
): Promise<BetAnswer> {
  const { clientId, draft } = request;
  const answered = answerWithKey(deps.answers, keyed);
  const refused = (message: string) => answered(refuse(message));

  if ((draft.MarketType === 'FANCY') !== request.isFancyRoute)
    return refused(BET_MESSAGES.wrongRoute);
  const basic = stakeCheck(draft.Stack);
  if (!basic.ok) return refused(basic.message);
  const placementOf = () =>
    request.isFancyRoute
      ? fancyPlacement(deps.placement, draft, draft.Stack)
      : exchangePlacement(deps.placement, draft, draft.Stack);
  const placement = await held(deps.delay, [await placementOf()], async () => [
    await placementOf(),
  ]);
  if (typeof placement === 'string') return refused(placement);
  const [made] = placement;
  if (!made) return refused(BET_MESSAGES.notFound);

  const positionId = `${clientId}|${made.positionKey}`;
  return deps.inTurn(positionId, () => deps.make(positionId, made, keyed));
}
