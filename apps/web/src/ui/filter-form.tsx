import { useId, type FormEvent, type ReactNode } from 'react';
import styles from './filter-form.module.css';

/**
 * A report's filter bar: its fields side by side (stacked two by two on a phone) and a Submit
 * button; the caller applies the fields on submit. The browser's own validation runs first, so a
 * `min`/`max` on a date field stops a reversed range before any call.
 */
export function FilterForm({
  label,
  onSubmit,
  children,
}: {
  label: string;
  onSubmit: () => void;
  children: ReactNode;
}) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form aria-label={label} className={styles.form} onSubmit={submit}>
      {children}
      <button type="submit" className={styles.submit}>
        Submit
      </button>
    </form>
  );
}

/** A calendar-day field (`YYYY-MM-DD`, the wire's form of a report date). */
export function DateField({
  label,
  value,
  onChange,
  min,
  max,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  min?: string | undefined;
  max?: string | undefined;
}) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="date"
        required
        value={value}
        min={min}
        max={max}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

/**
 * From and To days of a report's date filter, both ends included; each bounds the other, so the
 * form cannot submit a reversed range.
 */
export function DateRangeFields({
  startDate,
  endDate,
  onChange,
}: {
  startDate: string;
  endDate: string;
  onChange: (range: { startDate: string; endDate: string }) => void;
}) {
  return (
    <>
      <DateField
        label="From"
        value={startDate}
        max={endDate || undefined}
        onChange={(value) => onChange({ startDate: value, endDate })}
      />
      <DateField
        label="To"
        value={endDate}
        min={startDate || undefined}
        onChange={(value) => onChange({ startDate, endDate: value })}
      />
    </>
  );
}

export interface SelectOption<V extends string> {
  readonly value: V;
  readonly label: string;
}

/** A labelled select of fixed options. */
export function SelectField<V extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: V;
  options: readonly SelectOption<V>[];
  onChange: (value: V) => void;
}) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={value}
        onChange={(event) => {
          const chosen = options.find((option) => option.value === event.target.value);
          if (chosen) onChange(chosen.value);
        }}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
