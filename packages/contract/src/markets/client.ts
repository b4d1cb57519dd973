import { route } from '../route.js';
import type * as endpoints from './index.js';

/** The markets routes the web calls: method, path and audience, with the schemas as types only. */
export const getActiveFancy = route<typeof endpoints.getActiveFancy>({
  method: 'GET',
  path: '/api/FancyRunnerModels/GetActiveFancy',
  audience: 'client',
});
export const getBmFancy = route<typeof endpoints.getBmFancy>({
  method: 'GET',
  path: '/api/Odds/BmFancy/:eventId',
  audience: 'client',
});
export const getCustomBookmaker = route<typeof endpoints.getCustomBookmaker>({
  method: 'GET',
  path: '/api/MarketModels/GetCustomBookmaker',
  audience: 'client',
});
export const getCustomFancy = route<typeof endpoints.getCustomFancy>({
  method: 'GET',
  path: '/api/FancyRunnerModels/GetCustomFancy',
  audience: 'client',
});
export const getEventDetail = route<typeof endpoints.getEventDetail>({
  method: 'GET',
  path: '/api/MarketModels/GetEventDetail',
  audience: 'client',
});
export const getMarketList = route<typeof endpoints.getMarketList>({
  method: 'GET',
  path: '/api/MarketModels/GetMarketList',
  audience: 'client',
});
export const getMarketOdds = route<typeof endpoints.getMarketOdds>({
  method: 'GET',
  path: '/api/Odds/Market/:marketId',
  audience: 'client',
});
export const getMyMarkets = route<typeof endpoints.getMyMarkets>({
  method: 'GET',
  path: '/api/MarketModels/GetMyMarkets',
  audience: 'client',
});
export const getRates = route<typeof endpoints.getRates>({
  method: 'GET',
  path: '/api/MarketModels/GetRates',
  audience: 'client',
});
export const getTossOdds = route<typeof endpoints.getTossOdds>({
  method: 'GET',
  path: '/api/Odds/Toss',
  audience: 'client',
});
