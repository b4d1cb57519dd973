import { validLogin } from '@backlay/contract/auth/client';
import type { LoginBody } from '@backlay/contract/auth';
import { callApi } from '../../../lib/api';

/** docs/product.md#calls: POST login with `ipAddress` in the query (the server records it, never trusts it). */
export function validateLogin(body: LoginBody) {
  return callApi(validLogin, { query: { ipAddress: '' }, body });
}
