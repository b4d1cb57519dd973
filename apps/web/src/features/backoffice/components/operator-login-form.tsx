import { useId, useState, type FormEvent } from 'react';
import { ApiError } from '../../../lib/api';
import { readJson, STORAGE_KEYS } from '../../../lib/storage';
import { logInAgent, logInOperator } from '../api/log-in';
import { storeBackofficeLogin, type BackofficeLogin } from '../session';
import styles from './operator-login.module.css';

export const OPERATOR_LOGIN_MESSAGES = {
  username: 'Enter your username',
  password: 'Enter your password',
  code: 'Enter the six digits your authenticator shows',
  agentCode: 'The code is the six digits your authenticator shows, or nothing if you have none',
  unexpected: 'Login failed: the server could not be reached. Try again.',
} as const;

type Field = 'username' | 'password' | 'code';

/** Who logs in: a user of the agent network (admin, super master, master, agent) or house staff. */
export type LoginAs = 'agent' | 'operator';

/** The choice is remembered on this device: an agent logs in as an agent again. */
const rememberedLoginAs = (): LoginAs =>
  readJson<unknown>(STORAGE_KEYS.backofficeLoginAs) === 'operator' ? 'operator' : 'agent';

/** The login page's body: the form, centred on a plain page. */
export function OperatorLoginScreen({
  onLoggedIn,
}: {
  onLoggedIn: (login: BackofficeLogin) => void;
}) {
  return (
    <main className={styles.screen}>
      <OperatorLoginForm onLoggedIn={onLoggedIn} />
    </main>
  );
}

/**
 * The back office's login: an agent (any level above the clients) or house staff, then username,
 * password and the six-digit code of their authenticator (TOTP) — staff always have one, an
 * agent when it has set one. The answer's token is stored as the back office's login only
 * (`session.ts`), never as a client's; a refusal shows the server's own words.
 */
export function OperatorLoginForm({
  onLoggedIn,
}: {
  onLoggedIn: (login: BackofficeLogin) => void;
}) {
  const ids = {
    as: useId(),
    title: useId(),
    username: useId(),
    password: useId(),
    code: useId(),
    error: useId(),
  };
  const [loginAs, setLoginAs] = useState<LoginAs>(rememberedLoginAs);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<{ field?: Field; message: string } | null>(null);
  const [isBusy, setBusy] = useState(false);

  function check(): { field: Field; message: string } | null {
    if (username.trim() === '')
      return { field: 'username', message: OPERATOR_LOGIN_MESSAGES.username };
    if (password === '') return { field: 'password', message: OPERATOR_LOGIN_MESSAGES.password };
    if (loginAs === 'agent')
      return code === '' || /^\d{6}$/.test(code)
        ? null
        : { field: 'code', message: OPERATOR_LOGIN_MESSAGES.agentCode };
    if (!/^\d{6}$/.test(code)) return { field: 'code', message: OPERATOR_LOGIN_MESSAGES.code };
    return null;
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isBusy) return;
    const problem = check();
    if (problem) {
      setError(problem);
      document.getElementById(ids[problem.field])?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const answer = await logIn(loginAs, { username: username.trim(), password, code });
      if (answer.ok) {
        try {
          localStorage.setItem(STORAGE_KEYS.backofficeLoginAs, JSON.stringify(loginAs));
        } catch {
          // A device that keeps nothing asks again next time.
        }
        storeBackofficeLogin(answer.login);
        onLoggedIn(answer.login);
        return;
      }
      setError({ message: answer.Result });
      setCode('');
    } catch (failure) {
      // A refusal answered with a 4xx carries the server's words; no answer carries none.
      const message = failure instanceof ApiError && failure.status !== 0 ? failure.message : '';
      setError({ message: message || OPERATOR_LOGIN_MESSAGES.unexpected });
      setCode('');
    } finally {
      setBusy(false);
    }
  }

  const invalid = (field: Field) => error?.field === field;
  const describedBy = (field: Field) => (invalid(field) ? ids.error : undefined);
  return (
    <form
      className={styles.form}
      aria-labelledby={ids.title}
      onSubmit={(event) => void submit(event)}
      noValidate
    >
      <h1 id={ids.title} className={styles.title}>
        Back office login
      </h1>
      <fieldset className={styles.choice}>
        <legend>Log in as</legend>
        {(
          [
            ['agent', 'Agent'],
            ['operator', 'House staff'],
          ] as const
        ).map(([value, label]) => (
          <label key={value}>
            <input
              type="radio"
              name="login-as"
              value={value}
              checked={loginAs === value}
              onChange={() => setLoginAs(value)}
            />
            {label}
          </label>
        ))}
      </fieldset>
      <div className={styles.field}>
        <label htmlFor={ids.username}>Username</label>
        <input
          id={ids.username}
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          value={username}
          aria-invalid={invalid('username')}
          aria-describedby={describedBy('username')}
          onChange={(event) => setUsername(event.target.value)}
        />
      </div>
      <div className={styles.field}>
        <label htmlFor={ids.password}>Password</label>
        <input
          id={ids.password}
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          aria-invalid={invalid('password')}
          aria-describedby={describedBy('password')}
          onChange={(event) => setPassword(event.target.value)}
        />
      </div>
      <div className={styles.field}>
        <label htmlFor={ids.code}>
          Six-digit code{loginAs === 'agent' ? ' (if you set an authenticator)' : ''}
        </label>
        <input
          id={ids.code}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="\d{6}"
          maxLength={6}
          value={code}
          aria-invalid={invalid('code')}
          aria-describedby={describedBy('code')}
          onChange={(event) => setCode(event.target.value.replace(/\D/g, '').slice(0, 6))}
        />
      </div>
      {error && (
        <p id={ids.error} className={styles.error} role="alert">
          {error.message}
        </p>
      )}
      <button type="submit" className={styles.submit} disabled={isBusy}>
        {isBusy ? 'Logging in…' : 'Log in'}
      </button>
    </form>
  );
}

type LoginAnswer = { ok: true; login: BackofficeLogin } | { ok: false; Result: string };

/** The login of `as`, its answer as the session keeps it. */
async function logIn(
  as: LoginAs,
  form: { username: string; password: string; code: string },
): Promise<LoginAnswer> {
  if (as === 'operator') {
    const answer = await logInOperator(form);
    if (!answer.Status) return { ok: false, Result: answer.Result };
    const { token, username, role } = answer.Result;
    return { ok: true, login: { token, username, role } };
  }
  const answer = await logInAgent({
    username: form.username,
    password: form.password,
    ...(form.code === '' ? {} : { code: form.code }),
  });
  if (!answer.Status) return { ok: false, Result: answer.Result };
  const { token, username, level } = answer.Result;
  return { ok: true, login: { kind: 'agent', token, username, level } };
}
