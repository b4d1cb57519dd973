/**
 * The risk screen's games (docs/backoffice.md, "Live risk"): a card per open matka market — the
 * number the house least wants drawn and what it pays then, its exposure, its bettors — and the
 * casino's open rounds per game with the stakes they hold.
 */
import type { RiskCasino, RiskMatka } from '@backlay/contract/backoffice';
import { memo, useId } from 'react';
import { formatTime, rupees } from '../format';
import { countText, statusWord } from '../words';
import { SignedRupees } from './figures';
import { Exposure, TopClients } from './risk-parts';
import styles from './backoffice.module.css';

export const MatkaCard = memo(function MatkaCard({
  market,
  clientHref,
}: {
  market: RiskMatka;
  clientHref: ((clientId: string) => string) | undefined;
}) {
  const titleId = useId();
  return (
    <article className={styles.card} aria-labelledby={titleId} data-mid={market.mid}>
      <div className={styles.cardHead}>
        <h3 id={titleId} className={styles.cardTitle}>
          Matka · {market.game} ({market.mid})
        </h3>
        <span className={market.status === 'open' ? styles.badge : styles.alert}>
          {statusWord(market.status)}
        </span>
      </div>
      <div className={styles.scroll}>
        <table className={styles.table}>
          <tbody>
            <tr>
              <th scope="row">Closes</th>
              <td className={styles.numeric}>
                <time dateTime={market.closeAt}>{formatTime(market.closeAt)}</time>
              </td>
            </tr>
            <tr>
              <th scope="row">Staked</th>
              <td className={styles.numeric}>{rupees(market.staked)}</td>
            </tr>
            <tr>
              <th scope="row">House if {market.worstNumber} is drawn</th>
              <td className={styles.numeric}>
                <SignedRupees value={market.houseIfWorst} />
              </td>
            </tr>
          </tbody>
        </table>
      </div>
      <Exposure exposure={market.houseExposure} openBets={market.openBets} />
      <TopClients clients={market.topClients} clientHref={clientHref} />
    </article>
  );
});

/** The open casino rounds per game, with the stakes they hold; says so when none is open. */
export function CasinoRounds({ games }: { games: readonly RiskCasino[] }) {
  if (games.length === 0) return <p className={styles.empty}>No casino round is open.</p>;
  return (
    <div className={styles.scroll} role="region" aria-label="Open casino rounds" tabIndex={0}>
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">Game</th>
            <th scope="col" className={styles.numeric}>
              Open rounds
            </th>
            <th scope="col" className={styles.numeric}>
              Stakes held
            </th>
          </tr>
        </thead>
        <tbody>
          {games.map((game) => (
            <tr key={game.gameId}>
              <td>{game.game}</td>
              <td className={styles.numeric}>{countText(game.openRounds)}</td>
              <td className={styles.numeric}>{rupees(game.stakeHeld)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
