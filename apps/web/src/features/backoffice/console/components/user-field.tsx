import { useId, type InputHTMLAttributes, type Ref } from 'react';
import styles from './user-forms.module.css';

/**
 * A labelled input of the console's forms: its hint and its error tied to it by
 * `aria-describedby`, the error marking it `aria-invalid` and announced (role=alert).
 */
export function Field({
  label,
  hint,
  error,
  inputRef,
  className,
  ...input
}: {
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
  inputRef?: Ref<HTMLInputElement> | undefined;
  className?: string | undefined;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'>) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ');
  return (
    <div className={className ? `${styles.field} ${className}` : styles.field}>
      <label htmlFor={id}>{label}</label>
      <input
        {...input}
        ref={inputRef}
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
      />
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className={styles.error} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
