import { useState } from 'react';
import { useDataSaver } from '../../../lib/data-saver';
import own from './live-tv.module.css';
import styles from './side-panels.module.css';

export const TV_UNAVAILABLE = 'Live TV is not available for this event';
export const TV_DATA_SAVER = 'Live TV is off while the data saver is on.';

/**
 * Live TV (docs/product.md#screens): a toggle showing the event's player page in a frame. The page lives on its
 * own origin (docs/decisions.md#silent-rules), so the frame is sandboxed (scripts only, in that origin) and sends no
 * referrer; with no player for the event it says so. With the data saver on, the frame (a video
 * stream) loads only when asked, once (docs/pwa-and-data-saver.md).
 */
export function LiveTv({ tvUrl, title }: { tvUrl: string | null; title: string }) {
  const [isOn, setOn] = useState(false);
  const dataSaver = useDataSaver();
  const [isLoadedOnce, setLoadedOnce] = useState(false);
  return (
    <section className={styles.panel} aria-label="Live TV">
      <button
        type="button"
        className={styles.toggle}
        aria-expanded={isOn}
        aria-controls="live-tv-body"
        onClick={() => setOn((on) => !on)}
      >
        <span className={styles.liveDot} aria-hidden="true" />
        Live TV
        <span className={styles.toggleState}>{isOn ? 'Hide' : 'Show'}</span>
      </button>
      {isOn && (
        <div id="live-tv-body" className={styles.tvBody}>
          {tvUrl === null ? (
            <p className={styles.note}>{TV_UNAVAILABLE}</p>
          ) : dataSaver && !isLoadedOnce ? (
            <p className={styles.note}>
              {TV_DATA_SAVER}{' '}
              <button type="button" className={own.watchOnce} onClick={() => setLoadedOnce(true)}>
                Watch once
              </button>
            </p>
          ) : (
            <iframe
              className={styles.tvFrame}
              src={tvUrl}
              title={`Live TV: ${title}`}
              sandbox="allow-scripts allow-same-origin"
              referrerPolicy="no-referrer"
              allow="autoplay; fullscreen"
            />
          )}
        </div>
      )}
    </section>
  );
}
