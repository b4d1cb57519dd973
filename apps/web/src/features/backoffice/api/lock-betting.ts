import { boLockBetting } from '@backlay/contract/backoffice/client';
import { callApi } from '../../../lib/api';
import type { BodyOf } from './types';

/** Locks or unlocks a client's betting. */
export function lockBetting(body: BodyOf<typeof boLockBetting>) {
  return callApi(boLockBetting, { body });
}
