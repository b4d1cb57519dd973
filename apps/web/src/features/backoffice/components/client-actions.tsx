/**
 * The admin's tools on a client's wallet and account: credit or debit (confirmed, with an
 * Idempotency-Key per submission), lock or unlock betting, and reset the password.
 */
import type { BoClient } from '@backlay/contract/backoffice';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { creditClient } from '../api/credit-client';
import { lockBetting } from '../api/lock-betting';
import { useInstantAction } from '../hooks/use-instant-action';
import { parseRupees, rupees } from '../format';
import { backofficeKeys } from '../query-keys';
import { ActionDialog } from './action-dialog';
import { ResetPasswordDialog } from './reset-password-dialog';
import styles from './backoffice.module.css';

/** A credit (given) or a debit (taken: sent as a negative amount), as confirmed. */
interface Movement {
  readonly kind: 'credit' | 'debit';
  readonly amount: number;
  readonly remark: string;
}

/** The statement that confirms a movement: "Credit ₹500.00 to alice?" */
export function movementStatement(movement: Movement, username: string): string {
  return movement.kind === 'credit'
    ? `Credit ${rupees(movement.amount)} to ${username}?`
    : `Debit ${rupees(movement.amount)} from ${username}?`;
}

interface ClientActionsProps {
  readonly client: BoClient;
}

export function ClientActions({ client }: ClientActionsProps) {
  const queryClient = useQueryClient();
  const ids = { amount: useId(), remark: useId() };
  const [amount, setAmount] = useState('');
  const [remark, setRemark] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [movement, setMovement] = useState<Movement | null>(null);
  const [isResetting, setResetting] = useState(false);
  // The client's page and the list both show the wallet and the lock.
  const { busy, run } = useInstantAction([backofficeKeys.clients()]);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: backofficeKeys.clients() });

  const confirm = (kind: Movement['kind']) => (event: FormEvent) => {
    event.preventDefault();
    const value = parseRupees(amount);
    if (value === undefined) {
      setError('Amount: rupees above zero, with at most two decimals');
      return;
    }
    setError(null);
    setMovement({ kind, amount: value, remark: remark.trim() });
  };

  return (
    <div className={styles.toolbar}>
      <form
        className={styles.form}
        aria-label="Credit or debit"
        onSubmit={confirm('credit')}
        noValidate
      >
        <div className={styles.field}>
          <label htmlFor={ids.amount}>Amount (₹)</label>
          <input
            id={ids.amount}
            inputMode="decimal"
            value={amount}
            aria-invalid={error !== null}
            onChange={(event) => setAmount(event.target.value)}
          />
        </div>
        <div className={styles.field}>
          <label htmlFor={ids.remark}>Remark</label>
          <input
            id={ids.remark}
            value={remark}
            maxLength={200}
            onChange={(event) => setRemark(event.target.value)}
          />
        </div>
        <button type="submit" className={styles.primary}>
          Credit
        </button>
        <button type="button" className={styles.secondary} onClick={confirm('debit')}>
          Debit
        </button>
        {error && (
          <p className={styles.error} role="alert">
            {error}
          </p>
        )}
      </form>
      <div className={styles.actions}>
        <button
          type="button"
          className={styles.secondary}
          disabled={busy !== null}
          onClick={() =>
            void run('lock', () =>
              lockBetting({ username: client.username, locked: !client.isBettingLocked }),
            )
          }
        >
          {client.isBettingLocked ? 'Unlock betting' : 'Lock betting'}
        </button>
        <button type="button" className={styles.secondary} onClick={() => setResetting(true)}>
          Reset password
        </button>
      </div>
      {movement && (
        <ActionDialog
          title={movement.kind === 'credit' ? 'Credit' : 'Debit'}
          statement={movementStatement(movement, client.username)}
          confirmLabel={movement.kind === 'credit' ? 'Credit' : 'Debit'}
          send={({ idempotencyKey }) =>
            creditClient(
              {
                username: client.username,
                amount: movement.kind === 'credit' ? movement.amount : -movement.amount,
                ...(movement.remark ? { remark: movement.remark } : {}),
              },
              idempotencyKey,
            )
          }
          onAnswered={(answer) => {
            refresh();
            if (answer.Status) {
              setAmount('');
              setRemark('');
            }
          }}
          onClose={() => setMovement(null)}
        />
      )}
      {isResetting && (
        <ResetPasswordDialog username={client.username} onClose={() => setResetting(false)} />
      )}
    </div>
  );
}
