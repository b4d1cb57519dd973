import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ApiError } from '../../../../lib/api';
import type { ActionAnswer } from '../../api/types';
import { ActionDialog } from '../../components/action-dialog';
import { consoleKeys } from '../query-keys';
import { Field } from './user-field';
import styles from './user-forms.module.css';

export const TRANSACTION_PASSWORD_PROBLEM = 'Enter your transaction password';

/**
 * An action on a user of the downline, confirmed in the back office's ActionDialog (its one
 * Idempotency-Key per submission, sent again by "Try again", docs/decisions.md#api) with the
 * agent's transaction password asked in it (docs/agents.md#controls). A refusal (`Status` false:
 * a wrong password, a balance that does not cover) keeps the dialog open with the server's words,
 * and the next Confirm is a new submission. A refusal and the dialog's close refresh the downline
 * and the agent's own figures; a lost answer does not, so the figures stay those of the statement
 * until "Try again" is answered.
 */
export function UserActionDialog({
  title,
  statement,
  confirmLabel,
  problem,
  fields,
  send,
  onClose,
}: {
  title: string;
  statement: string;
  confirmLabel: string;
  /** Why the fields cannot be sent as they stand, in the server's words. */
  problem?: string | undefined;
  fields?: (state: { readonly isHeld: boolean }) => ReactNode;
  send: (transactionPassword: string, idempotencyKey: string) => Promise<ActionAnswer>;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [password, setPassword] = useState('');
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: consoleKeys.downlines() });
    void queryClient.invalidateQueries({ queryKey: consoleKeys.me() });
  };
  return (
    <ActionDialog
      title={title}
      statement={statement}
      confirmLabel={confirmLabel}
      problem={problem ?? (password === '' ? TRANSACTION_PASSWORD_PROBLEM : undefined)}
      fields={(state) => (
        <div className={styles.fields}>
          {fields?.(state)}
          <Field
            label="Your transaction password"
            type="password"
            autoComplete="off"
            value={password}
            readOnly={state.isHeld}
            maxLength={256}
            onChange={(event) => setPassword(event.target.value)}
          />
        </div>
      )}
      send={async ({ idempotencyKey }) => {
        const answer = await send(password, idempotencyKey);
        if (answer.Status) return answer;
        // Nothing was done: the dialog stays with the server's words (ActionDialog shows a 4xx
        // so), over figures read again.
        refresh();
        if (answer.field === 'transactionPassword') setPassword('');
        throw new ApiError(200, answer.Result);
      }}
      onClose={() => {
        refresh();
        onClose();
      }}
    />
  );
}
