import { route } from '../route.js';
import type * as endpoints from './index.js';

/** The wallet routes the web calls: method, path and audience, with the schemas as types only. */
export const getBalanceDetail = route<typeof endpoints.getBalanceDetail>({
  method: 'GET',
  path: '/api/AmountModels/GetBalanceDetail',
  audience: 'client',
});
export const getMainBalance = route<typeof endpoints.getMainBalance>({
  method: 'GET',
  path: '/api/AmountModels/GetMainBalance',
  audience: 'client',
});
