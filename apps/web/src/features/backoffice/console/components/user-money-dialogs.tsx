import { useState } from 'react';
import type { DownlineRow } from '../api/downline';
import { clearUserPl } from '../api/user-clear-pl';
import { depositToUser } from '../api/user-deposit';
import { withdrawFromUser } from '../api/user-withdraw';
import { parseRupees } from '../../format';
import { UserActionDialog } from './user-action-dialog';
import { clearPlEffect, depositEffect, withdrawEffect, type AgentMe } from './user-effects';
import { Field } from './user-field';
import styles from './user-forms.module.css';

/*
 * Chips between the agent and a direct child (docs/agents.md#chips, #clearing): each moves money,
 * so each is one submission with its Idempotency-Key, and says before → after what it moves.
 */

interface MoneyDialogProps {
  readonly user: DownlineRow;
  readonly me: AgentMe;
  readonly onClose: () => void;
}

/** The optional remark of a transfer: at most 200 characters, sent only when given. */
function RemarkField({
  value,
  onChange,
  isHeld,
}: {
  value: string;
  onChange: (value: string) => void;
  isHeld: boolean;
}) {
  return (
    <Field
      label="Remark (optional)"
      value={value}
      maxLength={200}
      readOnly={isHeld}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

const remarkOf = (remark: string) => (remark.trim() ? { remark: remark.trim() } : {});

function TransferDialog({
  kind,
  user,
  me,
  onClose,
}: MoneyDialogProps & { kind: 'deposit' | 'withdraw' }) {
  const [amount, setAmount] = useState('');
  const [remark, setRemark] = useState('');
  const value = parseRupees(amount);
  const effect =
    kind === 'deposit' ? depositEffect(user, me, value) : withdrawEffect(user, me, value);
  const title =
    kind === 'deposit' ? `Deposit to ${user.username}` : `Withdraw from ${user.username}`;
  return (
    <UserActionDialog
      title={title}
      statement={effect.statement}
      confirmLabel={kind === 'deposit' ? 'Deposit' : 'Withdraw'}
      problem={effect.problem}
      fields={({ isHeld }) => (
        <>
          <Field
            label="Amount (₹)"
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            readOnly={isHeld}
            onChange={(event) => setAmount(event.target.value)}
          />
          <RemarkField value={remark} onChange={setRemark} isHeld={isHeld} />
        </>
      )}
      send={(transactionPassword, key) => {
        const body = {
          username: user.username,
          amount: value ?? 0,
          transactionPassword,
          ...remarkOf(remark),
        };
        return kind === 'deposit' ? depositToUser(body, key) : withdrawFromUser(body, key);
      }}
      onClose={onClose}
    />
  );
}

export function DepositDialog(props: MoneyDialogProps) {
  return <TransferDialog kind="deposit" {...props} />;
}

export function WithdrawDialog(props: MoneyDialogProps) {
  return <TransferDialog kind="withdraw" {...props} />;
}

/** Records the cash settled outside: the user's reference P/L goes to zero. */
export function ClearPlDialog({ user, me, onClose }: MoneyDialogProps) {
  const [remark, setRemark] = useState('');
  const effect = clearPlEffect(user, me);
  return (
    <UserActionDialog
      title={`Clear the P/L of ${user.username}`}
      statement={effect.statement}
      confirmLabel="Clear P/L"
      problem={effect.problem}
      fields={({ isHeld }) => (
        <>
          <p className={styles.note}>
            Record this once the cash has been settled outside Backlay. The credit reference stays
            as it is.
          </p>
          <RemarkField value={remark} onChange={setRemark} isHeld={isHeld} />
        </>
      )}
      send={(transactionPassword, key) =>
        clearUserPl({ username: user.username, transactionPassword, ...remarkOf(remark) }, key)
      }
      onClose={onClose}
    />
  );
}
