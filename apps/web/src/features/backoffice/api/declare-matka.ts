import { boMatkaDeclare } from '@backlay/contract/backoffice/client';
import { callApi } from '../../../lib/api';
import { idempotent, type BodyOf } from './types';

/** Declares a matka market's result and settles its bets: moves money. */
export function declareMatka(body: BodyOf<typeof boMatkaDeclare>, idempotencyKey: string) {
  return callApi(boMatkaDeclare, { body, headers: idempotent(idempotencyKey) });
}
