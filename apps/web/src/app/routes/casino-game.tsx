import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { CasinoFrame } from '../../features/casino/components/casino-frame';
import { casinoGameOf } from '../../features/casino/games';
import { walletKeys } from '../../features/wallet/query-keys';
import { paths } from '../paths';
import styles from './pages.module.css';

/**
 * `/casino/{gameid}` (docs/product.md#screens): the game's frame. Rounds move money on the server while the
 * frame plays, so the header's balance reloads whenever the player leaves the frame: back to our
 * page (focus returns to this window) or off to another route.
 */
export function CasinoGamePage() {
  const { gameid = '' } = useParams();
  const game = casinoGameOf(gameid);
  const queryClient = useQueryClient();

  useEffect(() => {
    const reloadBalance = () => void queryClient.invalidateQueries({ queryKey: walletKeys.all });
    window.addEventListener('focus', reloadBalance);
    return () => {
      window.removeEventListener('focus', reloadBalance);
      reloadBalance();
    };
  }, [queryClient]);

  if (!game) {
    return (
      <section className={styles.screen}>
        <h1 className={styles.screenTitle}>Casino</h1>
        <div className={styles.empty} role="alert">
          <p>There is no casino game called “{gameid}”.</p>
          <Link to={paths.casinoList.href()} className={styles.primaryButton}>
            Back to lobby
          </Link>
        </div>
      </section>
    );
  }
  return <CasinoFrame key={game.id} game={game} lobbyHref={paths.casinoList.href()} />;
}
