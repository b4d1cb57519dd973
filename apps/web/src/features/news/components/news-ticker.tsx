import { useDataSaver } from '../../../lib/data-saver';
import { Marquee } from '../../../ui/marquee';
import { useNewsTicker } from '../api/get-news';
import { usePublicNews } from '../api/get-public-news';
import styles from './news-ticker.module.css';

/**
 * The ticker under the header: every news message (SPEC §2 Layout). With the data saver on it
 * stands still: one line, the messages side by side, cut at the edge (docs/pwa-and-data-saver.md).
 */
export function NewsTicker() {
  const { data } = useNewsTicker();
  const dataSaver = useDataSaver();
  const items = (data ?? []).map((item) => item.Message);
  return dataSaver ? (
    <div className={styles.still} role="region" aria-label="News">
      <span className={styles.label}>News</span>
      <p className={styles.line}>{items.join(' · ')}</p>
    </div>
  ) : (
    <Marquee label="News" items={items} />
  );
}

/** The landing page's marquee: the first public news message (SPEC §2). */
export function PublicNewsMarquee() {
  const { data } = usePublicNews();
  const first = data?.[0]?.Message;
  return <Marquee label="News" items={first ? [first] : []} />;
}
