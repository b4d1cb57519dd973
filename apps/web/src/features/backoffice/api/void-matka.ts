import { boMatkaVoid } from '@backlay/contract/backoffice/client';
import { callApi } from '../../../lib/api';
import { idempotent, type BodyOf } from './types';

/** Voids a matka market with a reason: every stake returned. */
export function voidMatka(body: BodyOf<typeof boMatkaVoid>, idempotencyKey: string) {
  return callApi(boMatkaVoid, { body, headers: idempotent(idempotencyKey) });
}
