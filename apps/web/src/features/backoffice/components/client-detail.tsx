import { Link } from 'react-router';
import { PleaseWait } from '../../../ui/please-wait';
import { useClientDetail } from '../api/get-client-detail';
import { formatTime, rupees } from '../format';
import { ClientActions } from './client-actions';
import { ClientActivity } from './client-activity';
import { ClientSafer } from './client-safer';
import { Figure } from './figures';
import styles from './backoffice.module.css';

/**
 * One client: wallet, safer-betting limits and exclusion, exposure per market, latest statement
 * rows and bets; an admin also credits or debits them (confirmed, with an Idempotency-Key per
 * submission), locks or unlocks their betting, sets their password, sets or lifts a limit's
 * ceiling and lifts an ended self-exclusion.
 */
export function ClientDetail({
  clientId,
  mayManage,
  listHref,
}: {
  clientId: string;
  mayManage: boolean;
  /** The way back to the list of clients. */
  listHref: string;
}) {
  const detail = useClientDetail(clientId);
  if (detail.isPending) return <PleaseWait />;
  if (detail.isError)
    return (
      <p className={styles.error} role="alert">
        {detail.error.message}
      </p>
    );
  const { client, positions, statement, bets, safer } = detail.data;
  return (
    <section className={styles.screen} aria-label={`Client ${client.username}`}>
      <Link to={listHref}>← All clients</Link>
      <h1 className={styles.title}>{client.username}</h1>
      <dl className={styles.summary}>
        <Figure label="Main balance">{rupees(client.mainBalance)}</Figure>
        <Figure label="Credit limit">{rupees(client.creditLimit)}</Figure>
        <Figure label="Exposure">{rupees(client.exposure)}</Figure>
        <Figure label="Betting">{client.isBettingLocked ? 'Locked' : 'Open'}</Figure>
        <Figure label="Created">{formatTime(client.createdAt)}</Figure>
        <Figure label="Last login">
          {client.lastLoginAt ? formatTime(client.lastLoginAt) : 'Never'}
        </Figure>
      </dl>
      {mayManage && <ClientActions client={client} />}
      <ClientSafer
        username={client.username}
        limits={safer.limits}
        exclusion={safer.exclusion}
        mayManage={mayManage}
      />
      <ClientActivity positions={positions} statement={statement} bets={bets} />
    </section>
  );
}
