import { route } from '../route.js';
import type * as endpoints from './index.js';

export { REPORT_RANGE_DAYS_MAX, STATEMENT_TYPES } from './values.js';

/** The reports routes the web calls: method, path and audience, with the schemas as types only. */
export const getAccountStatement = route<typeof endpoints.getAccountStatement>({
  method: 'GET',
  path: '/api/AccountStatementModels/GetAccountStatement',
  audience: 'client',
});
export const getBetHistory = route<typeof endpoints.getBetHistory>({
  method: 'GET',
  path: '/api/UserBetModels/GetBetHistory',
  audience: 'client',
});
export const getFancyBetsOfUser = route<typeof endpoints.getFancyBetsOfUser>({
  method: 'GET',
  path: '/api/UserBetModels/GetFancyBetsOfUser',
  audience: 'client',
});
export const getMarketBetsOfUser = route<typeof endpoints.getMarketBetsOfUser>({
  method: 'GET',
  path: '/api/UserBetModels/GetMarketBetsOfUser',
  audience: 'client',
});
export const getMatchBet = route<typeof endpoints.getMatchBet>({
  method: 'GET',
  path: '/api/UserBetModels/GetMatchBet',
  audience: 'client',
});
export const getProfitLoss = route<typeof endpoints.getProfitLoss>({
  method: 'GET',
  path: '/api/ProfitLossModels/GetProfitLoss',
  audience: 'client',
});
