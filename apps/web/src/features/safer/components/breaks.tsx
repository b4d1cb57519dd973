/**
 * The "Take a break" section of the safer-betting page
 * (docs/safer-gambling.md#time-out-and-self-exclusion): a card each for a time-out and a
 * self-exclusion with their periods, and the confirm step of the one asked for.
 */
import type { ExclusionPeriod } from '@backlay/contract/safer';
import { useCallback, useId, useState } from 'react';
import { PERIOD_NAMES, SELF_EXCLUSIONS, TIME_OUTS } from '../limits';
import { ConfirmBreak, type ConfirmBreakProps } from './confirm-break';
import { SAFER_TEXTS } from './safer-texts';
import buttons from '../../../ui/buttons.module.css';
import styles from './safer-betting.module.css';

type BreakKind = 'timeOut' | 'selfExclusion';

const BREAKS = {
  timeOut: {
    title: 'Time-out',
    text: SAFER_TEXTS.timeOut,
    periods: TIME_OUTS,
    action: 'Take a time-out',
    confirm: 'Confirm time-out',
  },
  selfExclusion: {
    title: 'Self-exclusion',
    text: SAFER_TEXTS.selfExclusion,
    periods: SELF_EXCLUSIONS,
    action: 'Exclude myself',
    confirm: 'Confirm self-exclusion',
  },
} as const satisfies Record<
  BreakKind,
  {
    title: string;
    text: string;
    periods: readonly ExclusionPeriod[];
    action: string;
    confirm: string;
  }
>;

type BreaksProps = Pick<ConfirmBreakProps, 'onExcluded'>;

export function Breaks({ onExcluded }: BreaksProps) {
  const id = useId();
  const [asking, setAsking] = useState<{ kind: BreakKind; period: ExclusionPeriod } | null>(null);
  const close = useCallback(() => setAsking(null), []);
  return (
    <section className={styles.section} aria-labelledby={id}>
      <h2 id={id} className={styles.heading}>
        Take a break
      </h2>
      <div className={styles.cards}>
        <BreakCard kind="timeOut" onAsk={(period) => setAsking({ kind: 'timeOut', period })} />
        <BreakCard
          kind="selfExclusion"
          onAsk={(period) => setAsking({ kind: 'selfExclusion', period })}
        />
      </div>
      {asking && (
        <ConfirmBreak
          title={BREAKS[asking.kind].action}
          confirmLabel={BREAKS[asking.kind].confirm}
          period={asking.period}
          onClose={close}
          onExcluded={onExcluded}
        />
      )}
    </section>
  );
}

interface BreakCardProps {
  readonly kind: BreakKind;
  /** The client asked for this break, for `period`: the confirm step opens. */
  readonly onAsk: (period: ExclusionPeriod) => void;
}

function BreakCard({ kind, onAsk }: BreakCardProps) {
  const id = useId();
  const known = BREAKS[kind];
  const [period, setPeriod] = useState<ExclusionPeriod>(known.periods[0]);
  return (
    <section className={styles.card} aria-labelledby={id}>
      <h3 id={id} className={styles.cardTitle}>
        {known.title}
      </h3>
      <p className={styles.note}>{known.text}</p>
      <form
        className={styles.breakForm}
        onSubmit={(event) => {
          event.preventDefault();
          onAsk(period);
        }}
        noValidate
      >
        <fieldset className={styles.choices}>
          <legend>{kind === 'timeOut' ? 'Time-out for' : 'Exclude myself for'}</legend>
          {known.periods.map((option) => (
            <label key={option} className={styles.choice}>
              <input
                type="radio"
                name={kind}
                checked={period === option}
                onChange={() => setPeriod(option)}
              />
              {PERIOD_NAMES[option]}
            </label>
          ))}
        </fieldset>
        <button type="submit" className={buttons.secondary}>
          {known.action}
        </button>
      </form>
    </section>
  );
}
