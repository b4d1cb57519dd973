import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { getStoredLogin } from '../../../lib/session';
import { jsonResponse, stubFetch } from '../../../test/fetch';
import { stubGeolocation } from '../../../test/geolocation';
import { noteSessionEnd } from '../stores/logged-out-notice';
import { LOGIN_MESSAGES, LoginForm } from './login-form';
import { eventually } from '../../../test/eventually';
import { TestToaster } from '../../../test/toaster';

const data = { Token: 'tok', uid: 3, UserName: 'asha', IsValidToken: 'abc' };

function renderForm(onLoggedIn = vi.fn()) {
  render(
    <>
      <LoginForm onLoggedIn={onLoggedIn} />
      <TestToaster />
    </>,
  );
  return { onLoggedIn };
}

async function fill(username: string, password: string) {
  await act(async () => {}); // let the location arrive
  fireEvent.change(screen.getByLabelText('Username'), { target: { value: username } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Submit' }));

describe('login form', () => {
  it('asks for the location when it is not known', async () => {
    stubGeolocation('silent');
    const { fetch } = stubFetch({ body: {} });
    renderForm();
    await fill('asha', 'secret');
    submit();
    expect(await screen.findByText(LOGIN_MESSAGES.geolocation)).toBeTruthy();
    expect(LOGIN_MESSAGES.geolocation).toBe(
      'Geolocation is required to log in. Please enable location services. and wait for 10 sec.',
    );
    expect(fetch).not.toHaveBeenCalled();
  });

  it('alerts when the browser denies the location', async () => {
    stubGeolocation('denied');
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    renderForm();
    await act(async () => {});
    expect(alert).toHaveBeenCalledWith('Please Allow Location to Access this Application');
  });

  it('shows the location rule in the form while the location is denied', async () => {
    stubGeolocation('denied');
    vi.stubGlobal('alert', vi.fn());
    renderForm();
    expect((await screen.findByRole('alert')).textContent).toBe(LOGIN_MESSAGES.geolocation);
  });

  it('says why the last session ended until the next login attempt', async () => {
    stubGeolocation('known');
    stubFetch({ body: { Status: false, Result: 'Invalid username or password' } });
    act(() => noteSessionEnd('new_login'));
    renderForm();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'You were logged out because your account signed in on another device',
    );
    await fill('asha', 'wrong');
    submit();
    await eventually(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(sessionStorage.getItem('loggedOutNotice')).toBeNull();
  });

  it('requires a username after trimming, then a password', async () => {
    stubGeolocation('known');
    const { fetch } = stubFetch({ body: {} });
    renderForm();
    await fill('   ', 'secret');
    submit();
    expect(await screen.findByText('Username is required')).toBeTruthy();
    await fill('asha', '');
    submit();
    expect(await screen.findByText('Password is required')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('stores the session and moves on when the server says Status true', async () => {
    stubGeolocation('known');
    const { calls } = stubFetch({ body: { Status: true, Result: 'Login successful', data } });
    const { onLoggedIn } = renderForm();
    await fill('  asha ', 'secret');
    submit();
    await eventually(() => expect(onLoggedIn).toHaveBeenCalled());
    expect(getStoredLogin()).toEqual(data);
    expect(JSON.parse(localStorage.getItem('loginUserDetails') ?? '')).toEqual(data);
    expect(localStorage.getItem('isLoggedIn')).toBe('true');
    expect(JSON.parse(calls[0]?.init?.body as string)).toEqual({
      username: 'asha',
      password: 'secret',
      LatLong: '19.076000,72.877700',
    });
  });

  it("shows the server's Result as it is", async () => {
    stubGeolocation('known');
    stubFetch({ body: { Status: false, Result: 'Invalid username or password' } });
    renderForm();
    await fill('asha', 'wrong');
    submit();
    // sonner's store outlives a test: a slow run may still show an earlier test's toast.
    expect((await screen.findAllByText('Invalid username or password')).length).toBeGreaterThan(0);
  });

  it("says 'Login failed. Please try again.' when a refusal has no Result", async () => {
    stubGeolocation('known');
    stubFetch({ body: { Status: false, Result: '' } });
    renderForm();
    await fill('asha', 'wrong');
    submit();
    expect(await screen.findByText('Login failed. Please try again.')).toBeTruthy();
  });

  it("shows a thrown error's message, or the generic one", async () => {
    stubGeolocation('known');
    stubFetch({
      status: 429,
      body: { Status: false, Result: 'Too many failed logins. Try again in 30 seconds.' },
    });
    renderForm();
    await fill('asha', 'wrong');
    submit();
    expect(
      await screen.findByText('Too many failed logins. Try again in 30 seconds.'),
    ).toBeTruthy();

    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new DOMException('', 'AbortError')));
    submit();
    expect(await screen.findByText('An unexpected error occurred. Please try again.')).toBeTruthy();
  });

  it("reads 'Loading... Please wait !!' while busy and goes back to idle", async () => {
    stubGeolocation('known');
    let answer!: (response: Response) => void;
    stubFetch(new Promise<Response>((resolve) => (answer = resolve)));
    renderForm();
    await fill('asha', 'wrong');
    submit();
    const busy = await screen.findByRole('button', { name: 'Loading... Please wait !!' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    await act(async () =>
      answer(jsonResponse({ Status: false, Result: 'Invalid username or password' })),
    );
    expect(await screen.findByRole('button', { name: 'Submit' })).toBeTruthy();
  });

  it('remembers the username when Remember me is checked, forgets it otherwise, and prefills it', async () => {
    stubGeolocation('known');
    stubFetch({ body: { Status: false, Result: 'Invalid username or password' } });
    renderForm();
    await fill('asha', 'x');
    fireEvent.click(screen.getByLabelText('Remember me'));
    submit();
    await screen.findAllByText('Invalid username or password');
    expect(localStorage.getItem('rememberedUsername')).toBe('asha');

    renderForm();
    await act(async () => {});
    const prefilled = screen.getAllByLabelText<HTMLInputElement>('Username')[1];
    expect(prefilled?.value).toBe('asha');
    expect(screen.getAllByLabelText<HTMLInputElement>('Remember me')[1]?.checked).toBe(true);
    fireEvent.click(screen.getAllByLabelText('Remember me')[1] as HTMLElement);
    fireEvent.change(screen.getAllByLabelText('Password')[1]!, { target: { value: 'x' } });
    fireEvent.click(screen.getAllByRole('button', { name: 'Submit' })[1]!);
    await eventually(() => expect(localStorage.getItem('rememberedUsername')).toBeNull());
  });

  it('shows and hides the password', async () => {
    stubGeolocation('known');
    renderForm();
    const input = screen.getByLabelText<HTMLInputElement>('Password');
    expect(input.type).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input.type).toBe('text');
    fireEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(input.type).toBe('password');
  });
});
