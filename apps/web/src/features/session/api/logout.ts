import { logout } from '@backlay/contract/auth';
import { callApi } from '../../../lib/api';

export function logoutOnServer() {
  return callApi(logout);
}
