import type { SignupField } from '@backlay/contract/agents';
import { useId, useState, type FormEvent, type InputHTMLAttributes, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ApiError, isWorthRetrying } from '../../../lib/api';
import { sendSignup } from '../api/send-signup';
import styles from './signup-form.module.css';

/** What the form says of each field it cannot send, and of what happens next. */
export const SIGNUP_MESSAGES = {
  username: 'Choose a username of 3 to 32 letters, digits, dots, dashes or underscores',
  name: 'Enter your name',
  password: 'Your password needs at least 8 characters',
  mobile: 'Enter your 10-digit mobile number: it starts with 6, 7, 8 or 9',
  referralCode: 'Enter the referral code your agent gave you',
  adult: 'You must be over 18 to join',
  noAnswer: 'No answer from the server: check your connection and try again.',
  busy: 'Sending…',
  nextStep:
    'Your agent confirms your mobile number with you, then approves your account. Until then you cannot log in.',
} as const;

const USERNAME = /^[A-Za-z0-9_.-]{3,32}$/;
const MOBILE = /^[6-9]\d{9}$/;

/** A mobile number as typed ("98765 43210", "+91 98765-43210", "098…") as its ten digits. */
export function mobileDigits(typed: string): string {
  const digits = typed.replace(/[\s()-]/g, '').replace(/^\+?91(?=\d{10}$)/, '');
  return digits.replace(/^0(?=\d{10}$)/, '');
}

interface Fields {
  readonly username: string;
  readonly name: string;
  readonly password: string;
  readonly mobile: string;
  readonly referralCode: string;
  readonly adult: boolean;
}

type Errors = Partial<Record<SignupField, string>>;

/** The fields top down, as the form shows them. */
const FIELD_ORDER: readonly SignupField[] = [
  'username',
  'name',
  'password',
  'mobile',
  'referralCode',
  'adult',
];

/** What stops the form from going, field by field, in the form's order. */
function problems(fields: Fields): Errors {
  const errors: Errors = {};
  if (!USERNAME.test(fields.username.trim())) errors.username = SIGNUP_MESSAGES.username;
  if (fields.name.trim().length < 2) errors.name = SIGNUP_MESSAGES.name;
  if (fields.password.length < 8) errors.password = SIGNUP_MESSAGES.password;
  if (!MOBILE.test(mobileDigits(fields.mobile))) errors.mobile = SIGNUP_MESSAGES.mobile;
  if (fields.referralCode.trim() === '') errors.referralCode = SIGNUP_MESSAGES.referralCode;
  if (!fields.adult) errors.adult = SIGNUP_MESSAGES.adult;
  return errors;
}

/**
 * Sign-up through an agent (docs/agents.md#sign-up): the visitor asks to become a client of the
 * agent whose referral code they give (filled in from a sign-up link's `?ref=`). The agent
 * confirms the mobile number with them and approves, or declines; no code is sent to the
 * number. Refusals are shown beside the field they are about.
 */
