import { boSuspendMarket } from '@backlay/contract/backoffice/client';
import { callApi } from '../../../lib/api';
import type { BodyOf } from './types';

/** Suspends or resumes a market, whatever the feed says. */
export function suspendMarket(body: BodyOf<typeof boSuspendMarket>) {
  return callApi(boSuspendMarket, { body });
}
