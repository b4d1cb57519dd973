import { useId, useState, type FormEvent } from 'react';
import { toast } from '../../../lib/toast';
import { ApiError } from '../../../lib/api';
import { useGeolocation } from '../../../lib/geolocation';
import { storeLogin } from '../../../lib/session';
import { STORAGE_KEYS } from '../../../lib/storage';
import { validateLogin } from '../api/validate-login';
import { clearLoggedOutNotice, useLoggedOutNotice } from '../stores/logged-out-notice';
import styles from './login-form.module.css';

/** docs/product.md#validation and #errors, word for word. */
export const LOGIN_MESSAGES = {
  geolocation:
    'Geolocation is required to log in. Please enable location services. and wait for 10 sec.',
  username: 'Username is required',
  password: 'Password is required',
  failed: 'Login failed. Please try again.',
  unexpected: 'An unexpected error occurred. Please try again.',
  busy: 'Loading... Please wait !!',
} as const;

export interface LoginFormProps {
  /** Called after the session is stored. */
  readonly onLoggedIn: () => void;
}

/** The login form of docs/product.md#screens, #states, #validation and #errors. */
export function LoginForm({ onLoggedIn }: LoginFormProps) {
  const location = useGeolocation();
  const loggedOut = useLoggedOutNotice();
  const remembered = localStorage.getItem(STORAGE_KEYS.rememberedUsername) ?? '';
  const [username, setUsername] = useState(remembered);
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [remember, setRemember] = useState(remembered !== '');
  const [busy, setBusy] = useState(false);
  const ids = { username: useId(), password: useId() };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    clearLoggedOutNotice();
    if (location.status !== 'known') {
      toast.error(LOGIN_MESSAGES.geolocation);
      return;
    }
    const name = username.trim();
    if (name === '') {
      toast.error(LOGIN_MESSAGES.username);
      return;
    }
    if (password === '') {
      toast.error(LOGIN_MESSAGES.password);
      return;
    }
    if (remember) localStorage.setItem(STORAGE_KEYS.rememberedUsername, name);
    else localStorage.removeItem(STORAGE_KEYS.rememberedUsername);

    setBusy(true);
    try {
      const answer = await validateLogin({ username: name, password, LatLong: location.latLong });
      if (answer.Status) {
        storeLogin(answer.data);
        onLoggedIn();
        return;
      }
      toast.error(answer.Result || LOGIN_MESSAGES.failed);
    } catch (error) {
      const message = error instanceof ApiError || error instanceof Error ? error.message : '';
      toast.error(message || LOGIN_MESSAGES.unexpected);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
      <h1 className={styles.title}>Login</h1>
      {loggedOut && (
        <p className={styles.notice} role="alert">
          {loggedOut}
        </p>
      )}
      <div className={styles.field}>
        <label htmlFor={ids.username}>Username</label>
        <input
          id={ids.username}
          name="username"
          autoComplete="username"
          value={username}
          onChange={(event) => setUsername(event.target.value)}
          placeholder="Enter username"
        />
      </div>
      <div className={styles.field}>
        <label htmlFor={ids.password}>Password</label>
        <span className={styles.passwordRow}>
          <input
            id={ids.password}
            name="password"
            type={showPassword ? 'text' : 'password'}
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            placeholder="Enter password"
          />
          <button
            type="button"
            className={styles.toggle}
            onClick={() => setShowPassword((shown) => !shown)}
            aria-label={showPassword ? 'Hide password' : 'Show password'}
            aria-pressed={showPassword}
          >
            {showPassword ? 'Hide' : 'Show'}
          </button>
        </span>
      </div>
      <label className={styles.remember}>
        <input
          type="checkbox"
          checked={remember}
          onChange={(event) => setRemember(event.target.checked)}
        />
        Remember me
      </label>
      <button type="submit" className={styles.submit} disabled={busy}>
        {busy ? LOGIN_MESSAGES.busy : 'Submit'}
      </button>
      {location.status === 'pending' && <p className={styles.hint}>Finding your location…</p>}
      {(location.status === 'denied' || location.status === 'unavailable') && (
        // docs/product.md#validation: the words of the login's location rule, in the form and not only on Submit.
        <p className={styles.locationError} role="alert">
          {LOGIN_MESSAGES.geolocation}
        </p>
      )}
    </form>
  );
}
