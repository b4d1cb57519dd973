import { MATKA_SPORTS_ID, placeMatkaBet } from '@backlay/contract/matka/client';
import { matkaTotal, paiseToRupees, type MatkaBet } from '@backlay/domain';
import { useMutation } from '@tanstack/react-query';
import { ApiError, callApi, isWorthRetrying } from '../../../lib/api';

/** The game a matka bet is on (from the URL: docs/product.md#screens `/matkabet/{EventName}/{EventId}/{Mid}`). */
export interface MatkaGameRef {
  readonly eventName: string;
  readonly eventId: string;
}

export interface PlaceMatkaBetInput {
  readonly game: MatkaGameRef;
  readonly bets: readonly MatkaBet[];
  /** One per submit, kept by its retries (docs/decisions.md#api). */
  readonly idempotencyKey: string;
}

/** docs/product.md#calls matka bet: SportsId 6, the game, the whole-rupee total and each number's amount. */
export function placeMatkaBetRequest({ game, bets, idempotencyKey }: PlaceMatkaBetInput) {
  return callApi(placeMatkaBet, {
    body: {
      SportsId: MATKA_SPORTS_ID,
      EventName: game.eventName,
      EventId: game.eventId,
      TotalAmount: paiseToRupees(matkaTotal(bets)),
      SMBets: bets.map((bet) => ({ BetNo: bet.betNo, Amount: paiseToRupees(bet.amount) })),
    },
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

/** docs/product.md#errors matka bet messages. */
export const MATKA_SUBMIT_FAILED = 'Failed to submit the bet. Please try again.';
export const MATKA_SUBMIT_ERROR = 'An error occurred while submitting the bet. Please try again.';

/** What a submit shows (docs/product.md#errors): the Result as success or error, or a failure's message. */
export type MatkaSubmitOutcome = { readonly ok: boolean; readonly message: string };

/**
 * docs/product.md#errors: status 200 → the Result, success or error by Status; a non-200 status → the server's
 * message, or 'Failed to submit the bet. Please try again.'; an exception (no answer, an answer
 * that cannot be read) → 'An error occurred while submitting the bet. Please try again.'.
 */
export function matkaFailureMessage(error: unknown): string {
  if (!(error instanceof ApiError) || error.status === 0 || error.status === 200) {
    return MATKA_SUBMIT_ERROR;
  }
  const isServerMessage =
    error.message !== '' && error.message !== `Request failed (${error.status})`;
  return isServerMessage ? error.message : MATKA_SUBMIT_FAILED;
}

/** Between retries of a submit. */
export const PLACE_MATKA_RETRY_MS = 400;

/** Places matka bets; a submit without an answer is retried twice with the same key. */
export function usePlaceMatkaBet() {
  return useMutation({
    mutationFn: placeMatkaBetRequest,
    retry: (failures, error) => failures < 2 && isWorthRetrying(error),
    retryDelay: PLACE_MATKA_RETRY_MS,
  });
}
