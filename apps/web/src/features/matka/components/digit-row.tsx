import styles from './matka.module.css';

/** A row of toggles (rows A and B of crossing and Harup); each says whether it is chosen. */
export function ToggleRow({
  label,
  entries,
  selected,
  onToggle,
}: {
  label: string;
  entries: readonly string[];
  selected: readonly string[];
  onToggle: (entry: string) => void;
}) {
  return (
    <div className={styles.row} role="group" aria-label={label}>
      <span className={styles.rowLabel} aria-hidden="true">
        {label.slice(-1)}
      </span>
      <div className={styles.toggles}>
        {entries.map((entry) => (
          <button
            key={entry}
            type="button"
            className={styles.toggle}
            aria-pressed={selected.includes(entry)}
            aria-label={`${label} ${entry}`}
            onClick={() => onToggle(entry)}
          >
            {entry}
          </button>
        ))}
      </div>
    </div>
  );
}

/** Adds an entry, or removes it when already chosen. */
export const toggled = <T extends string>(list: readonly T[], entry: T): T[] =>
  list.includes(entry) ? list.filter((item) => item !== entry) : [...list, entry];
