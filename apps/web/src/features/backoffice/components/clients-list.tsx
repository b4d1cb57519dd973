import type { BoClient } from '@backlay/contract/backoffice';
import { paging } from '@backlay/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Pagination } from '../../../ui/pagination';
import { PleaseWait } from '../../../ui/please-wait';
import { createClient, type CreateClientBody } from '../api/create-client';
import { useClients } from '../api/get-clients';
import { formatTime, parseRupees, rupees } from '../format';
import { backofficeKeys } from '../query-keys';
import { ActionDialog } from './action-dialog';
import styles from './backoffice.module.css';

/** Clients per page of the list. */
export const CLIENTS_PAGE_SIZE = 20;

const USERNAME = /^[A-Za-z0-9_.-]{3,32}$/;

/**
 * The clients: searched by username, a page at a time, each leading to its own page; an admin
 * also creates clients here (with credit, so confirmed and sent with an Idempotency-Key).
 */
export function ClientsList({
  clientHref,
  mayCreate,
}: {
  clientHref: (clientId: string) => string;
  mayCreate: boolean;
}) {
  const searchId = useId();
  const [draft, setDraft] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const clients = useClients({
    ...(search ? { search } : {}),
    skip: String((page - 1) * CLIENTS_PAGE_SIZE),
    take: String(CLIENTS_PAGE_SIZE),
  });
  const pages = paging(page, clients.data?.total ?? 0, CLIENTS_PAGE_SIZE);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSearch(draft.trim());
    setPage(1);
  };

  return (
    <section className={styles.screen} aria-label="Clients">
      <h1 className={styles.title}>Clients</h1>
      <form className={styles.form} role="search" onSubmit={submit}>
        <div className={styles.field}>
          <label htmlFor={searchId}>Search by username</label>
          <input
            id={searchId}
            type="search"
            value={draft}
            maxLength={32}
            onChange={(event) => setDraft(event.target.value)}
          />
        </div>
        <button type="submit" className={styles.primary}>
          Search
        </button>
      </form>
      {clients.isPending ? (
        <PleaseWait />
      ) : clients.isError ? (
        <p className={styles.error} role="alert">
          {clients.error.message}
        </p>
      ) : (
        <>
          <ClientsTable clients={clients.data.clients} clientHref={clientHref} />
          <Pagination label="Client pages" paging={pages} onPage={setPage} />
        </>
      )}
      {mayCreate && <CreateClientForm />}
    </section>
  );
}

function ClientsTable({
  clients,
  clientHref,
}: {
  clients: readonly BoClient[];
  clientHref: (clientId: string) => string;
}) {
  return (
    <div className={styles.scroll} role="region" aria-label="Client list" tabIndex={0}>
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">Username</th>
            <th scope="col" className={styles.numeric}>
              Main balance
            </th>
            <th scope="col" className={styles.numeric}>
              Credit limit
            </th>
            <th scope="col" className={styles.numeric}>
              Exposure
            </th>
            <th scope="col">Betting</th>
            <th scope="col">Created</th>
            <th scope="col">Last login</th>
          </tr>
        </thead>
        <tbody>
          {clients.length === 0 ? (
            <tr>
              <td colSpan={7} className={styles.empty}>
                No client found.
              </td>
            </tr>
          ) : (
            clients.map((client) => (
              <tr key={client.clientId}>
                <td>
                  <Link to={clientHref(client.clientId)}>{client.username}</Link>
                </td>
                <td className={styles.numeric}>{rupees(client.mainBalance)}</td>
                <td className={styles.numeric}>{rupees(client.creditLimit)}</td>
                <td className={styles.numeric}>{rupees(client.exposure)}</td>
                <td>{client.isBettingLocked ? 'Locked' : 'Open'}</td>
                <td>
                  <time dateTime={client.createdAt}>{formatTime(client.createdAt)}</time>
                </td>
                <td>
                  {client.lastLoginAt ? (
                    <time dateTime={client.lastLoginAt}>{formatTime(client.lastLoginAt)}</time>
                  ) : (
                    'Never'
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

function CreateClientForm() {
  const queryClient = useQueryClient();
  const ids = { username: useId(), password: useId(), credit: useId() };
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [credit, setCredit] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<CreateClientBody | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const name = username.trim();
    if (!USERNAME.test(name))
      return setError('Username: 3–32 letters, digits, dots, dashes or underscores');
    if (password.length < 8) return setError('Password: at least 8 characters');
    const creditLimit = credit.trim() === '' ? undefined : parseRupees(credit);
    if (credit.trim() !== '' && creditLimit === undefined)
      return setError('Credit: rupees, with at most two decimals');
    setError(null);
    setConfirming({
      username: name,
      password,
      ...(creditLimit === undefined ? {} : { creditLimit }),
    });
  };

  return (
    <details className={styles.details}>
      <summary>Create client</summary>
      <form className={styles.form} aria-label="Create client" onSubmit={submit} noValidate>
        <div className={styles.field}>
          <label htmlFor={ids.username}>Username</label>
          <input
            id={ids.username}
            autoComplete="off"
            value={username}
            onChange={(event) => setUsername(event.target.value)}
          />
        </div>
        <div className={styles.field}>
          <label htmlFor={ids.password}>Password</label>
          <input
            id={ids.password}
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </div>
        <div className={styles.field}>
          <label htmlFor={ids.credit}>Credit (₹, optional)</label>
          <input
            id={ids.credit}
            inputMode="decimal"
            value={credit}
            onChange={(event) => setCredit(event.target.value)}
          />
        </div>
        {error && (
          <p className={styles.error} role="alert">
            {error}
          </p>
        )}
        <button type="submit" className={styles.primary}>
          Create client
        </button>
      </form>
      {confirming && (
        <ActionDialog
          title="Create client"
          statement={
            confirming.creditLimit
              ? `Create client ${confirming.username} with credit ${rupees(confirming.creditLimit)}?`
              : `Create client ${confirming.username} with no credit?`
          }
          confirmLabel="Create"
          send={({ idempotencyKey }) => createClient(confirming, idempotencyKey)}
          onAnswered={(answer) => {
            void queryClient.invalidateQueries({ queryKey: backofficeKeys.clients() });
            if (answer.Status) {
              setUsername('');
              setPassword('');
              setCredit('');
            }
          }}
          onClose={() => setConfirming(null)}
        />
      )}
    </details>
  );
}
