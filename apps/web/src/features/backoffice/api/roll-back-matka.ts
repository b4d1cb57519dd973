import { boMatkaRollback } from '@backlay/contract/backoffice/client';
import { callApi } from '../../../lib/api';
import { idempotent, type BodyOf } from './types';

/** Undoes a matka market's result or void, with a reason: its bets back to pending. */
export function rollBackMatka(body: BodyOf<typeof boMatkaRollback>, idempotencyKey: string) {
  return callApi(boMatkaRollback, { body, headers: idempotent(idempotencyKey) });
}
