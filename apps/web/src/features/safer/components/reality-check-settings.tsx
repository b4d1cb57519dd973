/**
 * The reality check's section of the safer-betting page (docs/safer-gambling.md#reality-check):
 * the interval in force and the choice of another.
 */
import type { RealityCheckMinutes } from '@backlay/contract/safer';
import { useId, useState, type FormEvent } from 'react';
import { toast } from '../../../lib/toast';
import { useSetRealityCheck } from '../api/set-reality-check';
import { failureText, SAFER_TEXTS } from './safer-texts';
import buttons from '../../../ui/buttons.module.css';
import styles from './safer-betting.module.css';

/** The reality check's choices, in the order the page offers them. */
const REALITY_CHECKS: readonly { minutes: RealityCheckMinutes; label: string }[] = [
  { minutes: 30, label: '30 minutes' },
  { minutes: 60, label: '60 minutes' },
  { minutes: 120, label: '120 minutes' },
  { minutes: null, label: 'Off' },
];

export const realityCheckText = (minutes: RealityCheckMinutes): string =>
  minutes === null ? 'Reality check turned off.' : `Reality check every ${minutes} minutes.`;

interface RealityCheckSettingsProps {
  /** The interval in force: minutes, or null when off. */
  readonly current: RealityCheckMinutes;
}

export function RealityCheckSettings({ current }: RealityCheckSettingsProps) {
  const ids = { title: useId(), legend: useId() };
  const [choice, setChoice] = useState<RealityCheckMinutes>(current);
  const update = useSetRealityCheck();

  async function save(event: FormEvent) {
    event.preventDefault();
    if (update.isPending) return;
    try {
      const answer = await update.mutateAsync(choice);
      if (answer.Status) toast.success(realityCheckText(answer.Result.realityCheckMinutes));
      else toast.error(answer.Result);
    } catch (caught) {
      const message = failureText(caught);
      if (message !== null) toast.error(message);
    }
  }

  return (
    <section className={styles.section} aria-labelledby={ids.title}>
      <h2 id={ids.title} className={styles.heading}>
        Reality check
      </h2>
      <p className={styles.note}>{SAFER_TEXTS.realityCheck}</p>
      <p className={styles.current}>
        {current === null ? 'Currently off.' : `Currently every ${current} minutes.`}
      </p>
      <form className={styles.panel} onSubmit={(event) => void save(event)} noValidate>
        <fieldset className={styles.choices}>
          <legend id={ids.legend}>Remind me every</legend>
          {REALITY_CHECKS.map((option) => (
            <label key={option.label} className={styles.choice}>
              <input
                type="radio"
                name="realityCheck"
                checked={choice === option.minutes}
                onChange={() => setChoice(option.minutes)}
              />
              {option.label}
            </label>
          ))}
        </fieldset>
        <button type="submit" className={buttons.primary} disabled={update.isPending}>
          Save
        </button>
      </form>
    </section>
  );
}
