import { useEffect } from 'react';
import { logError } from '../../../lib/log';
import { getStoredLogin, subscribeStoredLogin } from '../../../lib/session';
import { fetchSessionEnd } from '../api/get-session-end';
import { noteSessionEnd } from '../stores/logged-out-notice';

/**
 * While `token` is the stored login: when it goes (a 401 on the session check or any data call,
 * a logout, another tab), ask the server why, so that /login can say a login or a password change
 * elsewhere ended it. The question needs the ended token, which callApi has just forgotten.
 */
export function useSessionEndNotice(token: string): void {
  useEffect(() => {
    let asked = false;
    return subscribeStoredLogin(() => {
      if (asked || getStoredLogin()?.Token === token) return;
      asked = true;
      fetchSessionEnd(token)
        .then((reason) => {
          // A login that came meanwhile is not to be greeted with the old session's end.
          if (reason !== null && getStoredLogin() === null) noteSessionEnd(reason);
        })
        .catch((error: unknown) => logError('session end', error));
    });
  }, [token]);
}
