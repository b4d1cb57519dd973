import { logout } from '@backlay/contract/auth/client';
import { callApi } from '../../../lib/api';

export function logoutOnServer() {
  return callApi(logout);
}
