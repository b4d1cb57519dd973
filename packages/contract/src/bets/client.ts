import { route } from '../route.js';
import type * as endpoints from './index.js';

/** The bets routes the web calls: method, path and audience, with the schemas as types only. */
export const cancelBet = route<typeof endpoints.cancelBet>({
  method: 'POST',
  path: '/api/UserBetModels/CancelBet',
  audience: 'client',
});
export const postCashOut = route<typeof endpoints.postCashOut>({
  method: 'POST',
  path: '/api/UserBetModels/CashOut',
  audience: 'client',
});
export const getFancyCurrentPosition = route<typeof endpoints.getFancyCurrentPosition>({
  method: 'GET',
  path: '/api/UserBetModels/GetFancyCurrentPosition',
  audience: 'client',
});
export const getFancyPosition = route<typeof endpoints.getFancyPosition>({
  method: 'GET',
  path: '/api/UserBetModels/GetFancyPosition',
  audience: 'client',
});
export const getMatchedBets = route<typeof endpoints.getMatchedBets>({
  method: 'GET',
  path: '/api/UserBetModels/GetMatchedBets',
  audience: 'client',
});
export const getProfitLossOnRunners = route<typeof endpoints.getProfitLossOnRunners>({
  method: 'GET',
  path: '/api/ProfitLossModels/GetProfitLossOnRunners',
  audience: 'client',
});
export const getUserBook = route<typeof endpoints.getUserBook>({
  method: 'GET',
  path: '/api/UserBetModels/GetUserBook',
  audience: 'client',
});
export const postFancyBet = route<typeof endpoints.postFancyBet>({
  method: 'POST',
  path: '/api/UserBetModels/PostFancyBetModel',
  audience: 'client',
});
export const postUserBet = route<typeof endpoints.postUserBet>({
  method: 'POST',
  path: '/api/UserBetModels/PostUserBetModel',
  audience: 'client',
});
