import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { nameOf } from '../test/names';
import { LiveOddsCell, type CellFigures, type LiveFigures } from './odds-cell';

/** Figures that tick by hand, as a table's source moves them. */
function tickingFigures(first: CellFigures): LiveFigures & { tick: (next: CellFigures) => void } {
  let figures = first;
  const listeners = new Set<() => void>();
  return {
    read: () => figures,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    tick: (next) => {
      figures = next;
      listeners.forEach((listener) => listener());
    },
  };
}

describe('a live price cell', () => {
  it('is named by its side and price as they tick, and by its label once it has no price', () => {
    const figures = tickingFigures({ price: 45, size: 110 });
    render(<LiveOddsCell side="back" label="Yes" figures={figures} onSelect={() => {}} />);
    const cell = screen.getByRole('button');
    expect(nameOf(cell)).toBe('Yes 45');
    expect(cell.getAttribute('aria-label')).toBeNull();
    act(() => figures.tick({ price: 46, size: 120 }));
    expect(nameOf(cell)).toBe('Yes 46');
    expect(screen.getByTestId('odds-size').textContent).toBe('120');
    // A locked row's dash, then no price at all.
    act(() => figures.tick({ price: '-', size: '-' }));
    expect(nameOf(screen.getByRole('button'))).toBe('Yes -');
    act(() => figures.tick({ price: undefined, size: undefined }));
    expect(nameOf(screen.getByRole('button'))).toBe('Yes: none');
    act(() => figures.tick({ price: 47, size: 100 }));
    expect(nameOf(screen.getByRole('button'))).toBe('Yes 47');
  });
});
