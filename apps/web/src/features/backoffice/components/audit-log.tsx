import type { AuditEntry } from '@backlay/contract/backoffice';
import { paging } from '@backlay/domain';
import { useId, useState, type FormEvent } from 'react';
import { Pagination } from '../../../ui/pagination';
import { PleaseWait } from '../../../ui/please-wait';
import { useAudit } from '../api/get-audit';
import { auditChanges } from '../audit-diff';
import { actionWords, isRefused, outcomeMessage } from '../audit-words';
import { formatTime } from '../format';
import styles from './backoffice.module.css';

/** Audit entries per page. */
export const AUDIT_PAGE_SIZE = 25;

/** Who acted, in words: an operator by name, an agent with its kind, the CLI's token as such. */
export function actorWords(actor: string): string {
  if (actor === 'ops-token') return 'Operator token (CLI)';
  return actor.startsWith('agent:') ? `${actor.slice('agent:'.length)} (agent)` : actor;
}

/**
 * The operator audit log, newest first, a page at a time, filtered by operator when asked: each
 * action in words (`actionWords`), what it changed field by field (`auditChanges`), and whether it
 * was done or refused, with the reason.
 */
export function AuditLog() {
  const operatorId = useId();
  const [draft, setDraft] = useState('');
  const [operator, setOperator] = useState('');
  const [page, setPage] = useState(1);
  const audit = useAudit({
    ...(operator ? { operator } : {}),
    skip: String((page - 1) * AUDIT_PAGE_SIZE),
    take: String(AUDIT_PAGE_SIZE),
  });
  const pages = paging(page, audit.data?.total ?? 0, AUDIT_PAGE_SIZE);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setOperator(draft.trim());
    setPage(1);
  };

  return (
    <section className={styles.screen} aria-label="Audit">
      <h1 className={styles.title}>Audit</h1>
      <form className={styles.form} role="search" onSubmit={submit}>
        <div className={styles.field}>
          <label htmlFor={operatorId}>Operator</label>
          <input
            id={operatorId}
            value={draft}
            maxLength={32}
            onChange={(event) => setDraft(event.target.value)}
          />
        </div>
        <button type="submit" className={styles.primary}>
          Filter
        </button>
      </form>
      {audit.isPending ? (
        <PleaseWait />
      ) : audit.isError ? (
        <p className={styles.error} role="alert">
          {audit.error.message}
        </p>
      ) : (
        <>
          <AuditTable entries={audit.data.entries} />
          <Pagination label="Audit pages" paging={pages} onPage={setPage} />
        </>
      )}
    </section>
  );
}

function AuditTable({ entries }: { entries: readonly AuditEntry[] }) {
  return (
    <div className={styles.scroll} role="region" aria-label="Audit log" tabIndex={0}>
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">Time</th>
            <th scope="col">By</th>
            <th scope="col">Action</th>
            <th scope="col">Changes</th>
            <th scope="col">Outcome</th>
          </tr>
        </thead>
        <tbody>
          {entries.length === 0 ? (
            <tr>
              <td colSpan={5} className={styles.empty}>
                No entry.
              </td>
            </tr>
          ) : (
            entries.map((entry) => (
              <tr key={entry.id}>
                <td>
                  <time dateTime={entry.at}>{formatTime(entry.at)}</time>
                </td>
                <td>{actorWords(entry.operator)}</td>
                <td>{actionWords(entry)}</td>
                <td>
                  <Changes before={entry.before} after={entry.after} />
                </td>
                <td>
                  {isRefused(entry.outcome) ? (
                    <span className={styles.loss}>Refused: {outcomeMessage(entry.outcome)}</span>
                  ) : (
                    'Done'
                  )}
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

/** The fields an action changed: "Credit ₹1,000.00 → ₹1,500.00"; a dash when none. */
function Changes({ before, after }: { before: unknown; after: unknown }) {
  const changes = auditChanges(before, after);
  if (changes.length === 0) return <span className={styles.muted}>—</span>;
  return (
    <ul className={styles.changes}>
      {changes.map((change) => (
        <li key={change.field}>
          <span className={styles.muted}>{change.field}</span>{' '}
          {change.before === '—' ? (
            change.after
          ) : (
            <>
              {change.before} <span aria-hidden="true">→</span>
              <span className={styles.visuallyHidden}> to</span> {change.after}
            </>
          )}
        </li>
      ))}
    </ul>
  );
}
