import { boRollback } from '@backlay/contract/backoffice/client';
import { callApi } from '../../../lib/api';
import { idempotent, type BodyOf } from './types';

/** Undoes a market's or session's settlement, with a reason: its bets back to pending. */
export function rollBack(body: BodyOf<typeof boRollback>, idempotencyKey: string) {
  return callApi(boRollback, { body, headers: idempotent(idempotencyKey) });
}
