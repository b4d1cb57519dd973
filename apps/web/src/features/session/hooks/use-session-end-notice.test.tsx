import { checkIsValid } from '@backlay/contract/auth';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callApi } from '../../../lib/api';
import { clearStoredLogin, storeLogin } from '../../../lib/session';
import { routeFetch } from '../../../test/fetch';
import { TEST_LOGIN } from '../../../test/render';
import {
  LOGGED_OUT_MESSAGES,
  noteSessionEnd,
  useLoggedOutNotice,
} from '../stores/logged-out-notice';
import { useSessionEndNotice } from './use-session-end-notice';
import { eventually } from '../../../test/eventually';

function Probe({ token }: { token: string }) {
  useSessionEndNotice(token);
  return <output>{useLoggedOutNotice() ?? 'none'}</output>;
}

function mount(reason: { Status: boolean; Result: string }) {
  const fetch = routeFetch({
    '/api/Authenticate/checkIsValid': () => ({
      status: 401,
      body: { Status: false, Result: 'User not authenticated' },
    }),
    '/api/Authenticate/sessionEnd': () => ({ body: reason }),
  });
  storeLogin(TEST_LOGIN);
  render(<Probe token={TEST_LOGIN.Token} />);
  return fetch;
}

describe('session end notice', () => {
  it('asks why with the ended token after a 401 and keeps the answer for /login', async () => {
    const { callsTo } = mount({ Status: true, Result: 'new_login' });
    expect(screen.getByRole('status').textContent).toBe('none');
    await expect(callApi(checkIsValid)).rejects.toThrow('User not authenticated');
    await eventually(() =>
      expect(screen.getByRole('status').textContent).toBe(LOGGED_OUT_MESSAGES.new_login),
    );
    expect(LOGGED_OUT_MESSAGES.new_login).toBe(
      'You were logged out because your account signed in on another device',
    );
    const asked = callsTo('/api/Authenticate/sessionEnd');
    expect(asked).toHaveLength(1);
    expect((asked[0]?.init?.headers as Record<string, string>).authorization).toBe('Bearer tok');
    expect(sessionStorage.getItem('loggedOutNotice')).toBe(LOGGED_OUT_MESSAGES.new_login);
  });

  it('names a password change elsewhere and an expiry', async () => {
    mount({ Status: true, Result: 'password_changed' });
    act(() => clearStoredLogin());
    await eventually(() =>
      expect(screen.getByRole('status').textContent).toBe(
        'You were logged out because your password was changed on another device',
      ),
    );
    expect(LOGGED_OUT_MESSAGES.expired).toBe('Your session expired. Please log in again.');
  });

  it('names the end of a session limit, a time-out and a self-exclusion', async () => {
    expect(LOGGED_OUT_MESSAGES.time_out).toBe(
      'You are on a time-out: login is refused until it ends.',
    );
    expect(LOGGED_OUT_MESSAGES.self_excluded).toBe('You have excluded yourself: login is refused.');
    mount({ Status: true, Result: 'session_limit' });
    act(() => clearStoredLogin());
    await eventually(() =>
      expect(screen.getByRole('status').textContent).toBe(
        'Your session time limit was reached. Please log in again.',
      ),
    );
  });

  it("keeps the server's words of a time-out taken here when the server then names it", async () => {
    const { callsTo } = mount({ Status: true, Result: 'time_out' });
    const words = 'You are on a time-out until 4 Dec 2026, 14:05. You have been logged out.';
    act(() => noteSessionEnd('time_out', words));
    act(() => clearStoredLogin());
    await eventually(() => expect(callsTo('/api/Authenticate/sessionEnd')).toHaveLength(1));
    await act(async () => {});
    expect(screen.getByRole('status').textContent).toBe(words);
    // Another reason is news, and replaces it.
    act(() => noteSessionEnd('self_excluded'));
    expect(screen.getByRole('status').textContent).toBe(LOGGED_OUT_MESSAGES.self_excluded);
  });

  it('says nothing after a logout of its own, nor once a new login has come', async () => {
    const { callsTo } = mount({ Status: true, Result: 'logged_out' });
    act(() => clearStoredLogin());
    await eventually(() => expect(callsTo('/api/Authenticate/sessionEnd')).toHaveLength(1));
    await act(async () => {});
    expect(screen.getByRole('status').textContent).toBe('none');

    const { callsTo: later } = mount({ Status: true, Result: 'new_login' });
    act(() => storeLogin({ ...TEST_LOGIN, Token: 'newer' }));
    await eventually(() => expect(later('/api/Authenticate/sessionEnd')).toHaveLength(1));
    await act(async () => {});
    expect(screen.getAllByRole('status').map((probe) => probe.textContent)).toEqual([
      'none',
      'none',
    ]);
  });
});
