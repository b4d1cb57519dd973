import { route } from '../route.js';
import type * as endpoints from './index.js';

export { MATKA_SPORTS_ID } from './values.js';

/** The matka routes the web calls: method, path and audience, with the schemas as types only. */
export const getMatkaBetResult = route<typeof endpoints.getMatkaBetResult>({
  method: 'GET',
  path: '/api/Matka/GetBetResult',
  audience: 'client',
});
export const getMatkaEventMarkets = route<typeof endpoints.getMatkaEventMarkets>({
  method: 'GET',
  path: '/api/Matka/GetEventMarkets',
  audience: 'client',
});
export const getMatkaMyBets = route<typeof endpoints.getMatkaMyBets>({
  method: 'GET',
  path: '/api/Matka/GetMyBets',
  audience: 'client',
});
export const getMatkaProfitLoss = route<typeof endpoints.getMatkaProfitLoss>({
  method: 'GET',
  path: '/api/Matka/GetProfitLoss',
  audience: 'client',
});
export const placeMatkaBet = route<typeof endpoints.placeMatkaBet>({
  method: 'POST',
  path: '/api/Matka/PlaceBet',
  audience: 'client',
});
