import { boLockEvent } from '@backlay/contract/backoffice/client';
import { callApi } from '../../../lib/api';
import type { BodyOf } from './types';

/** Locks or unlocks betting on an event. */
export function lockEvent(body: BodyOf<typeof boLockEvent>) {
  return callApi(boLockEvent, { body });
}
