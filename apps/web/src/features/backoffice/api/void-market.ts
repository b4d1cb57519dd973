import { boVoid } from '@backlay/contract/backoffice/client';
import { callApi } from '../../../lib/api';
import { idempotent, type BodyOf } from './types';

/** Voids a market or fancy session with a reason the clients see: stakes returned. */
export function voidMarket(body: BodyOf<typeof boVoid>, idempotencyKey: string) {
  return callApi(boVoid, { body, headers: idempotent(idempotencyKey) });
}
