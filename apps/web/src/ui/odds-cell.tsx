import { memo, useId, useLayoutEffect, useReducer, useRef, type ReactNode, type Ref } from 'react';
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
const isPriced = (figures: CellFigures) => typeof figures.price === 'number';
/** The name of a cell not named by its content: a priceless one, and a plain text one. */
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
  const isButton = onSelect !== undefined;
  // A priced button is named by its content, "Back 1.9" (the side in words out of sight, then
  // the price: what a bettor says to speech input), so a tick rewrites one text and no label; a
  // priceless one by its label, "Back: none" (plain text cells too, rendered anew as they change).
  // The size is the button's description, not its name: shown, but hidden from the name (WCAG
  // 2.5.3, docs/accessibility.md). The side's letter (`data-cue`) is drawn by the stylesheet: a
  // cue beside the colour, not a second name.
  const shown = {
    'data-side': side,
    'data-cue': label.charAt(0),
    'data-stale': isStale,
    'aria-label': isButton && price !== undefined ? undefined : ariaLabelOf(label, price),
    'aria-describedby': isButton ? sizeId : undefined,
  };
  const content = (
    <>
      <span className={styles.sideName}>{label} </span>
      <span ref={priceRef} className={styles.price} data-testid="odds-price">
        {priceText(price)}
      </span>
      <span
        ref={sizeRef}
        id={sizeId}
        className={styles.size}
        data-testid="odds-size"
        aria-hidden={isButton || undefined}
      >
        {sizeText(size)}
      </span>
    </>
  );
  if (!isButton) {
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

/** Rewrites the text of a span in place (its text node's data, not a new node). */
function writeText(span: HTMLSpanElement | null, text: string) {
  if (span === null) return;
  const node = span.firstChild;
  if (node !== null && node === span.lastChild && node.nodeType === Node.TEXT_NODE)
    node.nodeValue = text;
  else span.textContent = text;
}

/** Writes whether `cell` (a button) is the chosen one into its pressed state. */
function writePressed(
  cell: HTMLElement | null,
  selected: Pick<Signal<boolean>, 'read'> | undefined,
): void {
  if (selected !== undefined && cell instanceof HTMLButtonElement)
    cell.setAttribute('aria-pressed', String(selected.read()));
}

/**
 * An OddsCell whose figures tick (the event screen's ladders and fancy rows). A new price or size
 * is written straight into the cell's two texts (its name follows its price), and its pressed state as the
 * choice changes: neither a tick nor a click renders it, as a cell changes several times a second
 * (docs/architecture.md, "Prices on the event screen"). The cell renders when it turns priced or
 * priceless (it can or cannot be chosen), or when its props change (suspended, stale).
 */
export const LiveOddsCell = memo(function LiveOddsCell({
  figures,
  selected,
  whenPriceless,
  ...props
}: Omit<CellProps, 'isSelected'> & {
  figures: LiveFigures;
  /** Whether the cell is the chosen one (the open slip's price). */
  selected?: Pick<Signal<boolean>, 'read' | 'subscribe'>;
  /**
   * What shows instead while the cell has no price (a deeper level of a ladder the feed does not
   * quote: an empty slot); by default the cell itself, disabled, with a dash. A stable element.
   */
  whenPriceless?: ReactNode;
}) {
  const [, rerender] = useReducer((count: number) => count + 1, 0);
  const cellRef = useRef<HTMLElement>(null);
  const priceRef = useRef<HTMLSpanElement>(null);
  const sizeRef = useRef<HTMLSpanElement>(null);
  const rendered = figures.read();
  const isSelected = selected?.read();
  // What the cell shows now: what it rendered, or what was written into it since; and pressed
  // as the choice is now (a choice made while the cell rendered).
  const shown = useRef(rendered);
  useLayoutEffect(() => {
    shown.current = rendered;
    if (isSelected !== selected?.read()) writePressed(cellRef.current, selected);
  });
  useLayoutEffect(() => {
    const write = () => {
      const next = figures.read();
      const held = shown.current;
      if (next === held) return;
      // Priced or not, named by its label or not: the cell renders anew.
      if (
        isPriced(next) !== isPriced(held) ||
        (next.price === undefined) !== (held.price === undefined)
      ) {
        rerender();
        return;
      }
      shown.current = next;
      if (next.price !== held.price) writeText(priceRef.current, priceText(next.price));
      if (next.size !== held.size) writeText(sizeRef.current, sizeText(next.size));
    };
    write();
    const stopFigures = figures.subscribe(write);
    const stopChoice = selected?.subscribe(() => writePressed(cellRef.current, selected));
    return () => {
      stopFigures();
      stopChoice?.();
    };
  }, [figures, selected]);
  if (whenPriceless !== undefined && !isPriced(rendered)) return whenPriceless;
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
