import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { clearStoredLogin } from '../../../lib/session';
import { logError } from '../../../lib/log';
import { clearSessionCache } from '../../../lib/query-cache';
import { logoutOnServer } from '../api/logout';

/**
 * Logout (docs/product.md#states): revoke the session on the server when it still answers, clear the stored
 * login and every cached answer of the session, and return to /login.
 */
export function useLogout(loginPath: string) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    async (options: { revoke?: boolean } = {}) => {
      if (options.revoke !== false) {
        await logoutOnServer().catch((error: unknown) => logError('logout', error));
      }
      clearStoredLogin();
      clearSessionCache(queryClient);
      await navigate(loginPath, { replace: true });
    },
    [queryClient, navigate, loginPath],
  );
}
