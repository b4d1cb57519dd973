import { boLiftExclusion } from '@backlay/contract/backoffice/client';
import { callApi } from '../../../lib/api';
import type { BodyOf } from './types';

/** Lifts a client's self-exclusion that has ended (the server refuses one still running). */
export function liftExclusion(body: BodyOf<typeof boLiftExclusion>) {
  return callApi(boLiftExclusion, { body });
}
