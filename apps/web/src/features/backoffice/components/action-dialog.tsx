import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type FormEvent,
  type ReactNode,
} from 'react';
import { toast } from '../../../lib/toast';
import { ApiError, isWorthRetrying, newIdempotencyKey } from '../../../lib/api';
import { Modal } from '../../../ui/modal';
import type { ActionAnswer } from '../api/types';
import styles from './backoffice.module.css';

/** The contract's rule for a void's or a rollback's reason: 3 to 200 characters. */
export const REASON_MIN = 3;
export const REASON_MAX = 200;
export const REASON_MESSAGE = `Give a reason of at least ${REASON_MIN} characters`;

export const NO_ANSWER_MESSAGE =
  'No answer from the server: this may or may not have been done. Try again — it will not be done twice.';
export const UNANSWERED_CLOSE_MESSAGE =
  'Closed without an answer: check whether it was done before doing it again.';

export interface ActionSend {
  /** This submission's key: made once, kept by its retries (docs/decisions.md#api). */
  readonly idempotencyKey: string;
  /** The reason typed, trimmed ('' when none is asked for). */
  readonly reason: string;
}

/**
 * An operator action, confirmed in a dialog that says what will happen ("Credit ₹500.00 to
 * alice?"). A money-moving action is one submission per dialog: its Idempotency-Key is made at
 * the first Confirm and sent again by "Try again" after a network error or a 5xx, with the fields
 * held as they were sent, so the server does it once however often it is asked (docs/decisions.md#api); a new
 * dialog is a new submission with a new key. A definite answer (`Status` true or false) is toasted
 * with the server's `Result` and closes the dialog; a 4xx shows its message and lets the operator
 * change the fields, which makes a new submission.
 */
export function ActionDialog({
  title,
  statement,
  confirmLabel,
  needsReason = false,
  fields,
  problem,
  send,
  onAnswered,
  onClose,
}: {
  title: string;
  /** What will happen, in words, as the operator confirms it. */
  statement: string;
  confirmLabel: string;
  /** A reason is required, and sent with the action. */
  needsReason?: boolean;
  /** Further fields (a winner, a result); held while a sent submission awaits its retry. */
  fields?: (state: { readonly isHeld: boolean }) => ReactNode;
  /** Why the further fields cannot be sent yet ("Pick the winner"), shown on Confirm. */
  problem?: string | undefined;
  send: (submission: ActionSend) => Promise<ActionAnswer>;
  onAnswered?: (answer: ActionAnswer) => void;
  onClose: () => void;
}) {
  const reasonId = useId();
  const errorId = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);
  /** The submission waiting for an answer after a failure worth retrying: its key and reason. */
  const [pending, setPending] = useState<ActionSend | null>(null);
  const reasonField = useRef<HTMLTextAreaElement>(null);

  // The dialog's own close: never while a call is out (its key would be lost with an answer on
  // its way); stable, so the dialog keeps its focus while the caller re-renders.
  const state = useRef({ isBusy, pending, onClose });
  useEffect(() => {
    state.current = { isBusy, pending, onClose };
  });
  const close = useCallback(() => {
    if (state.current.isBusy) return;
    if (state.current.pending) toast.warning(UNANSWERED_CLOSE_MESSAGE);
    state.current.onClose();
  }, []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (isBusy) return;
    const trimmed = reason.trim();
    if (!pending && needsReason && (trimmed.length < REASON_MIN || trimmed.length > REASON_MAX)) {
      setError(REASON_MESSAGE);
      reasonField.current?.focus();
      return;
    }
    if (!pending && problem) {
      setError(problem);
      return;
    }
    const submission = pending ?? {
      idempotencyKey: newIdempotencyKey(),
      reason: needsReason ? trimmed : '',
    };
    setBusy(true);
    setError(null);
    try {
      const answer = await send(submission);
      setPending(null);
      if (answer.Status) toast.success(answer.Result);
      else toast.error(answer.Result);
      onAnswered?.(answer);
      setBusy(false);
      onClose();
      return;
    } catch (failure) {
      if (isWorthRetrying(failure)) {
        setPending(submission);
        setError(NO_ANSWER_MESSAGE);
      } else {
        // A 4xx: nothing was done; changing the fields and confirming is a new submission.
        setPending(null);
        const message = failure instanceof Error ? failure.message : 'The action failed';
        setError(message);
        if (!(failure instanceof ApiError && failure.status === 401)) toast.error(message);
      }
    }
    setBusy(false);
  }

  const isHeld = pending !== null || isBusy;
  return (
    <Modal title={title} onClose={close}>
      <form className={styles.dialogForm} onSubmit={(event) => void submit(event)} noValidate>
        <p className={styles.statement}>{statement}</p>
        {fields?.({ isHeld })}
        {needsReason && (
          <div className={styles.field}>
            <label htmlFor={reasonId}>Reason (required)</label>
            <textarea
              ref={reasonField}
              id={reasonId}
              value={reason}
              required
              maxLength={REASON_MAX}
              rows={3}
              readOnly={isHeld}
              aria-invalid={error === REASON_MESSAGE}
              aria-describedby={error ? errorId : undefined}
              onChange={(event) => {
                setReason(event.target.value);
                if (error === REASON_MESSAGE) setError(null);
              }}
            />
          </div>
        )}
        {error && (
          <p id={errorId} className={styles.error} role="alert">
            {error}
          </p>
        )}
        <div className={styles.dialogActions}>
          <button type="button" className={styles.secondary} onClick={close} disabled={isBusy}>
            Cancel
          </button>
          <button type="submit" className={styles.danger} disabled={isBusy}>
            {isBusy ? 'Sending…' : pending ? 'Try again' : confirmLabel}
          </button>
        </div>
      </form>
    </Modal>
  );
}
