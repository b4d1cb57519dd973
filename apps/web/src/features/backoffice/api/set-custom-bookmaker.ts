import { boCustomBookmaker } from '@backlay/contract/backoffice/client';
import { callApi } from '../../../lib/api';
import type { BodyOf } from './types';

export type CustomBookmakerBody = BodyOf<typeof boCustomBookmaker>;

/** Adds or changes a custom bookmaker row. */
export function setCustomBookmaker(body: CustomBookmakerBody) {
  return callApi(boCustomBookmaker, { body });
}
