import { cancelBet } from '@backlay/contract/bets/client';
import { useMutation } from '@tanstack/react-query';
import { callApi, isWorthRetrying } from '../../../lib/api';

export interface CancelBetInput {
  readonly betId: string;
  /** One per press, kept by its retries. */
  readonly idempotencyKey: string;
}

/** Cancels one of the client's own bets (docs/architecture.md, "Cancelling a bet"). */
export function cancelOwnBet({ betId, idempotencyKey }: CancelBetInput) {
  return callApi(cancelBet, {
    body: { BetId: betId },
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

/** Between retries of a cancel; short, the client is watching the bets. */
export const CANCEL_BET_RETRY_MS = 400;

/**
 * Cancels a bet. A press that got no answer is retried twice with the same variables — the same
 * Idempotency-Key — so a cancel that landed is answered again rather than made twice (as a
 * placed bet is: betslip's `usePlaceBet`).
 */
export function useCancelBet() {
  return useMutation({
    mutationFn: cancelOwnBet,
    retry: (failures, error) => failures < 2 && isWorthRetrying(error),
    retryDelay: CANCEL_BET_RETRY_MS,
  });
}
