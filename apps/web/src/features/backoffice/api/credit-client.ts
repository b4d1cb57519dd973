import { boCredit } from '@backlay/contract/backoffice/client';
import { callApi } from '../../../lib/api';
import { idempotent, type BodyOf } from './types';

/** Gives (a positive amount) or takes (a negative one) a client's credit: moves money. */
export function creditClient(body: BodyOf<typeof boCredit>, idempotencyKey: string) {
  return callApi(boCredit, { body, headers: idempotent(idempotencyKey) });
}
