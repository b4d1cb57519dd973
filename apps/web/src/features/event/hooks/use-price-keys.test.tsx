import { act, fireEvent, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import {
  createBetChoice,
  type BetChoiceStore,
  type BetSelection,
} from '../../../lib/bet-selection';
import { usePriceKeys } from './use-price-keys';

const selection = (runnerName: string, betType: 'Back' | 'Lay', odds: number): BetSelection => ({
  sportsId: 4,
  eventId: 7,
  marketId: '1.7',
  marketName: 'Match Odds',
  marketType: 'MATCH_ODDS',
  selectionId: runnerName,
  runnerName,
  betType,
  odds,
  price: 0,
  minStake: 500,
  maxStake: 500_000,
});

/** Two runners, each a back and a lay cell choosing its price as the tables' cells do. */
function Screen({
  choice,
  onShowKeys,
  onKeys,
}: {
  choice: BetChoiceStore;
  onShowKeys: () => void;
  onKeys: (keys: ReturnType<typeof usePriceKeys>) => void;
}) {
  const root = useRef<HTMLElement>(null);
  const slip = useRef<HTMLDivElement>(null);
  onKeys(usePriceKeys({ root, slip, choice, onShowKeys }));
  const cell = (runner: string, betType: 'Back' | 'Lay', odds: number) => (
    <button
      type="button"
      data-side={betType === 'Back' ? 'back' : 'lay'}
      aria-label={`${betType} ${odds}`}
      onClick={() => choice.choose(selection(runner, betType, odds), `${runner}${betType}`)}
    />
  );
  return (
    <>
      <main ref={root}>
        <section data-market-id="1.7">
          <ul>
            <li data-selection-id="Lions">
              {cell('Lions', 'Back', 1.9)}
              {cell('Lions', 'Lay', 1.92)}
            </li>
            <li data-selection-id="Tigers">
              {cell('Tigers', 'Back', 2.06)}
              {cell('Tigers', 'Lay', 2.1)}
            </li>
          </ul>
        </section>
        <input aria-label="Search" />
      </main>
      <div ref={slip}>
        <input aria-label="STAKE" />
      </div>
      <button type="button">Elsewhere</button>
    </>
  );
}

function renderScreen() {
  const choice = createBetChoice();
  const onShowKeys = vi.fn();
  let keys: ReturnType<typeof usePriceKeys> | undefined;
  render(<Screen choice={choice} onShowKeys={onShowKeys} onKeys={(k) => (keys = k)} />);
  const cell = (name: string) => screen.getByRole('button', { name });
  const press = (target: Element, key: string, init: object = {}) =>
    fireEvent.keyDown(target, { key, ...init });
  return { choice, onShowKeys, keys: () => keys!, cell, press };
}

describe('keyboard betting on the event screen', () => {
  it('moves the focus across the prices with the arrows, which scroll nothing', () => {
    const { cell, press } = renderScreen();
    cell('Back 1.9').focus();
    expect(press(cell('Back 1.9'), 'ArrowRight')).toBe(false);
    expect(document.activeElement).toBe(cell('Lay 1.92'));
    press(cell('Lay 1.92'), 'ArrowDown');
    expect(document.activeElement).toBe(cell('Lay 2.1'));
    press(cell('Lay 2.1'), 'ArrowDown');
    expect(document.activeElement).toBe(cell('Lay 2.1'));
    // Not on a price: the arrows are the page's.
    expect(press(screen.getByRole('textbox', { name: 'Search' }), 'ArrowUp')).toBe(true);
  });

  it("opens the slip on the focused price with Enter and on the row's best with b and l", () => {
    const { choice, keys, cell, press } = renderScreen();
    press(cell('Lay 2.1'), 'b');
    expect(choice.read()?.selection).toMatchObject({ runnerName: 'Tigers', betType: 'Back' });
    expect(keys().isOpenedByKeys(choice.read()!.selection)).toBe(true);
    press(cell('Back 1.9'), 'L');
    expect(choice.read()?.selection).toMatchObject({ runnerName: 'Lions', betType: 'Lay' });
    press(cell('Back 1.9'), 'Enter');
    expect(choice.read()?.selection).toMatchObject({ runnerName: 'Lions', betType: 'Back' });
    expect(keys().isOpenedByKeys(choice.read()!.selection)).toBe(true);
    // A click is no key: its slip does not take the focus.
    fireEvent.click(cell('Lay 2.1'));
    expect(keys().isOpenedByKeys(choice.read()!.selection)).toBe(false);
    // Shortcuts with Ctrl, Alt or Meta are the browser's.
    press(cell('Lay 2.1'), 'b', { ctrlKey: true });
    expect(choice.read()?.selection).toMatchObject({ runnerName: 'Tigers', betType: 'Lay' });
  });

  it('gives the focus back to the price the key was pressed on when its slip closes from inside', () => {
    const { choice, cell, press } = renderScreen();
    press(cell('Lay 2.1'), 'b');
    screen.getByRole('textbox', { name: 'STAKE' }).focus();
    act(() => choice.close(choice.read()!.selection));
    expect(document.activeElement).toBe(cell('Lay 2.1'));

    // The client went elsewhere meanwhile: the focus stays there.
    press(cell('Back 1.9'), 'Enter');
    screen.getByRole('button', { name: 'Elsewhere' }).focus();
    act(() => choice.close(choice.read()!.selection));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Elsewhere' }));
  });

  it('goes on from a price a suspension took the focus from, and forgets it after a click', () => {
    const { cell, press } = renderScreen();
    const lions = cell('Back 1.9') as HTMLButtonElement;
    lions.focus();
    // Suspended under the focus: the cell is disabled and the browser drops the focus.
    lions.disabled = true;
    fireEvent.focusOut(lions);
    expect(press(document.body, 'ArrowDown')).toBe(false);
    expect(document.activeElement).toBe(cell('Back 2.06'));

    lions.disabled = false;
    cell('Lay 1.92').focus();
    cell('Lay 1.92').blur(); // a click on the page, say: the arrows are the page's again
    expect(press(document.body, 'ArrowDown')).toBe(true);
    cell('Lay 1.92').focus();
    (cell('Lay 1.92') as HTMLButtonElement).disabled = true;
    fireEvent.focusOut(cell('Lay 1.92'));
    fireEvent.pointerDown(document.body);
    expect(press(document.body, 'ArrowDown')).toBe(true);
    expect(document.activeElement).not.toBe(cell('Lay 2.1'));
  });

  it('shows the keys on ?, but not while typing or over a dialog', () => {
    const { onShowKeys, cell, press } = renderScreen();
    press(cell('Back 1.9'), '?');
    press(document.body, '?');
    expect(onShowKeys).toHaveBeenCalledTimes(2);
    press(screen.getByRole('textbox', { name: 'STAKE' }), '?');
    const dialog = document.createElement('div');
    dialog.setAttribute('aria-modal', 'true');
    document.body.append(dialog);
    press(document.body, '?');
    dialog.remove();
    expect(onShowKeys).toHaveBeenCalledTimes(2);
  });
});
