import { postFancyBet, postUserBet, type BetDraft } from '@backlay/contract/bets';
import { useMutation } from '@tanstack/react-query';
import { ApiError, callApi } from '../../../lib/api';

export interface PlaceBetInput {
  readonly draft: BetDraft;
  /** One per submit, kept by its retries (DESIGN §4). */
  readonly idempotencyKey: string;
}

/** The fancy bet route for FANCY drafts, the user bet route for the others (SPEC §7). */
export function placeBet({ draft, idempotencyKey }: PlaceBetInput) {
  return callApi(draft.MarketType === 'FANCY' ? postFancyBet : postUserBet, {
    body: draft,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

/** No answer, or a server failure: the bet may or may not have landed, so ask again. */
const isWorthRetrying = (error: unknown) =>
  error instanceof ApiError && (error.status === 0 || error.status >= 500);

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

/**
 * A fresh key (8–100 of `[A-Za-z0-9_.:-]`, DESIGN §4). `randomUUID` needs a secure context, which
 * every host the client logs in on is; the fallback keeps an odd host from breaking the slip.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}
