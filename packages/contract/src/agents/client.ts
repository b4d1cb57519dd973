import { route } from '../route.js';
import type * as endpoints from './index.js';
import type * as reports from './reports.js';
import type * as signup from './signup.js';

/** The agent back office's routes the web calls: method, path and audience, with the schemas as types only. */
export const agentLogin = route<typeof endpoints.agentLogin>({
  method: 'POST',
  path: '/api/agent/login',
  audience: 'public',
});
export const agentMe = route<typeof endpoints.agentMe>({
  method: 'GET',
  path: '/api/agent/me',
  audience: 'agent',
});
export const agentLogout = route<typeof endpoints.agentLogout>({
  method: 'POST',
  path: '/api/agent/logout',
  audience: 'agent',
});
export const agentHubTicket = route<typeof endpoints.agentHubTicket>({
  method: 'POST',
  path: '/api/agent/hub-ticket',
  audience: 'agent',
});
export const agentTransactionPassword = route<typeof endpoints.agentTransactionPassword>({
  method: 'POST',
  path: '/api/agent/transaction-password',
  audience: 'agent',
});
export const agentDownline = route<typeof endpoints.agentDownline>({
  method: 'GET',
  path: '/api/agent/downline',
  audience: 'agent',
});
export const agentCreateUser = route<typeof endpoints.agentCreateUser>({
  method: 'POST',
  path: '/api/agent/create-user',
  audience: 'agent',
});
export const agentDeposit = route<typeof endpoints.agentDeposit>({
  method: 'POST',
  path: '/api/agent/deposit',
  audience: 'agent',
});
export const agentWithdraw = route<typeof endpoints.agentWithdraw>({
  method: 'POST',
  path: '/api/agent/withdraw',
  audience: 'agent',
});
export const agentClearPl = route<typeof endpoints.agentClearPl>({
  method: 'POST',
  path: '/api/agent/clear-pl',
  audience: 'agent',
});
export const agentCreditReference = route<typeof endpoints.agentCreditReference>({
  method: 'POST',
  path: '/api/agent/credit-reference',
  audience: 'agent',
});
export const agentPartnership = route<typeof endpoints.agentPartnership>({
  method: 'POST',
  path: '/api/agent/partnership',
  audience: 'agent',
});
export const agentCommission = route<typeof endpoints.agentCommission>({
  method: 'POST',
  path: '/api/agent/commission',
  audience: 'agent',
});
export const agentExposureLimit = route<typeof endpoints.agentExposureLimit>({
  method: 'POST',
  path: '/api/agent/exposure-limit',
  audience: 'agent',
});
export const agentLock = route<typeof endpoints.agentLock>({
  method: 'POST',
  path: '/api/agent/lock',
  audience: 'agent',
});
export const agentResetPassword = route<typeof endpoints.agentResetPassword>({
  method: 'POST',
  path: '/api/agent/reset-password',
  audience: 'agent',
});
export const agentTotp = route<typeof endpoints.agentTotp>({
  method: 'POST',
  path: '/api/agent/totp',
  audience: 'agent',
});
export const agentPl = route<typeof reports.agentPl>({
  method: 'GET',
  path: '/api/agent/pl',
  audience: 'agent',
});
export const agentPlByUser = route<typeof reports.agentPlByUser>({
  method: 'GET',
  path: '/api/agent/pl-by-user',
  audience: 'agent',
});
export const agentBook = route<typeof reports.agentBook>({
  method: 'GET',
  path: '/api/agent/book',
  audience: 'agent',
});
export const agentBookUsers = route<typeof reports.agentBookUsers>({
  method: 'GET',
  path: '/api/agent/book/:marketId',
  audience: 'agent',
});
export const agentBets = route<typeof reports.agentBets>({
  method: 'GET',
  path: '/api/agent/bets',
  audience: 'agent',
});
export const agentStatement = route<typeof reports.agentStatement>({
  method: 'GET',
  path: '/api/agent/statement',
  audience: 'agent',
});
export const agentCommissionReport = route<typeof reports.agentCommissionReport>({
  method: 'GET',
  path: '/api/agent/commission',
  audience: 'agent',
});
export const signupRequest = route<typeof signup.signupRequest>({
  method: 'POST',
  path: '/api/signup/request',
  audience: 'public',
});
export const agentSignupRequests = route<typeof signup.agentSignupRequests>({
  method: 'GET',
  path: '/api/agent/signup-requests',
  audience: 'agent',
});
export const agentSignupApprove = route<typeof signup.agentSignupApprove>({
  method: 'POST',
  path: '/api/agent/signup-approve',
  audience: 'agent',
});
export const agentSignupDecline = route<typeof signup.agentSignupDecline>({
  method: 'POST',
  path: '/api/agent/signup-decline',
  audience: 'agent',
});
