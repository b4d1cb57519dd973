import { route } from '../route.js';
import type * as endpoints from './index.js';

/** The back-office routes the web calls: method, path and audience, with the schemas as types only. */
export const operatorLogin = route<typeof endpoints.operatorLogin>({
  method: 'POST',
  path: '/api/backoffice/login',
  audience: 'public',
});
export const operatorMe = route<typeof endpoints.operatorMe>({
  method: 'GET',
  path: '/api/backoffice/me',
  audience: 'operator',
});
export const operatorLogout = route<typeof endpoints.operatorLogout>({
  method: 'POST',
  path: '/api/backoffice/logout',
  audience: 'operator',
});
export const operatorHubTicket = route<typeof endpoints.operatorHubTicket>({
  method: 'POST',
  path: '/api/backoffice/hub-ticket',
  audience: 'operator',
});
export const riskBook = route<typeof endpoints.riskBook>({
  method: 'GET',
  path: '/api/backoffice/risk',
  audience: 'operator',
});
export const boEvents = route<typeof endpoints.boEvents>({
  method: 'GET',
  path: '/api/backoffice/events',
  audience: 'operator',
});
export const boLockEvent = route<typeof endpoints.boLockEvent>({
  method: 'POST',
  path: '/api/backoffice/lock-event',
  audience: 'operator',
});
export const boSuspendMarket = route<typeof endpoints.boSuspendMarket>({
  method: 'POST',
  path: '/api/backoffice/suspend-market',
  audience: 'operator',
});
export const boCustomFancy = route<typeof endpoints.boCustomFancy>({
  method: 'POST',
  path: '/api/backoffice/custom-fancy',
  audience: 'operator',
});
export const boCustomBookmaker = route<typeof endpoints.boCustomBookmaker>({
  method: 'POST',
  path: '/api/backoffice/custom-bookmaker',
  audience: 'operator',
});
export const boDeclareResult = route<typeof endpoints.boDeclareResult>({
  method: 'POST',
  path: '/api/backoffice/declare-result',
  audience: 'operator',
});
export const boVoid = route<typeof endpoints.boVoid>({
  method: 'POST',
  path: '/api/backoffice/void',
  audience: 'operator',
});
export const boRollback = route<typeof endpoints.boRollback>({
  method: 'POST',
  path: '/api/backoffice/rollback',
  audience: 'operator',
});
export const boClients = route<typeof endpoints.boClients>({
  method: 'GET',
  path: '/api/backoffice/clients',
  audience: 'operator',
});
export const boClientDetail = route<typeof endpoints.boClientDetail>({
  method: 'GET',
  path: '/api/backoffice/clients/:clientId',
  audience: 'operator',
});
export const boCreateClient = route<typeof endpoints.boCreateClient>({
  method: 'POST',
  path: '/api/backoffice/create-client',
  audience: 'operator',
});
export const boCredit = route<typeof endpoints.boCredit>({
  method: 'POST',
  path: '/api/backoffice/credit',
  audience: 'operator',
});
export const boLockBetting = route<typeof endpoints.boLockBetting>({
  method: 'POST',
  path: '/api/backoffice/lock-betting',
  audience: 'operator',
});
export const boLimitCeiling = route<typeof endpoints.boLimitCeiling>({
  method: 'POST',
  path: '/api/backoffice/limit-ceiling',
  audience: 'operator',
});
export const boLiftExclusion = route<typeof endpoints.boLiftExclusion>({
  method: 'POST',
  path: '/api/backoffice/lift-exclusion',
  audience: 'operator',
});
export const boResetPassword = route<typeof endpoints.boResetPassword>({
  method: 'POST',
  path: '/api/backoffice/reset-password',
  audience: 'operator',
});
export const boMatkaMarkets = route<typeof endpoints.boMatkaMarkets>({
  method: 'GET',
  path: '/api/backoffice/matka',
  audience: 'operator',
});
export const boMatkaDeclare = route<typeof endpoints.boMatkaDeclare>({
  method: 'POST',
  path: '/api/backoffice/matka-declare',
  audience: 'operator',
});
export const boMatkaVoid = route<typeof endpoints.boMatkaVoid>({
  method: 'POST',
  path: '/api/backoffice/matka-void',
  audience: 'operator',
});
export const boMatkaRollback = route<typeof endpoints.boMatkaRollback>({
  method: 'POST',
  path: '/api/backoffice/matka-rollback',
  audience: 'operator',
});
export const boCasinoRounds = route<typeof endpoints.boCasinoRounds>({
  method: 'GET',
  path: '/api/backoffice/casino-rounds',
  audience: 'operator',
});
export const boCasinoVoid = route<typeof endpoints.boCasinoVoid>({
  method: 'POST',
  path: '/api/backoffice/casino-void',
  audience: 'operator',
});
export const boNews = route<typeof endpoints.boNews>({
  method: 'POST',
  path: '/api/backoffice/news',
  audience: 'operator',
});
export const boAudit = route<typeof endpoints.boAudit>({
  method: 'GET',
  path: '/api/backoffice/audit',
  audience: 'operator',
});
