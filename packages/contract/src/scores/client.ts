import { route } from '../route.js';
import type * as endpoints from './index.js';

/** The scores routes the web calls: method, path and audience, with the schemas as types only. */
export const getCricketScore = route<typeof endpoints.getCricketScore>({
  method: 'GET',
  path: '/api/Score/Cricket/:eventId',
  audience: 'client',
});
export const getOtherScore = route<typeof endpoints.getOtherScore>({
  method: 'GET',
  path: '/api/Score/Other/:sportId/:eventId',
  audience: 'client',
});
