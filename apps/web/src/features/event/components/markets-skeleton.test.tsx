import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MarketsSkeleton } from './markets-skeleton';

const tables = (container: HTMLElement) =>
  [...container.querySelectorAll('section')].map((table) => [
    table.querySelector('h2')?.textContent,
    table.querySelectorAll('li').length,
  ]);

describe('MarketsSkeleton', () => {
  it("holds a cricket event's match odds, bookmaker and two more markets, two blank rows each, unpriced", () => {
    const { container } = render(<MarketsSkeleton sportId={4} />);
    expect(tables(container)).toEqual([
      ['Match Odds', 2],
      ['Bookmaker', 2],
      ['\u00a0', 2],
      ['\u00a0', 2],
    ]);
    expect(container.querySelectorAll('button')).toHaveLength(0);
    expect(container.textContent).not.toMatch(/\d/);
  });

  it('holds match odds of three rows (home, draw, away) and the three over/unders for soccer', () => {
    expect(tables(render(<MarketsSkeleton sportId={1} />).container)).toEqual([
      ['Match Odds', 3],
      ['\u00a0', 2],
      ['\u00a0', 2],
      ['\u00a0', 2],
    ]);
  });

  it('holds match odds and two set winners for tennis', () => {
    expect(tables(render(<MarketsSkeleton sportId={2} />).container)).toEqual([
      ['Match Odds', 2],
      ['\u00a0', 2],
      ['\u00a0', 2],
    ]);
  });

  it('is hidden from screen readers', () => {
    const { container } = render(<MarketsSkeleton sportId={4} />);
    expect(container.firstElementChild?.getAttribute('aria-hidden')).toBe('true');
  });
});
