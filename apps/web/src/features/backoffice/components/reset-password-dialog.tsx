/** The admin's dialog that sets a new password for a client, which ends their sessions. */
import { useId, useState } from 'react';
import { resetPassword } from '../api/reset-password';
import { ActionDialog } from './action-dialog';
import styles from './backoffice.module.css';

interface ResetPasswordDialogProps {
  readonly username: string;
  readonly onClose: () => void;
}

export function ResetPasswordDialog({ username, onClose }: ResetPasswordDialogProps) {
  const id = useId();
  const [password, setPassword] = useState('');
  return (
    <ActionDialog
      title="Reset password"
      statement={`Set a new password for ${username}? Their sessions end at once.`}
      confirmLabel="Set password"
      problem={password.length < 8 ? 'The password needs at least 8 characters' : undefined}
      fields={({ isHeld }) => (
        <div className={styles.field}>
          <label htmlFor={id}>New password</label>
          <input
            id={id}
            type="password"
            autoComplete="new-password"
            value={password}
            readOnly={isHeld}
            onChange={(event) => setPassword(event.target.value)}
          />
        </div>
      )}
      send={() => resetPassword({ username, password })}
      onClose={onClose}
    />
  );
}
