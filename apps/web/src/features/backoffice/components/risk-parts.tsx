/** The parts the risk screen's cards share: a house exposure with its open bets, the top clients. */
import type { RiskMarket } from '@backlay/contract/backoffice';
import { Link } from 'react-router';
import { rupees } from '../format';
import { countText } from '../words';
import styles from './backoffice.module.css';

type ClientPosition = RiskMarket['topClients'][number];

export function Exposure({ exposure, openBets }: { exposure: number; openBets: number }) {
  return (
    <dl className={styles.summary}>
      <div>
        <dt>House exposure</dt>
        <dd className={exposure > 0 ? styles.loss : undefined}>{rupees(exposure)}</dd>
      </div>
      <div>
        <dt>Open bets</dt>
        <dd>{countText(openBets)}</dd>
      </div>
    </dl>
  );
}

export function TopClients({
  clients,
  clientHref,
}: {
  clients: readonly ClientPosition[];
  clientHref: ((clientId: string) => string) | undefined;
}) {
  if (clients.length === 0) return null;
  return (
    <div className={styles.scroll}>
      <table className={styles.table}>
        <caption className={styles.muted}>Top clients</caption>
        <thead>
          <tr>
            <th scope="col">Client</th>
            <th scope="col" className={styles.numeric}>
              Exposure
            </th>
            <th scope="col" className={styles.numeric}>
              Best case
            </th>
          </tr>
        </thead>
        <tbody>
          {clients.map((client) => (
            <tr key={client.clientId}>
              <td>
                {clientHref ? (
                  <Link to={clientHref(client.clientId)}>{client.username}</Link>
                ) : (
                  client.username
                )}
              </td>
              <td className={styles.numeric}>{rupees(client.exposure)}</td>
              <td className={styles.numeric}>{rupees(client.best)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
