import { route } from '../route.js';
import type * as endpoints from './index.js';

/** The auth routes the web calls: method, path and audience, with the schemas as types only. */
export const checkIsValid = route<typeof endpoints.checkIsValid>({
  method: 'GET',
  path: '/api/Authenticate/checkIsValid',
  audience: 'client',
});
export const getSessionEnd = route<typeof endpoints.getSessionEnd>({
  method: 'GET',
  path: '/api/Authenticate/sessionEnd',
  audience: 'public',
});
export const logout = route<typeof endpoints.logout>({
  method: 'GET',
  path: '/api/Authenticate/logout',
  audience: 'client',
});
export const validLogin = route<typeof endpoints.validLogin>({
  method: 'POST',
  path: '/api/Authenticate/ValidLogin',
  audience: 'public',
});
