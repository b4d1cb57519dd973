import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError } from '../../../lib/api';
import type { StoredLogin } from '../../../lib/session';
import { sessionCheckQuery } from '../api/check-is-valid';

export type SessionCheckState = 'checking' | 'valid' | 'invalid' | 'failed';

export interface SessionCheckHandlers {
  /** The check said the session is over: log out. */
  readonly onInvalid: () => void;
  /** The check passed: news and balance reload (docs/product.md#states). */
  readonly onValid: () => void;
  /** A failure other than 401 (docs/product.md#errors): the status, 0 when no answer came. */
  readonly onFailure: (status: number) => void;
}

/**
 * The session check of docs/product.md#states, every 10 s: Status false or a value other than the stored
 * IsValidToken → logout; otherwise news and balance reload; a non-401 failure → /network_err.
 * A 401 is handled by callApi (stored login removed, /login).
 */
export function useSessionCheck(
  login: StoredLogin,
  handlers: SessionCheckHandlers,
): SessionCheckState {
  const query = useQuery(sessionCheckQuery());
  const { onInvalid, onValid, onFailure } = handlers;

  const answer = query.data;
  const valid = answer !== undefined && answer.Status && answer.Result === login.IsValidToken;
  useEffect(() => {
    if (answer === undefined) return;
    if (valid) onValid();
    else onInvalid();
    // dataUpdatedAt: every answer counts, even one equal to the last.
  }, [answer, valid, query.dataUpdatedAt, onInvalid, onValid]);

  const error = query.error;
  useEffect(() => {
    if (!error) return;
    const status = error instanceof ApiError ? error.status : 0;
    if (status !== 401) onFailure(status);
  }, [error, query.errorUpdatedAt, onFailure]);

  if (error) return 'failed';
  if (answer === undefined) return 'checking';
  return valid ? 'valid' : 'invalid';
}
