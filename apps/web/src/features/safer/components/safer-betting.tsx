import type { ExclusionPeriod, SaferSettings } from '@backlay/contract/safer';
import type { SiteLink } from '@backlay/contract/site';
import { useId } from 'react';
import { PleaseWait } from '../../../ui/please-wait';
import { useSaferSettings } from '../api/get-safer';
import { Breaks } from './breaks';
import { GetHelp } from './get-help';
import { LimitCard } from './limit-card';
import { RealityCheckSettings } from './reality-check-settings';
import { SAFER_TEXTS } from './safer-texts';
import styles from './safer-betting.module.css';

export interface SaferBettingProps {
  /** The brand's gambling-awareness links (site config). */
  readonly awareness: readonly SiteLink[];
  /**
   * A time-out or self-exclusion was taken: the server has ended every session of the client, so
   * the app logs out here too (`message` is the server's).
   */
  readonly onExcluded: (period: ExclusionPeriod, message: string) => void;
}

/**
 * Safer betting (docs/safer-gambling.md): the client's limits with what is left of them, the
 * reality check's interval, a time-out or a self-exclusion, and where to find help. The server
 * enforces all of it; this page sets it and says what holds.
 */
export function SaferBetting({ awareness, onExcluded }: SaferBettingProps) {
  const settings = useSaferSettings();
  return (
    <div className={styles.page}>
      <p className={styles.intro}>{SAFER_TEXTS.intro}</p>
      {settings.isPending ? (
        <PleaseWait />
      ) : settings.isError ? (
        <p className={styles.error} role="alert">
          {SAFER_TEXTS.loadFailed} {settings.error.message}
        </p>
      ) : (
        <Settings settings={settings.data} />
      )}
      <Breaks onExcluded={onExcluded} />
      {awareness.length > 0 && <GetHelp awareness={awareness} />}
    </div>
  );
}

function Settings({ settings }: { settings: SaferSettings }) {
  const id = useId();
  return (
    <>
      <section className={styles.section} aria-labelledby={id}>
        <h2 id={id} className={styles.heading}>
          Limits
        </h2>
        <div className={styles.cards}>
          {settings.limits.map((limit) => (
            <LimitCard
              key={limit.kind}
              limit={limit}
              sessionEndsAt={limit.kind === 'session' ? settings.sessionEndsAt : null}
            />
          ))}
        </div>
      </section>
      <RealityCheckSettings current={settings.realityCheckMinutes} />
    </>
  );
}
