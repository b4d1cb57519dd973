import { postFancyBet, postUserBet } from '@backlay/contract/bets/client';
import type { BetDraft } from '@backlay/contract/bets';
import { useMutation } from '@tanstack/react-query';
import { callApi, isWorthRetrying } from '../../../lib/api';

export interface PlaceBetInput {
  readonly draft: BetDraft;
  /** One per submit, kept by its retries (docs/decisions.md#api). */
  readonly idempotencyKey: string;
}

/** The fancy bet route for FANCY drafts, the user bet route for the others (docs/product.md#calls). */
export function placeBet({ draft, idempotencyKey }: PlaceBetInput) {
  const request = { body: draft, headers: { 'Idempotency-Key': idempotencyKey } };
  return draft.MarketType === 'FANCY'
    ? callApi(postFancyBet, request)
    : callApi(postUserBet, request);
}

/** Between retries of a submit; short, the client is watching the slip. */
export const PLACE_BET_RETRY_MS = 400;

/**
 * Places a bet. A submit that got no answer is retried twice with the same variables — the same
 * Idempotency-Key — so a bet that landed is answered again rather than placed twice.
 */
export function usePlaceBet() {
  return useMutation({
    mutationFn: placeBet,
    retry: (failures, error) => failures < 2 && isWorthRetrying(error),
    retryDelay: PLACE_BET_RETRY_MS,
  });
}
