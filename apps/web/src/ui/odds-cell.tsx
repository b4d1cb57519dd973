import {
  memo,
  useCallback,
  useId,
  useLayoutEffect,
  useReducer,
  useRef,
  type ReactNode,
  type Ref,
} from 'react';
import { formatSize } from '../lib/format';
import { useTableFreshness } from '../lib/price-freshness';
import type { Signal } from '../lib/signal-core';
import styles from './odds-cell.module.css';

type Figure = number | string | undefined;

/** A cell's price and size (the line and rate of a fancy row). */
export interface CellFigures {
  readonly price: Figure;
  readonly size: Figure;
}

/** Formatted sizes: ticks bring the same few again and again (a fancy row's rate above all). */
const sizeTexts = new Map<number, string>();

/** Sizes are rupees (compact); a string (the dash of a locked fancy row) shows as it is. */
function sizeText(size: Figure): string {
  if (typeof size !== 'number') return size ?? '';
  let text = sizeTexts.get(size);
  if (text === undefined) {
    if (sizeTexts.size >= 1000) sizeTexts.clear();
    text = formatSize(size);
    sizeTexts.set(size, text);
  }
  return text;
}
const priceText = (price: Figure) => String(price ?? '–');
const ariaLabelOf = (label: string, price: Figure) =>
  price === undefined ? `${label}: none` : `${label} ${price}`;

interface CellProps {
  side: 'back' | 'lay';
  /** 'Back'/'Lay' by default. */
  label?: string;
  isDisabled?: boolean;
  /** A level past the best of an exchange ladder: drawn lighter, so the best stands out. */
  isDeep?: boolean;
  isSelected?: boolean;
  onSelect?: (() => void) | undefined;
}

/** The markup of a cell, its texts and label from `figures`. */
function Cell({
  side,
  label = side === 'back' ? 'Back' : 'Lay',
  figures: { price, size },
  isDisabled = false,
  isDeep = false,
  isSelected,
  onSelect,
  cellRef,
  priceRef,
  sizeRef,
}: CellProps & {
  figures: CellFigures;
  cellRef?: Ref<HTMLElement>;
  priceRef?: Ref<HTMLSpanElement>;
  sizeRef?: Ref<HTMLSpanElement>;
}): ReactNode {
  // A stale table's prices grey out and take no click (aria-disabled keeps them focusable).
  const isStale = useTableFreshness().isStale || undefined;
  const sizeId = useId();
  const sideClass = `${side === 'back' ? styles.back : styles.lay}${isDeep ? ` ${styles.deep}` : ''}`;
  const className = `${styles.cell} ${sideClass}`;
  const ariaLabel = ariaLabelOf(label, price);
  // The size is not part of the cell's name ("Back 1.9", what a bettor says to speech input):
  // it is the cell's description, drawn from `data-size` by the stylesheet, so the only text
  // shown inside the named cell is its price (WCAG 2.5.3, docs/accessibility.md). The side's
  // letter (`data-cue`) is drawn the same way: a cue beside the colour, not a second name.
  const shown = {
    'data-side': side,
    'data-cue': label.charAt(0),
    'data-size': sizeText(size),
    'data-stale': isStale,
    'aria-label': ariaLabel,
    'aria-describedby': sizeId,
  };
  const content = (
    <>
      <span ref={priceRef} className={styles.price} data-testid="odds-price">
        {priceText(price)}
      </span>
      <span ref={sizeRef} id={sizeId} className={styles.size} data-testid="odds-size">
        {sizeText(size)}
      </span>
    </>
  );
  if (onSelect === undefined) {
    return (
      <span ref={cellRef} className={className} {...shown}>
        {content}
      </span>
    );
  }
  return (
    <button
      ref={cellRef as Ref<HTMLButtonElement>}
      type="button"
      className={className}
      {...shown}
      aria-pressed={isSelected ?? false}
      aria-disabled={isStale}
      disabled={isDisabled || typeof price !== 'number'}
      onClick={isStale ? undefined : onSelect}
    >
      {content}
    </button>
  );
}

