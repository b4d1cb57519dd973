import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Modal } from '../../../../ui/modal';
import type { DownlineRow } from '../api/downline';
import { LEVEL_LABELS } from '../../sections';
import type { AgentMe } from './user-effects';
import { ClearPlDialog, DepositDialog, WithdrawDialog } from './user-money-dialogs';
import {
  CommissionDialog,
  CreditReferenceDialog,
  ExposureLimitDialog,
  LockDialog,
  PartnershipDialog,
  PasswordDialog,
} from './user-setting-dialogs';
import styles from './user-forms.module.css';
import own from './downline.module.css';

type Action =
  | 'deposit'
  | 'withdraw'
  | 'clearPl'
  | 'creditReference'
  | 'partnership'
  | 'commission'
  | 'exposureLimit'
  | 'loginLock'
  | 'bettingLock'
  | 'password';

/** Why chips cannot move with a user below a walked-down parent (docs/agents.md#chips). */
export const notChildReason = (username: string, parent: string) =>
  `Chips move only between a parent and its child: only ${parent} deposits to, withdraws from or clears the P/L of ${username}.`;

/**
 * A row's actions: one button opens the list of what may be done to the user, each in a dialog
 * of its own. Deposits, withdrawals and clearings only with the agent's direct children
 * (`parent`, the user whose children are listed, otherwise); a partnership only above the
 * clients, an exposure limit only for a client (docs/agents.md#controls).
 */
export function UserActions({
  user,
  me,
  parent,
  statementHref,
}: {
  user: DownlineRow;
  /** The agent; undefined while it loads. */
  me: AgentMe | undefined;
  /** The user whose children are listed when it is not the agent itself. */
  parent: string | undefined;
  statementHref: (username: string) => string;
}) {
  const [open, setOpen] = useState<Action | 'menu' | null>(null);
  const close = () => setOpen(null);
  return (
    <>
      <button
        type="button"
        className={styles.secondary}
        aria-label={`Actions for ${user.username}`}
        aria-haspopup="dialog"
        disabled={!me}
        onClick={() => setOpen('menu')}
      >
        Actions
      </button>
      {open === 'menu' && (
        <ActionMenu
          user={user}
          parent={parent}
          statementHref={statementHref}
          onPick={setOpen}
          onClose={close}
        />
      )}
      {me && open !== null && open !== 'menu' && (
        <ActionDialogFor action={open} user={user} me={me} onClose={close} />
      )}
    </>
  );
}

function ActionDialogFor({
  action,
  user,
  me,
  onClose,
}: {
  action: Action;
  user: DownlineRow;
  me: AgentMe;
  onClose: () => void;
}) {
  switch (action) {
    case 'deposit':
      return <DepositDialog user={user} me={me} onClose={onClose} />;
    case 'withdraw':
      return <WithdrawDialog user={user} me={me} onClose={onClose} />;
    case 'clearPl':
      return <ClearPlDialog user={user} me={me} onClose={onClose} />;
    case 'creditReference':
      return <CreditReferenceDialog user={user} onClose={onClose} />;
    case 'partnership':
      return <PartnershipDialog user={user} me={me} onClose={onClose} />;
    case 'commission':
      return <CommissionDialog user={user} me={me} onClose={onClose} />;
    case 'exposureLimit':
      return <ExposureLimitDialog user={user} onClose={onClose} />;
    case 'loginLock':
      return <LockDialog user={user} kind="login" onClose={onClose} />;
    case 'bettingLock':
      return <LockDialog user={user} kind="betting" onClose={onClose} />;
    case 'password':
      return <PasswordDialog user={user} onClose={onClose} />;
  }
}

function ActionMenu({
  user,
  parent,
  statementHref,
  onPick,
  onClose,
}: {
  user: DownlineRow;
  parent: string | undefined;
  statementHref: (username: string) => string;
  onPick: (action: Action) => void;
  onClose: () => void;
}) {
  const reasonId = useId();
  const isClient = user.level === 'client';
  const pick = (action: Action, label: string, reason?: string) => (
    <li key={action}>
      <button
        type="button"
        className={styles.secondary}
        disabled={reason !== undefined}
        aria-describedby={reason === undefined ? undefined : reasonId}
        onClick={() => onPick(action)}
      >
        {label}
      </button>
    </li>
  );
  const notChild = parent === undefined ? undefined : notChildReason(user.username, parent);
  return (
    <Modal title={`${user.username} (${LEVEL_LABELS[user.level]})`} onClose={onClose}>
      <div className={own.menu}>
        <h3 className={own.menuHeading}>Chips</h3>
        <ul className={own.menuList}>
          {pick('deposit', 'Deposit', notChild)}
          {pick('withdraw', 'Withdraw', notChild)}
          {pick('clearPl', 'Clear P/L', notChild)}
        </ul>
        {notChild && (
          <p id={reasonId} className={styles.note}>
            {notChild}
          </p>
        )}
        <h3 className={own.menuHeading}>Settings</h3>
        <ul className={own.menuList}>
          {pick('creditReference', 'Credit reference')}
          {!isClient && pick('partnership', 'Partnership')}
          {pick('commission', 'Commission')}
          {isClient && pick('exposureLimit', 'Exposure limit')}
          {pick('loginLock', user.loginLocked ? 'Unlock login' : 'Lock login')}
          {pick('bettingLock', user.bettingLocked ? 'Unlock betting' : 'Lock betting')}
          {pick('password', 'Reset password')}
        </ul>
        <Link className={own.menuLink} to={statementHref(user.username)}>
          Statement of {user.username}
        </Link>
      </div>
    </Modal>
  );
}
