import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { Navigate, Outlet, useNavigate } from 'react-router';
import { useLogout } from '../features/session/hooks/use-logout';
import { useSessionCheck } from '../features/session/hooks/use-session-check';
import { useSessionEndNotice } from '../features/session/hooks/use-session-end-notice';
import { newsKeys } from '../features/news/query-keys';
import { walletKeys } from '../features/wallet/query-keys';
import { useStoredLogin, type StoredLogin } from '../lib/session';
import { DiceOverlay } from '../ui/dice-overlay';
import { paths } from './paths';

/** Public routes send a logged-in user to /home (docs/product.md#screens). */
export function PublicOnly() {
  const login = useStoredLogin();
  return login ? <Navigate to={paths.home.href()} replace /> : <Outlet />;
}

/**
 * Protected routes send a visitor to /login, and hold the dice overlay over the screen until the
 * first session check passes (docs/product.md#screens, #states).
 */
export function RequireSession() {
  const login = useStoredLogin();
  if (!login) return <Navigate to={paths.login.href()} replace />;
  return <SessionGate login={login} />;
}

function SessionGate({ login }: { login: StoredLogin }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const logout = useLogout(paths.login.href());
  const checks = useRef(0);
  useSessionEndNotice(login.Token);

  const onInvalid = useCallback(() => void logout(), [logout]);
  const onValid = useCallback(() => {
    // The first check comes with the page's own first loads; later ones reload news and balance.
    checks.current += 1;
    if (checks.current === 1) return;
    void queryClient.invalidateQueries({ queryKey: newsKeys.all });
    void queryClient.invalidateQueries({ queryKey: walletKeys.all });
  }, [queryClient]);
  const onFailure = useCallback(
    (status: number) => void navigate(paths.networkError.href(status), { replace: true }),
    [navigate],
  );

  const state = useSessionCheck(login, { onInvalid, onValid, onFailure });
  // docs/product.md#screens: the dice overlay shows while the session state loads. The screen loads beneath it
  // meanwhile, so its reads and chunks do not wait for the check (a revoked session's answers
  // are 401s, which log out as any 401 does).
  return (
    <>
      {state !== 'failed' && <Outlet />}
      {state !== 'valid' && <DiceOverlay />}
    </>
  );
}

/** Any other path: /home when logged in, otherwise /login (docs/product.md#screens). */
export function Fallback() {
  const login = useStoredLogin();
  return <Navigate to={login ? paths.home.href() : paths.login.href()} replace />;
}
