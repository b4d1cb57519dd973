import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { toast } from '../../../../lib/toast';
import { ApiError, isWorthRetrying } from '../../../../lib/api';
import { PleaseWait } from '../../../../ui/please-wait';
import { useAgentMe } from '../api/get-me';
import { setTransactionPassword } from '../api/transaction-password';
import { consoleKeys } from '../query-keys';
import { MIN_PASSWORD, PASSWORD_PROBLEM, type AgentMe } from './user-effects';
import { Field } from './user-field';
import styles from './user-forms.module.css';
import page from './downline.module.css';

type PasswordField = 'current' | 'password' | 'confirm';
type PasswordErrors = Partial<Record<PasswordField, string>>;

export const MISMATCH = 'The two passwords differ';
const NO_ANSWER =
  'No answer from the server: your transaction password may or may not have been set. Check before trying again.';

/**
 * The agent's transaction password, asked before every action on its downline
 * (docs/agents.md#controls): the first login sets one (new and confirmed), which every other
 * console screen waits for; after that it is changed with the current one.
 */
export function TransactionPasswordForm({ onDone }: { onDone: () => void }) {
  const me = useAgentMe();
  return (
    <section className={page.screen} aria-labelledby="transaction-password-title">
      <h1 id="transaction-password-title" className={page.title}>
        {me.data?.needsTransactionPassword === false
          ? 'Change your transaction password'
          : 'Set your transaction password'}
      </h1>
      {me.isPending ? (
        <PleaseWait />
      ) : me.isError ? (
        <p className={styles.error} role="alert">
          {me.error.message}
        </p>
      ) : (
        <PasswordFields isFirst={me.data.needsTransactionPassword} onDone={onDone} />
      )}
    </section>
  );
}

function PasswordFields({ isFirst, onDone }: { isFirst: boolean; onDone: () => void }) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Record<PasswordField, string>>({
    current: '',
    password: '',
    confirm: '',
  });
  const [errors, setErrors] = useState<PasswordErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);
  const [focusOn, setFocusOn] = useState<{ field: PasswordField } | null>(null);
  const inputs = useRef<Partial<Record<PasswordField, HTMLInputElement | null>>>({});
  useEffect(() => {
    if (focusOn) inputs.current[focusOn.field]?.focus();
  }, [focusOn]);

  const showErrors = (found: PasswordErrors) => {
    setErrors(found);
    const first = (['current', 'password', 'confirm'] as const).find((field) => found[field]);
    if (first) setFocusOn({ field: first });
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (isBusy) return;
    setFormError(null);
    const found: PasswordErrors = {};
    if (!isFirst && values.current === '')
      found.current = 'Enter your current transaction password';
    if (values.password.length < MIN_PASSWORD) found.password = PASSWORD_PROBLEM;
    else if (values.confirm !== values.password) found.confirm = MISMATCH;
    if (Object.keys(found).length > 0) return showErrors(found);
    setErrors({});
    setBusy(true);
    try {
      const answer = await setTransactionPassword({
        password: values.password,
        ...(isFirst ? {} : { current: values.current }),
      });
      if (answer.Status) {
        toast.success(answer.Result);
        // The console's guard reads this at once: it must not send the agent back here.
        queryClient.setQueryData(consoleKeys.me(), (old: AgentMe | undefined) =>
          old ? { ...old, needsTransactionPassword: false } : old,
        );
        void queryClient.invalidateQueries({ queryKey: consoleKeys.me() });
        onDone();
        return;
      }
      // The server's words, on the field they are about.
      const message = answer.Result;
      if (/current|wrong transaction password/i.test(message) && !isFirst)
        showErrors({ current: message });
      else if (/at least/i.test(message)) showErrors({ password: message });
      else {
        setFormError(message);
        // Set meanwhile (another tab): the form turns to a change, with the current one.
        void queryClient.invalidateQueries({ queryKey: consoleKeys.me() });
      }
    } catch (failure) {
      if (isWorthRetrying(failure)) setFormError(NO_ANSWER);
      else if (!(failure instanceof ApiError && failure.status === 401))
        setFormError(failure instanceof Error ? failure.message : 'The password was not set');
    } finally {
      setBusy(false);
    }
  }

  const field = (name: PasswordField) => ({
    type: 'password',
    maxLength: 256,
    value: values[name],
    error: errors[name],
    readOnly: isBusy,
    inputRef: (element: HTMLInputElement | null) => {
      inputs.current[name] = element;
    },
    onChange: (event: { target: { value: string } }) => {
      const value = event.target.value;
      setValues((current) => ({ ...current, [name]: value }));
      if (errors[name]) setErrors((current) => ({ ...current, [name]: undefined }));
    },
  });

  return (
    <form
      className={styles.form}
      aria-label="Transaction password"
      onSubmit={(event) => void submit(event)}
      noValidate
    >
      <p className={`${styles.note} ${styles.whole}`}>
        {isFirst
          ? 'Every deposit, withdrawal and setting you make for your downline asks for your transaction password. Set it before anything else; keep it apart from your login password.'
          : 'Every deposit, withdrawal and setting you make for your downline asks for it.'}
      </p>
      {!isFirst && (
        <Field
          label="Current transaction password"
          autoComplete="current-password"
          {...field('current')}
        />
      )}
      <Field
        label="New transaction password"
        autoComplete="new-password"
        hint={`At least ${MIN_PASSWORD} characters`}
        {...field('password')}
      />
      <Field
        label="Confirm the new transaction password"
        autoComplete="new-password"
        {...field('confirm')}
      />
      {formError && (
        <p className={`${styles.error} ${styles.whole}`} role="alert">
          {formError}
        </p>
      )}
      <div className={styles.actions}>
        <button type="submit" className={styles.primary} disabled={isBusy}>
          {isBusy
            ? 'Saving…'
            : isFirst
              ? 'Set transaction password'
              : 'Change transaction password'}
        </button>
      </div>
    </form>
  );
}
