import { boResetPassword } from '@backlay/contract/backoffice/client';
import { callApi } from '../../../lib/api';
import type { BodyOf } from './types';

/** Sets a client's password; their sessions end. */
export function resetPassword(body: BodyOf<typeof boResetPassword>) {
  return callApi(boResetPassword, { body });
}
