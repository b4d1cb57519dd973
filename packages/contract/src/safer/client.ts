import { route } from '../route.js';
import type * as endpoints from './index.js';

/** The safer-betting routes the web calls: method, path and audience, schemas as types only. */
export const getSafer = route<typeof endpoints.getSafer>({
  method: 'GET',
  path: '/api/safer',
  audience: 'client',
});
export const setLimit = route<typeof endpoints.setLimit>({
  method: 'POST',
  path: '/api/safer/limit',
  audience: 'client',
});
export const setRealityCheck = route<typeof endpoints.setRealityCheck>({
  method: 'POST',
  path: '/api/safer/reality-check',
  audience: 'client',
});
export const getSessionSummary = route<typeof endpoints.getSessionSummary>({
  method: 'GET',
  path: '/api/safer/session',
  audience: 'client',
});
export const exclude = route<typeof endpoints.exclude>({
  method: 'POST',
  path: '/api/safer/exclude',
  audience: 'client',
});
