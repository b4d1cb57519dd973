import { useId, useState, type FormEvent } from 'react';
import { toast } from '../../../lib/toast';
import { Modal } from '../../../ui/modal';
import { useChangePassword } from '../api/change-password';
import styles from './change-password-modal.module.css';

/** Ours: the spec shows no password rules (docs/product.md#validation); the server holds the length rule. */
export const PASSWORD_MESSAGES = {
  oldRequired: 'Old password is required',
  newRequired: 'New password is required',
  failed: 'Password not changed. Please try again.',
} as const;

/**
 * Change Password (docs/product.md#screens user menu): old and new password. A falsy Status shows its Result and
 * clears the fields (docs/product.md#errors), in an alert inside the dialog rather than the browser's, which
 * would block the page; success is toasted and closes the dialog. The server keeps this session
 * and ends the others.
 */
export function ChangePasswordModal({ onClose }: { onClose: () => void }) {
  const [oldPassword, setOldPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const change = useChangePassword();
  const ids = { old: useId(), new: useId(), hint: useId() };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (change.isPending) return;
    setRefusal(null);
    if (oldPassword === '') return void toast.error(PASSWORD_MESSAGES.oldRequired);
    if (newPassword === '') return void toast.error(PASSWORD_MESSAGES.newRequired);
    try {
      const answer = await change.mutateAsync({ oldPassword, newPassword });
      if (answer.Status) {
        toast.success(answer.Result);
        onClose();
        return;
      }
      setRefusal(answer.Result || PASSWORD_MESSAGES.failed);
      setOldPassword('');
      setNewPassword('');
    } catch (error) {
      toast.error(
        error instanceof Error && error.message ? error.message : PASSWORD_MESSAGES.failed,
      );
    }
  }

  return (
    <Modal title="Change Password" onClose={onClose}>
      <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
        <div className={styles.field}>
          <label htmlFor={ids.old}>Old Password</label>
          <input
            id={ids.old}
            type="password"
            autoComplete="current-password"
            value={oldPassword}
            onChange={(event) => setOldPassword(event.target.value)}
          />
        </div>
        <div className={styles.field}>
          <label htmlFor={ids.new}>New Password</label>
          <input
            id={ids.new}
            type="password"
            autoComplete="new-password"
            aria-describedby={ids.hint}
            value={newPassword}
            onChange={(event) => setNewPassword(event.target.value)}
          />
          <small id={ids.hint}>At least 8 characters.</small>
        </div>
        {refusal && (
          <p className={styles.refusal} role="alert">
            {refusal}
          </p>
        )}
        <button type="submit" className={styles.submit} disabled={change.isPending}>
          {change.isPending ? 'Please wait…' : 'Change Password'}
        </button>
      </form>
    </Modal>
  );
}
