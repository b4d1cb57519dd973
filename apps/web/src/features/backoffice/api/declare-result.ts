import { boDeclareResult } from '@backlay/contract/backoffice/client';
import { callApi } from '../../../lib/api';
import { idempotent, type BodyOf } from './types';

/** Settles a market with its winner, or a fancy session with its final runs: moves money. */
export function declareResult(body: BodyOf<typeof boDeclareResult>, idempotencyKey: string) {
  return callApi(boDeclareResult, { body, headers: idempotent(idempotencyKey) });
}
