import { checkIsValid } from '@backlay/contract/auth';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { callApi } from '../../../lib/api';
import { clearStoredLogin, storeLogin } from '../../../lib/session';
import { routeFetch } from '../../../test/fetch';
import { TEST_LOGIN } from '../../../test/render';
import { LOGGED_OUT_MESSAGES, useLoggedOutNotice } from '../stores/logged-out-notice';
import { useSessionEndNotice } from './use-session-end-notice';

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
    await vi.waitFor(() =>
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
    await vi.waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        'You were logged out because your password was changed on another device',
      ),
    );
    expect(LOGGED_OUT_MESSAGES.expired).toBe('Your session expired. Please log in again.');
  });

  it('says nothing after a logout of its own, nor once a new login has come', async () => {
    const { callsTo } = mount({ Status: true, Result: 'logged_out' });
    act(() => clearStoredLogin());
    await vi.waitFor(() => expect(callsTo('/api/Authenticate/sessionEnd')).toHaveLength(1));
    await act(async () => {});
    expect(screen.getByRole('status').textContent).toBe('none');

    const { callsTo: later } = mount({ Status: true, Result: 'new_login' });
    act(() => storeLogin({ ...TEST_LOGIN, Token: 'newer' }));
    await vi.waitFor(() => expect(later('/api/Authenticate/sessionEnd')).toHaveLength(1));
    await act(async () => {});
    expect(screen.getAllByRole('status').map((probe) => probe.textContent)).toEqual([
      'none',
      'none',
    ]);
  });
});
