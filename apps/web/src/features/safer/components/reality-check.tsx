import { useCallback, useEffect, useState } from 'react';
import { formatMinutes } from '../../../lib/limit-label';
import { Modal } from '../../../ui/modal';
import { useSaferSettings } from '../api/get-safer';
import { useSessionSummary } from '../api/get-session-summary';
import { nextCheckAt, signedRupees } from '../limits';
import buttons from '../../../ui/buttons.module.css';
import styles from './reality-check.module.css';

export const REALITY_CHECK_TEXTS = {
  loading: 'Loading this session’s figures…',
  failed: 'This session’s figures could not be loaded.',
} as const;

/** A check on screen: when it fell due and when it opened (epoch ms; later after a sleep). */
interface OpenCheck {
  readonly dueAt: number;
  readonly openedAt: number;
}

/**
 * The reality check (docs/safer-gambling.md): with an interval chosen, a dialog every N minutes
 * counted from the session's start says how long the client has been logged in, how many bets
 * they placed and their net result. Continue closes it until N minutes after the check's due
 * time; Log out logs out. One plain `setTimeout` to the next due time, read against `Date.now()`,
 * so fake clocks (Vitest's, Playwright's `page.clock`) drive it.
 */
export function RealityCheck({ onLogout }: { onLogout: () => void }) {
  const settings = useSaferSettings().data;
  const minutes = settings?.realityCheckMinutes ?? null;
  const startedAt = settings ? Date.parse(settings.sessionStartedAt) : Number.NaN;
  // `since`: every check due by then is done with (shown, or due before this frame mounted).
  const [state, setState] = useState<{ since: number; open: OpenCheck | null }>(() => ({
    since: Date.now(),
    open: null,
  }));

  const { since, open } = state;
  useEffect(() => {
    if (minutes === null || Number.isNaN(startedAt) || open !== null) return;
    const dueAt = nextCheckAt(startedAt, minutes, since);
    const timer = setTimeout(
      () => setState((current) => ({ ...current, open: { dueAt, openedAt: Date.now() } })),
      Math.max(0, dueAt - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [minutes, startedAt, since, open]);

  // The next check falls N minutes after this one's due time (or the first due after now, when
  // this one stood open longer than that).
  const carryOn = useCallback(
    () =>
      setState((current) =>
        current.open === null
          ? current
          : { since: Math.max(current.open.dueAt, Date.now()), open: null },
      ),
    [],
  );

  if (open === null || Number.isNaN(startedAt)) return null;
  return (
    <RealityCheckDialog
      check={open}
      startedAt={startedAt}
      onContinue={carryOn}
      onLogout={onLogout}
    />
  );
}

function RealityCheckDialog({
  check,
  startedAt,
  onContinue,
  onLogout,
}: {
  check: OpenCheck;
  startedAt: number;
  onContinue: () => void;
  onLogout: () => void;
}) {
  const summary = useSessionSummary(check.dueAt);
  const loggedIn = formatMinutes((check.openedAt - startedAt) / 60_000);
  return (
    <Modal
      title="Reality check"
      onClose={onContinue}
      footer={
        <>
          <button
            type="button"
            className={`${buttons.secondary} ${styles.button}`}
            onClick={onLogout}
          >
            Log out
          </button>
          <button
            type="button"
            className={`${buttons.primary} ${styles.button}`}
            onClick={onContinue}
          >
            Continue
          </button>
        </>
      }
    >
      <p className={styles.lead}>You have been logged in for {loggedIn}.</p>
      <dl className={styles.figures}>
        <div>
          <dt>Time logged in</dt>
          <dd>{loggedIn}</dd>
        </div>
        <div>
          <dt>Bets placed</dt>
          <dd>{summary.data ? summary.data.bets : '…'}</dd>
        </div>
        <div>
          <dt>Net result</dt>
          <dd data-tone={summary.data ? toneOf(summary.data.net) : undefined}>
            {summary.data ? signedRupees(summary.data.net) : '…'}
          </dd>
        </div>
      </dl>
      {summary.isPending && (
        <p className={styles.note} role="status">
          {REALITY_CHECK_TEXTS.loading}
        </p>
      )}
      {summary.isError && (
        <p className={styles.note} role="alert">
          {REALITY_CHECK_TEXTS.failed}
        </p>
      )}
    </Modal>
  );
}

const toneOf = (net: number) => (net > 0 ? 'profit' : net < 0 ? 'loss' : 'even');
