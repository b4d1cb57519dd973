import { afterEach, describe, expect, it } from 'vitest';
import { bestPriceOf, marketOf, nearestColumn, priceCellMove, priceCellOf } from './price-keys';

/**
 * Two markets as the tables draw them: match odds with a three-level ladder (backs worst to best,
 * then lays best to worst; the deepest backs hidden, as on a phone), a suspended runner, and a
 * fancy table (No, then Yes).
 */
function screenOf() {
  document.body.innerHTML = `
    <main id="root">
      <section data-market-id="1.7">
        <ul>
          <li data-selection-id="701">
            <button data-side="back" style="display: none" aria-label="Back 1.8"></button>
            <button data-side="back" aria-label="Back 1.85"></button>
            <button data-side="back" aria-label="Back 1.9"></button>
            <button data-side="lay" aria-label="Lay 1.92"></button>
            <button data-side="lay" aria-label="Lay 1.95"></button>
            <button data-side="lay" aria-label="Lay 2"></button>
            <button aria-label="Book of Lions: 900.00"></button>
          </li>
          <li data-selection-id="703">
            <button data-side="back" disabled aria-label="Back 3"></button>
            <button data-side="lay" disabled aria-label="Lay 3.1"></button>
          </li>
          <li data-selection-id="702">
            <button data-side="back" style="display: none" aria-label="Back 2"></button>
            <button data-side="back" aria-label="Back 2.02"></button>
            <button data-side="back" aria-label="Back 2.06"></button>
            <button data-side="lay" aria-label="Lay 2.1"></button>
            <button data-side="lay" aria-label="Lay 2.12"></button>
            <button data-side="lay" aria-label="Lay 2.14"></button>
          </li>
        </ul>
      </section>
      <section data-market-id="7">
        <ul>
          <li data-selection-id="7-1">
            <button data-side="lay" aria-label="No 44"></button>
            <button data-side="back" aria-label="Yes 45"></button>
            <button aria-label="Info: 6 over runs"></button>
          </li>
        </ul>
      </section>
    </main>
    <aside><button data-side="back" aria-label="Back elsewhere"></button></aside>`;
  const root = document.getElementById('root')!;
  const cell = (name: string) =>
    document.querySelector<HTMLButtonElement>(`[aria-label="${name}"]`)!;
  const move = (from: string, key: Parameters<typeof priceCellMove>[2]) =>
    priceCellMove(root, cell(from), key)?.getAttribute('aria-label') ?? null;
  return { root, cell, move };
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the prices as a grid for the keyboard', () => {
  it('knows a price cell of a market from any other control', () => {
    const { root, cell } = screenOf();
    expect(priceCellOf(root, cell('Lay 2'))).toBe(cell('Lay 2'));
    expect(priceCellOf(root, cell('Book of Lions: 900.00'))).toBeNull();
    expect(priceCellOf(root, cell('Back elsewhere'))).toBeNull();
    expect(priceCellOf(root, root)).toBeNull();
    expect(marketOf(root, cell('Yes 45'))?.dataset.marketId).toBe('7');
    expect(marketOf(root, cell('Back elsewhere'))).toBeNull();
  });

  it('moves Left and Right along a row, and stops at its ends', () => {
    const { move } = screenOf();
    expect(move('Back 1.9', 'ArrowRight')).toBe('Lay 1.92');
    expect(move('Back 1.9', 'ArrowLeft')).toBe('Back 1.85');
    expect(move('Back 1.85', 'ArrowLeft')).toBeNull();
    expect(move('Lay 2', 'ArrowRight')).toBeNull();
  });

  it('moves Up and Down between rows and markets, past rows without a price to choose', () => {
    const { move } = screenOf();
    expect(move('Back 1.9', 'ArrowDown')).toBe('Back 2.06');
    expect(move('Lay 2.1', 'ArrowUp')).toBe('Lay 1.92');
    // The fancy table follows the match odds.
    expect(move('Back 2.06', 'ArrowDown')).toBe('Yes 45');
    expect(move('Yes 45', 'ArrowUp')).toBe('Back 2.06');
    expect(move('No 44', 'ArrowDown')).toBeNull();
    expect(move('Back 1.85', 'ArrowUp')).toBeNull();
  });

  it('skips the hidden levels of a phone', () => {
    const { move } = screenOf();
    expect(move('Back 2.02', 'ArrowLeft')).toBeNull();
    expect(move('Back 1.85', 'ArrowDown')).toBe('Back 2.02');
  });

  it("finds a row's best back and best lay, and nothing on a suspended row", () => {
    const { cell } = screenOf();
    expect(bestPriceOf(cell('Lay 2'), 'back')).toBe(cell('Back 1.9'));
    expect(bestPriceOf(cell('Back 1.8'), 'lay')).toBe(cell('Lay 1.92'));
    expect(bestPriceOf(cell('No 44'), 'back')).toBe(cell('Yes 45'));
    expect(bestPriceOf(cell('Yes 45'), 'lay')).toBe(cell('No 44'));
    expect(bestPriceOf(cell('Back 3'), 'back')).toBeNull();
    expect(bestPriceOf(document.body, 'back')).toBeNull();
  });

  it('picks the nearest column by centre, then by place in the row', () => {
    expect(nearestColumn([10, 50, 90], 55, 0)).toBe(1);
    expect(nearestColumn([0, 0, 0], 0, 2)).toBe(2);
    expect(nearestColumn([0, 0], 0, 5)).toBe(1);
    expect(nearestColumn([], 0, 0)).toBeUndefined();
  });
});
