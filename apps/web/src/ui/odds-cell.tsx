import { memo } from 'react';
import { formatSize } from '../lib/format';
import { useTableFreshness } from '../lib/price-freshness';
import styles from './odds-cell.module.css';

type Figure = number | string | undefined;

/** Sizes are rupees (compact); a string (the dash of a locked fancy row) shows as it is. */
const sizeText = (size: Figure) =>
  size === undefined ? '' : typeof size === 'number' ? formatSize(size) : size;

/**
 * One price: price large, size small beneath (DESIGN §9); back on light blue, lay on pink.
 * `label` names the side in words ('Back'/'Lay', or 'Yes'/'No' on fancy rows). With `onSelect`
 * it is a button (disabled while suspended or priceless), otherwise plain text. Memoised on its
 * own figures, so a tick elsewhere in the row leaves it alone (STYLE).
 */
export const OddsCell = memo(function OddsCell({
  side,
  label = side === 'back' ? 'Back' : 'Lay',
  price,
  size,
  isDisabled = false,
  isDeep = false,
  isSelected,
  onSelect,
}: {
  side: 'back' | 'lay';
  label?: string;
  price: Figure;
  size: Figure;
  isDisabled?: boolean;
  /** A level past the best of an exchange ladder: drawn lighter, so the best stands out. */
  isDeep?: boolean;
  isSelected?: boolean;
  onSelect?: (() => void) | undefined;
}) {
  // A stale table's prices grey out and take no click (aria-disabled keeps them focusable).
  const isStale = useTableFreshness().isStale || undefined;
  const sideClass = `${side === 'back' ? styles.back : styles.lay}${isDeep ? ` ${styles.deep}` : ''}`;
  const className = `${styles.cell} ${sideClass}`;
  const ariaLabel = price === undefined ? `${label}: none` : `${label} ${price}`;
  const content = (
    <>
      <span className={styles.price} data-testid="odds-price">
        {price ?? '–'}
      </span>
      <span className={styles.size} data-testid="odds-size">
        {sizeText(size)}
      </span>
    </>
  );
  if (onSelect === undefined) {
    return (
      <span className={className} data-side={side} data-stale={isStale} aria-label={ariaLabel}>
        {content}
      </span>
    );
  }
  return (
    <button
      type="button"
      className={className}
      data-side={side}
      aria-label={ariaLabel}
      aria-pressed={isSelected ?? false}
      aria-disabled={isStale}
      data-stale={isStale}
      disabled={isDisabled || typeof price !== 'number'}
      onClick={isStale ? undefined : onSelect}
    >
      {content}
    </button>
  );
});

/** The red band across suspended cells, saying why in words (SUSPENDED, Ball Running, …). */
export function SuspendedBand({ label }: { label: string }) {
  return (
    <span className={styles.band} data-testid="suspended-band">
      {label}
    </span>
  );
}
