import type { AuditEntry } from '@backlay/contract/backoffice';
import { paging } from '@backlay/domain';
import { useId, useState, type FormEvent } from 'react';
import { Pagination } from '../../../ui/pagination';
import { PleaseWait } from '../../../ui/please-wait';
import { useAudit } from '../api/get-audit';
import { formatTime } from '../format';
import styles from './backoffice.module.css';

/** Audit entries per page. */
export const AUDIT_PAGE_SIZE = 25;

/** A before or after state as compact JSON; nothing recorded shows as a dash. */
export function compactJson(value: unknown): string {
  // An answer is JSON, so its parts always stringify.
  return value === undefined || value === null ? '—' : JSON.stringify(value);
}

/** The operator audit log, newest first, a page at a time, filtered by operator when asked. */
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
            <th scope="col">Operator</th>
            <th scope="col">Action</th>
            <th scope="col">Target</th>
            <th scope="col">Before</th>
            <th scope="col">After</th>
            <th scope="col">Outcome</th>
          </tr>
        </thead>
        <tbody>
          {entries.length === 0 ? (
            <tr>
              <td colSpan={7} className={styles.empty}>
                No entry.
              </td>
            </tr>
          ) : (
            entries.map((entry) => (
              <tr key={entry.id}>
                <td>
                  <time dateTime={entry.at}>{formatTime(entry.at)}</time>
                </td>
                <td>{entry.operator}</td>
                <td>{entry.action}</td>
                <td>{entry.target}</td>
                <td>
                  <code className={styles.json}>{compactJson(entry.before)}</code>
                </td>
                <td>
                  <code className={styles.json}>{compactJson(entry.after)}</code>
                </td>
                <td>{entry.outcome}</td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
