import { useState } from 'react';
import { Link } from 'react-router';
import { LAUNCH_FAILED, useCasinoLaunch } from '../api/launch-casino';
import type { CasinoGame } from '../games';
import styles from './casino.module.css';

/** Each visit and each retry launches anew: the launch token is single use. */
let launches = 0;
const nextLaunch = () => {
  launches += 1;
  return launches;
};

/**
 * One casino game (docs/product.md#screens /casino/{gameid}; docs/decisions.md#silent-rules "Casino"): launches it once per visit and
 * shows the provider's page in a frame. The provider is another origin and gets only what the
 * sandbox allows (its own scripts, forms and storage; no popups, no top navigation), no referrer
 * and no device features.
 */
export function CasinoFrame({ game, lobbyHref }: { game: CasinoGame; lobbyHref: string }) {
  const [launch, setLaunch] = useState(nextLaunch);
  const [loadedUrl, setLoadedUrl] = useState<string | null>(null);
  const { data, error, isPending } = useCasinoLaunch(game.id, launch);
  const isFrameLoading = data !== undefined && loadedUrl !== data.Url;

  return (
    <section className={styles.game} aria-label={game.name}>
      <div className={styles.toolbar}>
        <Link to={lobbyHref} className={styles.back}>
          <span aria-hidden="true">‹</span> Back to lobby
        </Link>
        <h1>{game.name}</h1>
      </div>
      <div className={styles.stage}>
        {error ? (
          <div className={styles.message} role="alert">
            <p className={styles.messageTitle}>{LAUNCH_FAILED}</p>
            {error.message !== LAUNCH_FAILED && <p>{error.message}</p>}
            <button type="button" className={styles.retry} onClick={() => setLaunch(nextLaunch())}>
              Retry
            </button>
          </div>
        ) : (
          <>
            {data && (
              <iframe
                className={styles.frame}
                src={data.Url}
                title={`${game.name} casino game`}
                sandbox="allow-scripts allow-same-origin allow-forms"
                referrerPolicy="no-referrer"
                allow=""
                onLoad={() => setLoadedUrl(data.Url)}
              />
            )}
            {(isPending || isFrameLoading) && (
              <div className={styles.loading} role="status">
                <span className={styles.spinner} aria-hidden="true" />
                Opening {game.name}…
              </div>
            )}
          </>
        )}
      </div>
    </section>
  );
}
