import { boNews } from '@backlay/contract/backoffice/client';
import { callApi } from '../../../lib/api';
import type { BodyOf } from './types';

/** Publishes a news message to the clients. */
export function publishNews(body: BodyOf<typeof boNews>) {
  return callApi(boNews, { body });
}
