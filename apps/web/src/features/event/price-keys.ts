/**
 * The event screen's prices as a grid for the keyboard: every market's runner (or fancy) rows in
 * document order, each row's price cells left to right. Arrows move the focus across it; `b` and
 * `l` find a row's best back and lay. It reads the tables' own markup (a market's section carries
 * `data-market-id`, a row `data-selection-id`, a price cell `data-side`), so a tick costs it
 * nothing: it looks only when a key is pressed.
 */

const MARKET = '[data-market-id]';
const ROW = '[data-selection-id]';
/** A price cell that can be chosen: odds-cell draws a choosable price as a button. */
const CELL = 'button[data-side]';

/** The keys that move across the prices. */
export type PriceMoveKey = 'ArrowLeft' | 'ArrowRight' | 'ArrowUp' | 'ArrowDown';

export const isPriceMoveKey = (key: string): key is PriceMoveKey =>
  key === 'ArrowLeft' || key === 'ArrowRight' || key === 'ArrowUp' || key === 'ArrowDown';

/**
 * A cell the arrows stop on: enabled (a suspended or priceless cell is disabled) and shown (a
 * phone hides the deeper levels of a ladder).
 */
const canStop = (cell: HTMLButtonElement) => !cell.disabled && cell.checkVisibility();

/** The price cell `target` is, when it is one of a market under `root`. */
export function priceCellOf(
  root: HTMLElement,
  target: EventTarget | null,
): HTMLButtonElement | null {
  if (!(target instanceof HTMLButtonElement) || !target.matches(CELL)) return null;
  const row = target.closest(ROW);
  return row !== null && row.closest(MARKET) !== null && root.contains(row) ? target : null;
}

/** The market (its section) that holds `node`, under `root`; null outside every market. */
export function marketOf(root: HTMLElement, node: Node | null): HTMLElement | null {
  const element = node instanceof Element ? node : (node?.parentElement ?? null);
  const market = element?.closest<HTMLElement>(MARKET) ?? null;
  return market !== null && root.contains(market) ? market : null;
}

const cellsOf = (row: Element) =>
  [...row.querySelectorAll<HTMLButtonElement>(CELL)].filter(canStop);

/**
 * Of a row's cells, the one below or above a cell at `x` (its centre, px) and `index` (its place
 * in its own row): the nearest by centre, then by place, so a grid without layout (a test's)
 * moves straight down.
 */
export function nearestColumn(
  centres: readonly number[],
  x: number,
  index: number,
): number | undefined {
  let best: number | undefined;
  let bestKey: [number, number] = [Infinity, Infinity];
  centres.forEach((centre, i) => {
    const key: [number, number] = [Math.abs(centre - x), Math.abs(i - index)];
    if (key[0] < bestKey[0] || (key[0] === bestKey[0] && key[1] < bestKey[1])) {
      best = i;
      bestKey = key;
    }
  });
  return best;
}

const centreOf = (cell: Element) => {
  const box = cell.getBoundingClientRect();
  return box.left + box.width / 2;
};

/**
 * Where an arrow key takes the focus from price cell `from`: Left and Right to the neighbouring
 * cell of its row, Up and Down to the nearest cell of the previous or next row that has one, across
 * markets in document order (rows with no price to choose are passed over). Null at an edge.
 */
export function priceCellMove(
  root: HTMLElement,
  from: HTMLButtonElement,
  key: PriceMoveKey,
): HTMLButtonElement | null {
  const row = from.closest(ROW);
  if (row === null) return null;
  if (key === 'ArrowLeft' || key === 'ArrowRight') {
    const cells = cellsOf(row);
    const at = cells.indexOf(from);
    return cells[at + (key === 'ArrowRight' ? 1 : -1)] ?? null;
  }
  const rows = [...root.querySelectorAll(`${MARKET} ${ROW}`)];
  const step = key === 'ArrowDown' ? 1 : -1;
  const index = cellsOf(row).indexOf(from);
  const x = centreOf(from);
  for (let at = rows.indexOf(row) + step; at >= 0 && at < rows.length; at += step) {
    const cells = cellsOf(rows[at]!);
    const nearest = nearestColumn(cells.map(centreOf), x, index);
    if (nearest !== undefined) return cells[nearest] ?? null;
  }
  return null;
}

/**
 * The best price of `side` in the row of cell `from` (`b`: back, `l`: lay; on a fancy row back is
 * Yes and lay No), when it can be chosen. A row lays its ladder out as exchanges do — backs worst
 * to best, then lays best to worst (market-table.tsx) — so its best back is its last back cell and
 * its best lay its first lay cell, shown or not.
 */
export function bestPriceOf(from: HTMLElement, side: 'back' | 'lay'): HTMLButtonElement | null {
  const row = from.closest(ROW);
  if (row === null) return null;
  const cells = [...row.querySelectorAll<HTMLButtonElement>(`button[data-side="${side}"]`)];
  const best = side === 'back' ? cells[cells.length - 1] : cells[0];
  return best !== undefined && !best.disabled ? best : null;
}
