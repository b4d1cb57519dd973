import type {
  ExclusionPeriod,
  LimitWire,
  RealityCheckMinutes,
  SaferSettings,
} from '@backlay/contract/safer';
import type { SiteLink } from '@backlay/contract/site';
import { LIMIT_LABELS } from '@backlay/domain';
import { useCallback, useId, useState, type FormEvent, type ReactNode } from 'react';
import { toast } from 'sonner';
import { ApiError } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { formatLimit, parseWhole, pendingLimitText } from '../../../lib/limit-label';
import { Modal } from '../../../ui/modal';
import { PleaseWait } from '../../../ui/please-wait';
import { useExclude } from '../api/exclude';
import { useSaferSettings } from '../api/get-safer';
import { useSetLimit } from '../api/set-limit';
import { useSetRealityCheck } from '../api/set-reality-check';
import {
  exclusionStatement,
  isLossKind,
  LOSS_PERIODS,
  PERIOD_NAMES,
  rupees,
  SELF_EXCLUSIONS,
  TIME_OUTS,
} from '../limits';
import buttons from '../../../ui/buttons.module.css';
import styles from './safer-betting.module.css';

export const SAFER_TEXTS = {
  intro:
    'Limits, reminders and breaks that keep betting fun. Lowering a limit takes effect at once; raising or removing one takes effect after 24 hours.',
  loadFailed: 'Your limits could not be loaded.',
  rupeesNeeded: 'Enter whole rupees above zero',
  minutesNeeded: 'Enter whole minutes above zero',
  notSaved: 'Not saved. Please try again.',
  realityCheck:
    'A reminder, every so often, of how long you have been logged in, how many bets you have placed and your net result this session.',
  timeOut:
    'A break from betting: you are logged out at once, and login is refused until the time-out ends.',
  selfExclusion:
    'A longer break: you are logged out at once, and login is refused for 6 months or for good. A self-exclusion does not end by itself: after 6 months, only an operator can lift it.',
  help: 'If betting stops being fun, these organisations can help.',
} as const;

/** The reality check's choices, in the order the page offers them. */
const REALITY_CHECKS: readonly { minutes: RealityCheckMinutes; label: string }[] = [
  { minutes: 30, label: '30 minutes' },
  { minutes: 60, label: '60 minutes' },
  { minutes: 120, label: '120 minutes' },
  { minutes: null, label: 'Off' },
];

export const realityCheckText = (minutes: RealityCheckMinutes): string =>
  minutes === null ? 'Reality check turned off.' : `Reality check every ${minutes} minutes.`;

/** A failed call's words for a toast; a 401 says nothing (the app is on its way to /login). */
function failure(error: unknown): string | null {
  if (error instanceof ApiError && error.status === 401) return null;
  return error instanceof Error && error.message !== '' ? error.message : SAFER_TEXTS.notSaved;
}

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
      {awareness.length > 0 && <Help awareness={awareness} />}
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

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/**
 * One limit: what holds now, the client's own setting, a raise or removal waiting its 24 hours,
 * the operator's ceiling, and for a loss limit what is left and when it resets; and the form that
 * sets, lowers, raises or removes it (whole rupees, or minutes for the session).
 */
