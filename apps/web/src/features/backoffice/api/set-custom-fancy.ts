import { boCustomFancy } from '@backlay/contract/backoffice/client';
import { callApi } from '../../../lib/api';
import type { BodyOf } from './types';

export type CustomFancyBody = BodyOf<typeof boCustomFancy>;

/** Adds or changes a custom fancy row. */
export function setCustomFancy(body: CustomFancyBody) {
  return callApi(boCustomFancy, { body });
}
