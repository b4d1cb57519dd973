import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { PleaseWait } from '../../../../ui/please-wait';
import { createUser } from '../api/create-user';
import { useAgentMe } from '../api/get-me';
import { consoleKeys } from '../query-keys';
import { ActionDialog } from '../../components/action-dialog';
import { LEVEL_LABELS } from '../../sections';
import {
  checkDraft,
  CREATE_FIELDS,
  creatableLevels,
  creationStatement,
  fieldOfRefusal,
  type CreateDraft,
  type CreateErrors,
  type CreateField,
  type CreateUserBody,
} from './create-user-fields';
import { MIN_PASSWORD, percentText, type AgentMe } from './user-effects';
import { Field } from './user-field';
import styles from './user-forms.module.css';
import page from './downline.module.css';

/**
 * A new user below the agent (docs/agents.md#levels): only the levels below its own, its shares
 * bounded by the agent's (docs/agents.md#partnership, #commission), confirmed in a dialog that
 * sends one Idempotency-Key per submission and the same on "Try again" (docs/decisions.md#api).
 * The agent's transaction password goes with it; a refusal lands on the field it is about.
 */
export function CreateUserForm({ onCreated }: { onCreated: () => void }) {
  const me = useAgentMe();
  return (
    <section className={page.screen} aria-labelledby="create-user-title">
      <h1 id="create-user-title" className={page.title}>
        Create user
      </h1>
      {me.isPending ? (
        <PleaseWait />
      ) : me.isError ? (
        <p className={styles.error} role="alert">
          {me.error.message}
        </p>
      ) : (
        <CreateUserFields me={me.data} onCreated={onCreated} />
      )}
    </section>
  );
}

function CreateUserFields({ me, onCreated }: { me: AgentMe; onCreated: () => void }) {
  const queryClient = useQueryClient();
  const levels = creatableLevels(me.level);
  const levelId = useId();
  const [draft, setDraft] = useState<CreateDraft>({
    level: levels[0] ?? 'client',
    username: '',
    password: '',
    creditReference: '0',
    partnership: '',
    matchCommission: '0',
    sessionCommission: '0',
    transactionPassword: '',
  });
  const [errors, setErrors] = useState<CreateErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<CreateUserBody | null>(null);
  // Focus goes to a field after the dialog has closed (and given the focus back to the button).
  const [focusOn, setFocusOn] = useState<{ field: CreateField } | null>(null);
  const inputs = useRef<Partial<Record<CreateField, HTMLInputElement | HTMLSelectElement | null>>>(
    {},
  );
  useEffect(() => {
    if (focusOn) inputs.current[focusOn.field]?.focus();
  }, [focusOn]);

  const set = (field: Exclude<CreateField, 'level'>) => (value: string) => {
    setDraft((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const showErrors = (found: CreateErrors) => {
    setErrors(found);
    const first = CREATE_FIELDS.find((field) => found[field]);
    if (first) setFocusOn({ field: first });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const checked = checkDraft(draft, me);
    if (checked.errors) return showErrors(checked.errors);
    setErrors({});
    setConfirming(checked.body);
  };

  const isClient = draft.level === 'client';
  const text = (field: Exclude<CreateField, 'level'>) => ({
    value: draft[field],
    error: errors[field],
    inputRef: (element: HTMLInputElement | null) => {
      inputs.current[field] = element;
    },
    onChange: (event: { target: { value: string } }) => set(field)(event.target.value),
  });

  return (
    <>
      <form className={styles.form} aria-label="Create user" onSubmit={submit} noValidate>
        <div className={styles.field}>
          <label htmlFor={levelId}>Level</label>
          <select
            id={levelId}
            ref={(element) => {
              inputs.current.level = element;
            }}
            value={draft.level}
            aria-invalid={errors.level ? true : undefined}
            aria-describedby={errors.level ? `${levelId}-error` : undefined}
            onChange={(event) => {
              const level = levels.find((each) => each === event.target.value);
              if (level) setDraft((current) => ({ ...current, level }));
            }}
          >
            {levels.map((level) => (
              <option key={level} value={level}>
                {LEVEL_LABELS[level]}
              </option>
            ))}
          </select>
          {errors.level && (
            <p id={`${levelId}-error`} className={styles.error} role="alert">
              {errors.level}
            </p>
          )}
        </div>
        <Field label="Username" autoComplete="off" maxLength={32} {...text('username')} />
        <Field
          label="Password"
          type="password"
          autoComplete="new-password"
          hint={`At least ${MIN_PASSWORD} characters`}
          maxLength={256}
          {...text('password')}
        />
        <Field label="Credit reference (₹)" inputMode="decimal" {...text('creditReference')} />
        {!isClient && (
          <Field
            label="Partnership (%)"
            inputMode="decimal"
            hint={`At most ${percentText(me.partnership)}, your own`}
            {...text('partnership')}
          />
        )}
        <Field
          label="Match commission (%)"
          inputMode="decimal"
          hint={`At most ${percentText(me.matchCommission)}, your own`}
          {...text('matchCommission')}
        />
        <Field
          label="Session commission (%)"
          inputMode="decimal"
          hint={`At most ${percentText(me.sessionCommission)}, your own`}
          {...text('sessionCommission')}
        />
        <Field
          label="Your transaction password"
          type="password"
          autoComplete="off"
          maxLength={256}
          {...text('transactionPassword')}
        />
        {formError && (
          <p className={`${styles.error} ${styles.whole}`} role="alert">
            {formError}
          </p>
        )}
        <div className={styles.actions}>
          <button type="submit" className={styles.primary}>
            Create user
          </button>
        </div>
      </form>
      {confirming && (
        <ActionDialog
          title="Create user"
          statement={creationStatement(confirming)}
          confirmLabel="Create"
          send={({ idempotencyKey }) => createUser(confirming, idempotencyKey)}
          onAnswered={(answer) => {
            void queryClient.invalidateQueries({ queryKey: consoleKeys.downlines() });
            if (answer.Status) return onCreated();
            const field = fieldOfRefusal(answer);
            if (field) showErrors({ [field]: answer.Result });
            else setFormError(answer.Result);
          }}
          onClose={() => setConfirming(null)}
        />
      )}
    </>
  );
}