/**
 * One price: price large, size small beneath (docs/decisions.md#look); back on light blue, lay on pink, each
 * with its side's letter in the corner so the colour is never the only cue.
 * `label` names the side in words ('Back'/'Lay', or 'Yes'/'No' on fancy rows). With `onSelect`
 * it is a button (disabled while suspended or priceless), otherwise plain text. Memoised on its
 * own figures, so a tick elsewhere in the row leaves it alone (docs/conventions.md#memoised-rows).
 */
export const OddsCell = memo(function OddsCell({ price, size, ...props }: CellProps & CellFigures) {
  return <Cell {...props} figures={{ price, size }} />;
});

/** Figures that tick: the same object until they change, and a way to hear when they do. */
export interface LiveFigures {
  readonly read: () => CellFigures;
  readonly subscribe: (listener: () => void) => () => void;
}

const isPriced = (figures: CellFigures) => typeof figures.price === 'number';

/** Rewrites the text of a span in place (its text node's data, not a new node). */
function writeText(span: HTMLSpanElement | null, text: string) {
  if (span === null) return;
  const node = span.firstChild;
  if (node !== null && node === span.lastChild && node.nodeType === Node.TEXT_NODE)
    node.nodeValue = text;
  else span.textContent = text;
}

/**
 * An OddsCell whose figures tick (the event screen's ladders and fancy rows). A new price or size
 * is written straight into the cell's two texts and its label: a tick renders nothing, as a cell
 * changes several times a second (docs/architecture.md, "Prices on the event screen"). The cell
 * renders when it turns priced or priceless (it can or cannot be chosen), or when its props
 * change (chosen, suspended, stale).
 */
export const LiveOddsCell = memo(function LiveOddsCell({
  figures,
  selected,
  ...props
}: Omit<CellProps, 'isSelected'> & {
  figures: LiveFigures;
  /**
   * Whether the cell is the chosen one (the open slip's price): written into its pressed state
   * in place, so a click on a price renders no cell.
   */
  selected?: Pick<Signal<boolean>, 'read' | 'subscribe'>;
}) {
  const [, rerender] = useReducer((count: number) => count + 1, 0);
  const cellRef = useRef<HTMLElement>(null);
  const priceRef = useRef<HTMLSpanElement>(null);
  const sizeRef = useRef<HTMLSpanElement>(null);
  const rendered = figures.read();
  const isSelected = selected?.read();
  // What the cell shows now: what it rendered, or what was written into it since.
  const shown = useRef(rendered);
  useLayoutEffect(() => {
    shown.current = rendered;
  });
  const { side, label = side === 'back' ? 'Back' : 'Lay' } = props;
  useLayoutEffect(() => {
    const write = () => {
      const next = figures.read();
      const held = shown.current;
      if (next === held) return;
      if (isPriced(next) !== isPriced(held)) {
        rerender();
        return;
      }
      shown.current = next;
      if (next.price !== held.price) {
        writeText(priceRef.current, priceText(next.price));
        cellRef.current?.setAttribute('aria-label', ariaLabelOf(label, next.price));
      }
      if (next.size !== held.size) {
        const text = sizeText(next.size);
        writeText(sizeRef.current, text);
        cellRef.current?.setAttribute('data-size', text);
      }
    };
    write();
    return figures.subscribe(write);
  }, [figures, label]);
  // Pressed or not as the choice is now: written in place when it changes, and checked after
  // each commit (a choice made while the cell rendered).
  const writePressed = useCallback(() => {
    const cell = cellRef.current;
    if (selected && cell instanceof HTMLButtonElement)
      cell.setAttribute('aria-pressed', String(selected.read()));
  }, [selected]);
  useLayoutEffect(() => selected?.subscribe(writePressed), [selected, writePressed]);
  useLayoutEffect(() => {
    if (isSelected !== selected?.read()) writePressed();
  });
  return (
    <Cell
      {...props}
      isSelected={isSelected}
      figures={rendered}
      cellRef={cellRef}
      priceRef={priceRef}
      sizeRef={sizeRef}
    />
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
