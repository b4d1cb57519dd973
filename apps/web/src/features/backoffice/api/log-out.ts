import { operatorLogout } from '@backlay/contract/backoffice/client';
import { callApi } from '../../../lib/api';

/** Ends the operator's session on the server. */
export function logOutOperator() {
  return callApi(operatorLogout);
}
