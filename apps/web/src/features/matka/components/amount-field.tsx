import { useId } from 'react';
import styles from './matka.module.css';

/** A form's amount in whole rupees; the rules (greater than 0) are the domain's. */
export function AmountField({
  value,
  onChange,
  label = 'Amount',
}: {
  value: string;
  onChange: (value: string) => void;
  label?: string;
}) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

/** The entered text as a number for the domain's amount rule: empty is 0 (refused there). */
export function amountOf(text: string): number {
  const trimmed = text.trim();
  return trimmed === '' ? 0 : Number(trimmed);
}

/** The entered text as a number for a preview: null while nothing is entered. */
export function amountOrNull(text: string): number | null {
  const trimmed = text.trim();
  return trimmed === '' ? null : Number(trimmed);
}

/** A form's message (docs/product.md#validation), read out when it appears. */
export function FormMessage({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className={styles.message}>
      {message}
    </p>
  );
}
