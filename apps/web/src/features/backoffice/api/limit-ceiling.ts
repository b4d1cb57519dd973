import { boLimitCeiling } from '@backlay/contract/backoffice/client';
import { callApi } from '../../../lib/api';
import type { BodyOf } from './types';

/** Sets (or, with null, lifts) the ceiling of one of a client's safer-betting limits. */
export function setLimitCeiling(body: BodyOf<typeof boLimitCeiling>) {
  return callApi(boLimitCeiling, { body });
}
