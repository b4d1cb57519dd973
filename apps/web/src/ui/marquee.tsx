import { marqueeSeconds } from './marquee-track';
import styles from './marquee.module.css';

/**
 * A scrolling line of messages; pauses on hover. For people who prefer reduced motion it stands
 * still and wraps, so every message can be read (docs/accessibility.md). `still` (the data saver,
 * docs/pwa-and-data-saver.md) shows the messages side by side on one line, cut at the edge. The
 * landing page's script fills the same track into its prerendered bar (`showMarqueeItems`).
 */
export function Marquee({
  label,
  items,
  still = false,
}: {
  label: string;
  items: readonly string[];
  still?: boolean;
}) {
  if (still) {
    return (
      <div className={styles.bar} role="region" aria-label={label}>
        <span className={styles.label}>{label}</span>
        <p className={styles.line}>{items.join(' · ')}</p>
      </div>
    );
  }
  return (
    <div className={styles.bar} role="marquee" aria-label={label}>
      <span className={styles.label}>{label}</span>
      <div className={styles.viewport}>
        {items.length > 0 && (
          <div className={styles.track} style={{ animationDuration: `${marqueeSeconds(items)}s` }}>
            {items.map((item, index) => (
              <span key={index} className={styles.item}>
                {item}
              </span>
            ))}
          </div>
        )}
      </div>
    </div>
  );
}
