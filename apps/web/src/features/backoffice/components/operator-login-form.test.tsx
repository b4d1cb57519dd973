import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { getStoredLogin } from '../../../lib/session';
import { routeFetch } from '../../../test/fetch';
import {
  clearBackofficeLogin,
  getAgentLogin,
  getOperatorLogin,
  OPERATOR_SESSION_KEY,
} from '../session';
import '../testing';
import { OPERATOR_LOGIN_MESSAGES, OperatorLoginForm } from './operator-login-form';
import { eventually } from '../../../test/eventually';

const LOGIN = '/api/backoffice/login';
const ANSWER = { token: 'op-1', username: 'ravi', role: 'risk', idleS: 900 };

function renderForm(as: 'House staff' | 'Agent' = 'House staff') {
  const onLoggedIn = vi.fn();
  render(<OperatorLoginForm onLoggedIn={onLoggedIn} />);
  fireEvent.click(screen.getByRole('radio', { name: as }));
  return { onLoggedIn };
}

function fill(username: string, password: string, code: string) {
  fireEvent.change(screen.getByLabelText('Username'), { target: { value: username } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.change(screen.getByLabelText('Six-digit code'), { target: { value: code } });
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Log in' }));

describe('back office login form', () => {
  it('logs an agent in at the agent door, without a code when it has none, and remembers the choice', async () => {
    localStorage.removeItem('backlay.backoffice.as');
    const AGENT = '/api/agent/login';
    const { callsTo } = routeFetch({
      [AGENT]: () => ({
        body: {
          Status: true,
          Result: {
            token: 'ag-1',
            username: 'rahul',
            level: 'master',
            needsTransactionPassword: false,
          },
        },
      }),
    });
    const onLoggedIn = vi.fn();
    render(<OperatorLoginForm onLoggedIn={onLoggedIn} />);
    // An agent is the default: most who log in here are.
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Agent' }).checked).toBe(true);
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'rahul' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Secret#2026' } });
    submit();
    await eventually(() => expect(onLoggedIn).toHaveBeenCalledTimes(1));
    expect(JSON.parse(callsTo(AGENT)[0]?.init?.body as string)).toEqual({
      username: 'rahul',
      password: 'Secret#2026',
    });
    const stored = { kind: 'agent', token: 'ag-1', username: 'rahul', level: 'master' };
    expect(onLoggedIn).toHaveBeenCalledWith(stored);
    expect(getAgentLogin()).toEqual(stored);
    expect(getOperatorLogin()).toBeNull();
    clearBackofficeLogin();
  });

  it('remembers house staff as the choice once a staff login succeeds', async () => {
    routeFetch({ [LOGIN]: () => ({ body: { Status: true, Result: ANSWER } }) });
    const { onLoggedIn } = renderForm('House staff');
    fill('ravi', 'Secret#2026', '123456');
    submit();
    await eventually(() => expect(onLoggedIn).toHaveBeenCalledTimes(1));
    expect(localStorage.getItem('backlay.backoffice.as')).toBe('"operator"');
    clearBackofficeLogin();
  });

  it("sends username, password and code, and stores the token as the operator's login only", async () => {
    const { callsTo } = routeFetch({ [LOGIN]: () => ({ body: { Status: true, Result: ANSWER } }) });
    const { onLoggedIn } = renderForm();
    fill(' ravi ', 'Secret#2026', '123456');
    submit();
    await eventually(() => expect(onLoggedIn).toHaveBeenCalledTimes(1));
    const [call] = callsTo(LOGIN);
    expect(call?.init?.method).toBe('POST');
    expect(JSON.parse(call?.init?.body as string)).toEqual({
      username: 'ravi',
      password: 'Secret#2026',
      code: '123456',
    });
    const stored = { token: 'op-1', username: 'ravi', role: 'risk' };
    expect(onLoggedIn).toHaveBeenCalledWith(stored);
    expect(getOperatorLogin()).toEqual(stored);
    expect(JSON.parse(sessionStorage.getItem(OPERATOR_SESSION_KEY) ?? 'null')).toEqual(stored);
    // Never the client's login.
    expect(getStoredLogin()).toBeNull();
    expect(localStorage.getItem('loginUserDetails')).toBeNull();
    expect(localStorage.getItem('isLoggedIn')).toBeNull();
  });

  it('asks for the code on a phone keypad, as a one-time code, and keeps only six digits', () => {
    renderForm();
    const code = screen.getByLabelText<HTMLInputElement>('Six-digit code');
    expect(code.getAttribute('inputmode')).toBe('numeric');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    fireEvent.change(code, { target: { value: '12a34 5678' } });
    expect(code.value).toBe('123456');
  });

  it('refuses a code that is not six digits before sending anything', () => {
    const { calls } = routeFetch({});
    renderForm();
    fill('ravi', 'Secret#2026', '1234');
    submit();
    expect(screen.getByRole('alert').textContent).toBe(OPERATOR_LOGIN_MESSAGES.code);
    expect(screen.getByLabelText('Six-digit code').getAttribute('aria-invalid')).toBe('true');
    expect(calls).toHaveLength(0);
  });

  it("shows the server's own words when it refuses, in a 200 or a 4xx", async () => {
    let count = 0;
    routeFetch({
      [LOGIN]: () =>
        (count += 1) === 1
          ? { body: { Status: false, Result: 'Wrong username, password or code' } }
          : { status: 429, body: { Status: false, Result: 'Too many attempts: wait 30 s' } },
    });
    const { onLoggedIn } = renderForm();
    fill('ravi', 'wrong', '000000');
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe('Wrong username, password or code');
    expect(screen.getByLabelText<HTMLInputElement>('Six-digit code').value).toBe('');
    fill('ravi', 'wrong', '000000');
    submit();
    await eventually(() =>
      expect(screen.getByRole('alert').textContent).toBe('Too many attempts: wait 30 s'),
    );
    expect(onLoggedIn).not.toHaveBeenCalled();
    expect(getOperatorLogin()).toBeNull();
  });
});