export function SignupForm({ loginHref }: { loginHref: string }) {
  const [search] = useSearchParams();
  const [fields, setFields] = useState<Fields>({
    username: '',
    name: '',
    password: '',
    mobile: '',
    referralCode: search.get('ref') ?? '',
    adult: false,
  });
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const ids = {
    username: useId(),
    name: useId(),
    password: useId(),
    mobile: useId(),
    mobileNote: useId(),
    referralCode: useId(),
    adult: useId(),
  };

  const change = <K extends keyof Fields>(key: K, value: Fields[K]) => {
    setFields((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };

  /** Takes the visitor to the first field to fix, whose error its input names. */
  const focusFirst = (found: Errors) => {
    const first = FIELD_ORDER.find((field) => found[field] !== undefined);
    if (first) document.getElementById(ids[first])?.focus();
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const found = problems(fields);
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0) {
      focusFirst(found);
      return;
    }
    setBusy(true);
    try {
      const answer = await sendSignup({
        username: fields.username.trim(),
        password: fields.password,
        name: fields.name.trim(),
        countryCode: '+91',
        mobile: mobileDigits(fields.mobile),
        referralCode: fields.referralCode.trim(),
        adult: true,
      });
      if (answer.Status) setSent(answer.Result);
      else if (answer.field) {
        setErrors({ [answer.field]: answer.Result });
        focusFirst({ [answer.field]: answer.Result });
      } else setFormError(answer.Result);
    } catch (error) {
      setFormError(
        // A lost answer: sending the same form again is safe (the agent gets it once).
        error instanceof ApiError && !isWorthRetrying(error)
          ? error.message
          : SIGNUP_MESSAGES.noAnswer,
      );
    } finally {
      setBusy(false);
    }
  }

  if (sent !== null)
    return (
      <section className={styles.form} aria-label="Request sent">
        <h1>Request sent</h1>
        <p role="status">{sent}</p>
        <p className={styles.note}>{SIGNUP_MESSAGES.nextStep}</p>
        <Link to={loginHref} className={styles.submit}>
          Go to login
        </Link>
      </section>
    );

  /** The error of `field`, under it and named by its input. */
  const errorOf = (field: SignupField): ReactNode =>
    errors[field] ? (
      <span id={`${ids[field]}-error`} className={styles.error}>
        {errors[field]}
      </span>
    ) : null;
  const described = (field: SignupField, ...more: string[]) => {
    const list = [...(errors[field] ? [`${ids[field]}-error`] : []), ...more].join(' ');
    return {
      id: ids[field],
      'aria-invalid': errors[field] ? true : undefined,
      'aria-describedby': list || undefined,
    };
  };
  /** A text field with its label and its error. */
  const text = (
    field: Exclude<SignupField, 'adult' | 'mobile'>,
    label: string,
    props: InputHTMLAttributes<HTMLInputElement>,
  ) => (
    <>
      <label>
        <span>{label}</span>
        <input
          name={field}
          value={fields[field]}
          onChange={(event) => change(field, event.target.value)}
          {...props}
          {...described(field)}
        />
      </label>
      {errorOf(field)}
    </>
  );

  return (
    <form
      className={styles.form}
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label="Sign up"
    >
      <h1>Sign up</h1>
      <p className={styles.note}>You join through an agent, who approves your account.</p>
      {formError && (
        <p className={styles.formError} role="alert">
          {formError}
        </p>
      )}
      {text('username', 'Username', { autoComplete: 'username', maxLength: 32 })}
      {text('name', 'Name', { autoComplete: 'name', maxLength: 64 })}
      {text('password', 'Password', {
        type: 'password',
        autoComplete: 'new-password',
        maxLength: 256,
      })}
      <div className={styles.phone}>
        <label>
          <span>Country code</span>
          <select name="countryCode" defaultValue="+91">
            <option value="+91">India +91</option>
          </select>
        </label>
        <label>
          <span>Mobile Number</span>
          <input
            name="mobile"
            inputMode="numeric"
            autoComplete="tel-national"
            maxLength={16}
            value={fields.mobile}
            onChange={(event) => change('mobile', event.target.value)}
            {...described('mobile', ids.mobileNote)}
          />
        </label>
      </div>
      {errorOf('mobile')}
      <p id={ids.mobileNote} className={styles.note}>
        No code is sent to your phone: your agent calls you on this number to confirm it.
      </p>
      {text('referralCode', 'Referral Code', { autoCapitalize: 'characters', maxLength: 32 })}
      <label className={styles.check}>
        <input
          type="checkbox"
          name="adult"
          checked={fields.adult}
          onChange={(event) => change('adult', event.target.checked)}
          {...described('adult')}
        />
        I am over 18 years old
      </label>
      {errorOf('adult')}
      <button type="submit" className={styles.submit} disabled={busy}>
        {busy ? SIGNUP_MESSAGES.busy : 'Join Now'}
      </button>
    </form>
  );
}