function LimitCard({ limit, sessionEndsAt }: { limit: LimitWire; sessionEndsAt: string | null }) {
  const ids = { title: useId(), input: useId(), error: useId() };
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const update = useSetLimit();
  const name = LIMIT_LABELS[limit.kind];
  const isSession = limit.kind === 'session';
  const pending = pendingLimitText(limit);
  const isRemovalPending = limit.pending !== null && limit.pending.value === null;

  async function send(value: number | null) {
    if (update.isPending) return;
    try {
      const answer = await update.mutateAsync({ kind: limit.kind, value });
      if (answer.Status) {
        toast.success(answer.Result.message);
        setText('');
      } else {
        toast.error(answer.Result);
      }
    } catch (caught) {
      const message = failure(caught);
      if (message !== null) toast.error(message);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const value = parseWhole(text);
    if (value === undefined) {
      setError(isSession ? SAFER_TEXTS.minutesNeeded : SAFER_TEXTS.rupeesNeeded);
      return;
    }
    setError(null);
    void send(value);
  }

  return (
    <section className={styles.card} aria-labelledby={ids.title}>
      <h3 id={ids.title} className={styles.cardTitle}>
        {name}
      </h3>
      <dl className={styles.figures}>
        <Figure label="In force">
          {limit.value === null ? 'No limit' : formatLimit(limit.kind, limit.value)}
        </Figure>
        <Figure label="Your limit">
          {limit.own === null ? 'None' : formatLimit(limit.kind, limit.own)}
        </Figure>
        {limit.ceiling !== null && (
          <Figure label="Operator's ceiling">{formatLimit(limit.kind, limit.ceiling)}</Figure>
        )}
        {isLossKind(limit.kind) && limit.left !== null && (
          <Figure label={`Left ${LOSS_PERIODS[limit.kind]}`}>{rupees(limit.left)}</Figure>
        )}
        {isLossKind(limit.kind) && limit.value !== null && limit.resetsAt !== null && (
          <Figure label="Resets">
            <time dateTime={limit.resetsAt}>{formatDateTime(limit.resetsAt)}</time>
          </Figure>
        )}
        {sessionEndsAt !== null && (
          <Figure label="This session ends">
            <time dateTime={sessionEndsAt}>{formatDateTime(sessionEndsAt)}</time>
          </Figure>
        )}
      </dl>
      {pending !== null && <p className={styles.pending}>{pending}</p>}
      <form className={styles.limitForm} onSubmit={submit} noValidate>
        <div className={styles.field}>
          <label htmlFor={ids.input}>{isSession ? 'New limit (minutes)' : 'New limit (₹)'}</label>
          <input
            id={ids.input}
            inputMode="numeric"
            autoComplete="off"
            value={text}
            maxLength={13}
            aria-invalid={error !== null}
            aria-describedby={error ? ids.error : undefined}
            onChange={(event) => {
              setText(event.target.value);
              if (error) setError(null);
            }}
          />
        </div>
        <div className={styles.formActions}>
          <button type="submit" className={buttons.primary} disabled={update.isPending}>
            Save
          </button>
          {limit.own !== null && !isRemovalPending && (
            <button
              type="button"
              className={buttons.secondary}
              disabled={update.isPending}
              onClick={() => void send(null)}
            >
              Remove limit
            </button>
          )}
        </div>
        {error && (
          <p id={ids.error} className={styles.error} role="alert">
            {error}
          </p>
        )}
      </form>
    </section>
  );
}

function RealityCheckSettings({ current }: { current: RealityCheckMinutes }) {
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
      const message = failure(caught);
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

function Breaks({ onExcluded }: { onExcluded: SaferBettingProps['onExcluded'] }) {
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
          kind={asking.kind}
          period={asking.period}
          onClose={close}
          onExcluded={onExcluded}
        />
      )}
    </section>
  );
}

function BreakCard({ kind, onAsk }: { kind: BreakKind; onAsk: (period: ExclusionPeriod) => void }) {
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

/** The confirm step: what will happen, in words, before the client is logged out. */
function ConfirmBreak({
  kind,
  period,
  onClose,
  onExcluded,
}: {
  kind: BreakKind;
  period: ExclusionPeriod;
  onClose: () => void;
  onExcluded: SaferBettingProps['onExcluded'];
}) {
  const errorId = useId();
  const known = BREAKS[kind];
  const exclude = useExclude();
  const [error, setError] = useState<string | null>(null);
  // The end named is counted from when the step opened; the server counts from its answer.
  const [openedAt] = useState(() => Date.now());

  async function confirm() {
    if (exclude.isPending) return;
    setError(null);
    try {
      const answer = await exclude.mutateAsync(period);
      if (answer.Status) onExcluded(period, answer.Result);
      else setError(answer.Result);
    } catch (caught) {
      const message = failure(caught);
      if (message !== null) setError(message);
    }
  }

  return (
    <Modal
      title={known.action}
      onClose={onClose}
      footer={
        <>
          <button
            type="button"
            className={`${buttons.secondary} ${styles.dialogButton}`}
            onClick={onClose}
            disabled={exclude.isPending}
          >
            Cancel
          </button>
          <button
            type="button"
            className={`${styles.danger} ${styles.dialogButton}`}
            onClick={() => void confirm()}
            disabled={exclude.isPending}
            aria-describedby={error ? errorId : undefined}
          >
            {known.confirm}
          </button>
        </>
      }
    >
      <p className={styles.statement}>{exclusionStatement(period, openedAt)}</p>
      {error && (
        <p id={errorId} className={styles.error} role="alert">
          {error}
        </p>
      )}
    </Modal>
  );
}

function Help({ awareness }: { awareness: readonly SiteLink[] }) {
  const id = useId();
  return (
    <section className={styles.section} aria-labelledby={id}>
      <h2 id={id} className={styles.heading}>
        Get help
      </h2>
      <p className={styles.note}>{SAFER_TEXTS.help}</p>
      <ul className={styles.links}>
        {awareness.map((link) => (
          <li key={link.url}>
            <a href={link.url} target="_blank" rel="noreferrer noopener">
              {link.label}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
