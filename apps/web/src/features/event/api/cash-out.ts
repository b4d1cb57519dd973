import type { postCashOut as cashOutEndpoint } from '@backlay/contract/bets';
import { postCashOut } from '@backlay/contract/bets/client';
import { useMutation } from '@tanstack/react-query';
import { callApi, isWorthRetrying, type ApiInput } from '../../../lib/api';

/** What a cash out carries: the market, the share and the plan's bets. */
export type CashOutBody = ApiInput<typeof cashOutEndpoint>['body'];

export interface CashOutInput {
  /** The plan the dialog showed, as the contract carries it. */
  readonly body: CashOutBody;
  /** One per press, kept by its retries. */
  readonly idempotencyKey: string;
}

/** Cashes out (part of) a position (docs/architecture.md, "Cash out"). */
export function cashOutPosition({ body, idempotencyKey }: CashOutInput) {
  return callApi(postCashOut, { body, headers: { 'Idempotency-Key': idempotencyKey } });
}

/** Between retries of a cash out; short, the client is watching the dialog. */
export const CASH_OUT_RETRY_MS = 400;

/**
 * Cashes out. A press that got no answer is retried twice with the same variables — the same
 * Idempotency-Key — so a cash out that landed is answered again rather than made twice (as a
 * placed bet is: betslip's `usePlaceBet`).
 */
export function useCashOut() {
  return useMutation({
    mutationFn: cashOutPosition,
    retry: (failures, error) => failures < 2 && isWorthRetrying(error),
    retryDelay: CASH_OUT_RETRY_MS,
  });
}
