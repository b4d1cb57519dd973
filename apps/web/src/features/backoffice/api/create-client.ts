import { boCreateClient } from '@backlay/contract/backoffice/client';
import { callApi } from '../../../lib/api';
import { idempotent, type BodyOf } from './types';

export type CreateClientBody = BodyOf<typeof boCreateClient>;

/** Creates a client, with credit when given: moves money. */
export function createClient(body: CreateClientBody, idempotencyKey: string) {
  return callApi(boCreateClient, { body, headers: idempotent(idempotencyKey) });
}
