import { useCallback, useEffect, useRef, type RefObject } from 'react';
import type { BetChoiceStore, BetSelection } from '../../../lib/bet-selection';
import { bestPriceOf, isPriceMoveKey, priceCellMove, priceCellOf } from '../price-keys';

/** A slip opened from the keyboard, and the price cell the key was pressed on. */
interface KeyOpened {
  readonly selection: BetSelection;
  readonly opener: HTMLElement;
}

/** Where typing goes: keys there are text, never shortcuts. */
const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || target.matches('input, textarea, select'));

/** A dialog is open over the screen: its own keys hold. */
const isDialogOpen = () => document.querySelector('[aria-modal="true"]') !== null;

/** The key that opens the slip on a focused price: Enter on that price, `b` or `l` on its row's best. */
function openerKey(event: KeyboardEvent, cell: HTMLButtonElement): HTMLButtonElement | null {
  switch (event.key) {
    case 'Enter':
      return cell;
    case 'b':
    case 'B':
      return bestPriceOf(cell, 'back');
    case 'l':
    case 'L':
      return bestPriceOf(cell, 'lay');
    default:
      return null;
  }
}

/**
 * Keyboard betting on the event screen (the keys: features/rules/keyboard-shortcuts.ts): on a focused price the arrows move
 * across the prices (Left and Right along a row, Up and Down between rows and markets), Enter
 * opens the slip on that price, `b` and `l` on its row's best back and lay; `?` anywhere but in a
 * field or a dialog calls `onShowKeys`. A slip opened from the keyboard asks for its stake field
 * at once (`isOpenedByKeys`), and when it closes with the focus in it (placed, cancelled, Escape,
 * its 10 s) the focus goes back to the price the key was pressed on. Nothing here renders.
 */
export function usePriceKeys({
  root,
  slip,
  choice,
  onShowKeys,
}: {
  /** The screen's markets column. */
  root: RefObject<HTMLElement | null>;
  /** Where the slip sits. */
  slip: RefObject<HTMLElement | null>;
  choice: BetChoiceStore;
  onShowKeys: () => void;
}): { isOpenedByKeys: (selection: BetSelection) => boolean } {
  const opened = useRef<KeyOpened | null>(null);
  const showKeys = useRef(onShowKeys);
  useEffect(() => {
    showKeys.current = onShowKeys;
  }, [onShowKeys]);

  useEffect(() => {
    // The focused price, kept when a suspension disables it under the focus (the browser then
    // drops the focus to the page): the keys go on from there. Leaving it any other way — Tab,
    // a click — forgets it, so the arrows scroll the page again.
    let last: HTMLButtonElement | null = null;
    const onFocus = (event: FocusEvent) => {
      const markets = root.current;
      last = markets && priceCellOf(markets, event.target);
    };
    const onBlur = (event: FocusEvent) => {
      if (last !== null && event.target === last && !last.disabled) last = null;
    };
    const onPointer = () => {
      last = null;
    };
    const fromOf = (markets: HTMLElement, target: EventTarget | null) => {
      const cell = priceCellOf(markets, target);
      if (cell) return cell;
      const isLost = target === document.body || target === null;
      return isLost && last?.isConnected && markets.contains(last) ? last : null;
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (event.key === '?') {
        if (isTyping(event.target) || isDialogOpen()) return;
        event.preventDefault();
        showKeys.current();
        return;
      }
      const markets = root.current;
      const cell = markets && fromOf(markets, event.target);
      if (!markets || !cell) return;
      if (isPriceMoveKey(event.key)) {
        event.preventDefault();
        priceCellMove(markets, cell, event.key)?.focus();
        return;
      }
      const price = openerKey(event, cell);
      if (price === null) return;
      // Enter would click the price anyway: clicking it here tells a slip it opened by keys.
      event.preventDefault();
      const before = choice.read();
      price.click();
      const after = choice.read();
      if (after !== null && after !== before)
        opened.current = { selection: after.selection, opener: cell };
    };
    document.addEventListener('focusin', onFocus);
    document.addEventListener('focusout', onBlur);
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('focusin', onFocus);
      document.removeEventListener('focusout', onBlur);
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [root, choice]);

  useEffect(
    () =>
      choice.subscribe(() => {
        const held = opened.current;
        if (held === null || choice.read()?.selection === held.selection) return;
        opened.current = null;
        if (choice.read() !== null) return; // another price's slip: it takes the focus
        const active = document.activeElement;
        const wasInSlip =
          active === null || active === document.body || (slip.current?.contains(active) ?? false);
        if (wasInSlip && held.opener.isConnected) held.opener.focus();
      }),
    [choice, slip],
  );

  const isOpenedByKeys = useCallback(
    (selection: BetSelection) => opened.current?.selection === selection,
    [],
  );
  return { isOpenedByKeys };
}
