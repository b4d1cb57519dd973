import { boCasinoVoid } from '@backlay/contract/backoffice/client';
import { callApi } from '../../../lib/api';
import { idempotent, type BodyOf } from './types';

/** Voids a stuck casino round with a reason: its stake released, once. */
export function voidCasinoRound(body: BodyOf<typeof boCasinoVoid>, idempotencyKey: string) {
  return callApi(boCasinoVoid, { body, headers: idempotent(idempotencyKey) });
}
