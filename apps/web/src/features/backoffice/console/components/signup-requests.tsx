import { paging } from '@backlay/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { toast } from '../../../../lib/toast';
import { PleaseWait } from '../../../../ui/please-wait';
import { Pagination } from '../../../../ui/pagination';
import { ActionDialog } from '../../components/action-dialog';
import styles from '../../components/backoffice.module.css';
import { formatTime } from '../../format';
import { useAgentMe } from '../api/get-me';
import { approveSignup } from '../api/signup-approve';
import { declineSignup } from '../api/signup-decline';
import { useSignupRequests, type SignupRequestRow } from '../api/signup-requests';
import { consoleKeys } from '../query-keys';

/** Requests per page. */
export const REQUESTS_PAGE_SIZE = 20;

/** The public sign-up page with the agent's code filled in (docs/agents.md#sign-up). */
export const signupLink = (origin: string, code: string) =>
  `${origin}/signup?ref=${encodeURIComponent(code)}`;

/**
 * The agent's sign-up requests (docs/agents.md#sign-up): its referral code and the link that
 * carries it, to hand to new clients; the requests waiting for it, oldest first, each approved
 * (with the transaction password: the client is created under the agent) or declined. The
 * server's answer is toasted and the list read again.
 */
export function SignupRequests(_props: Record<string, never>) {
  const [page, setPage] = useState(1);
  const [deciding, setDeciding] = useState<{
    kind: 'approve' | 'decline';
    request: SignupRequestRow;
  } | null>(null);
  const queryClient = useQueryClient();
  const requests = useSignupRequests({
    skip: String((page - 1) * REQUESTS_PAGE_SIZE),
    take: String(REQUESTS_PAGE_SIZE),
  });
  const pages = paging(page, requests.data?.total ?? 0, REQUESTS_PAGE_SIZE);
  // A decision changes the list and, approved, the downline.
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: consoleKeys.requests() });
    void queryClient.invalidateQueries({ queryKey: consoleKeys.downlines() });
  };

  return (
    <section className={styles.screen} aria-label="Sign-up requests">
      <h1 className={styles.title}>Sign-up requests</h1>
      <ReferralCode />
      {requests.isPending ? (
        <PleaseWait />
      ) : requests.isError ? (
        <p className={styles.error} role="alert">
          {requests.error.message}
        </p>
      ) : (
        <>
          <RequestsTable
            requests={requests.data.requests}
            onDecide={(kind, request) => setDeciding({ kind, request })}
          />
          <Pagination label="Request pages" paging={pages} onPage={setPage} />
        </>
      )}
      {deciding?.kind === 'approve' && (
        <ApproveDialog
          request={deciding.request}
          onAnswered={refresh}
          onClose={() => setDeciding(null)}
        />
      )}
      {deciding?.kind === 'decline' && (
        <ActionDialog
          title="Decline request"
          statement={`Decline the request of ${deciding.request.username} (${deciding.request.name})? Nothing is created; they may send a new one.`}
          confirmLabel="Decline"
          send={({ idempotencyKey }) => declineSignup({ id: deciding.request.id }, idempotencyKey)}
          onAnswered={refresh}
          onClose={() => setDeciding(null)}
        />
      )}
    </section>
  );
}

/** The agent's referral code and its sign-up link, with a button that copies the link. */
function ReferralCode() {
  const linkId = useId();
  const me = useAgentMe();
  if (me.isPending) return null;
  if (me.isError)
    return (
      <p className={styles.error} role="alert">
        {me.error.message}
      </p>
    );
  const code = me.data.referralCode;
  if (code === null)
    return (
      <p className={styles.muted}>
        The admin has no referral code: the house&apos;s own clients are made by its operators.
      </p>
    );
  const link = signupLink(window.location.origin, code);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      toast.success('Sign-up link copied');
    } catch {
      toast.error('Could not copy: select the link and copy it yourself');
    }
  };
  return (
    <div className={styles.card}>
      <dl className={styles.summary}>
        <div>
          <dt>My referral code</dt>
          <dd>{code}</dd>
        </div>
      </dl>
      <div className={styles.form}>
        <div className={styles.wideField}>
          <label htmlFor={linkId}>Sign-up link</label>
          <input
            id={linkId}
            readOnly
            value={link}
            onFocus={(event) => event.currentTarget.select()}
          />
        </div>
        <button type="button" className={styles.primary} onClick={() => void copy()}>
          Copy link
        </button>
      </div>
      <p className={styles.muted}>
        A visitor who signs up with this code waits here for you. Confirm their mobile number with
        them before you approve: no code is sent to it.
      </p>
    </div>
  );
}

function RequestsTable({
  requests,
  onDecide,
}: {
  requests: readonly SignupRequestRow[];
  onDecide: (kind: 'approve' | 'decline', request: SignupRequestRow) => void;
}) {
  return (
    <div className={styles.scroll} role="region" aria-label="Waiting requests" tabIndex={0}>
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">Username</th>
            <th scope="col">Name</th>
            <th scope="col">Mobile</th>
            <th scope="col">Asked</th>
            <th scope="col">Decision</th>
          </tr>
        </thead>
        <tbody>
          {requests.length === 0 ? (
            <tr>
              <td colSpan={5} className={styles.empty}>
                No request is waiting.
              </td>
            </tr>
          ) : (
            requests.map((request) => (
              <tr key={request.id}>
                <td>{request.username}</td>
                <td>{request.name}</td>
                <td>
                  <a href={`tel:${request.mobile}`}>{request.mobile}</a>
                </td>
                <td>
                  <time dateTime={request.createdAt}>{formatTime(request.createdAt)}</time>
                </td>
                <td className={styles.actions}>
                  <button
                    type="button"
                    className={styles.primary}
                    aria-label={`Approve ${request.username}`}
                    onClick={() => onDecide('approve', request)}
                  >
                    Approve
                  </button>
                  <button
                    type="button"
                    className={styles.secondary}
                    aria-label={`Decline ${request.username}`}
                    onClick={() => onDecide('decline', request)}
                  >
                    Decline
                  </button>
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

/** Approval, confirmed with the transaction password; one submission per dialog (its key). */
function ApproveDialog({
  request,
  onAnswered,
  onClose,
}: {
  request: SignupRequestRow;
  onAnswered: () => void;
  onClose: () => void;
}) {
  const id = useId();
  const [transactionPassword, setTransactionPassword] = useState('');
  return (
    <ActionDialog
      title="Approve request"
      statement={`Make ${request.username} (${request.name}, ${request.mobile}) your client? They start with a credit reference of ₹0 and no commission; set them in your downline.`}
      confirmLabel="Approve"
      problem={transactionPassword === '' ? 'Enter your transaction password' : undefined}
      fields={({ isHeld }) => (
        <div className={styles.field}>
          <label htmlFor={id}>Your transaction password</label>
          <input
            id={id}
            type="password"
            autoComplete="off"
            value={transactionPassword}
            readOnly={isHeld}
            onChange={(event) => setTransactionPassword(event.target.value)}
          />
        </div>
      )}
      send={({ idempotencyKey }) =>
        approveSignup({ id: request.id, transactionPassword }, idempotencyKey)
      }
      onAnswered={onAnswered}
      onClose={onClose}
    />
  );
}
