import { paging, PAGE_LINKS_MAX } from '@backlay/domain';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Pagination } from './pagination';

function bar(page: number, totalRows: number) {
  const onPage = vi.fn();
  const { unmount } = render(<Pagination paging={paging(page, totalRows)} onPage={onPage} />);
  const nav = screen.getByRole('navigation', { name: 'Pages' });
  const numbers = within(nav)
    .getAllByRole('button', { name: /^Page \d+$/ })
    .map((button) => Number(button.textContent));
  const current = within(nav).getByRole('button', { current: 'page' });
  return { nav, numbers, current, onPage, unmount };
}

describe('pagination', () => {
  it('links at most four pages, starting one before the current page', () => {
    const { numbers, current } = bar(5, 100);
    expect(numbers).toEqual([4, 5, 6, 7]);
    expect(numbers.length).toBeLessThanOrEqual(PAGE_LINKS_MAX);
    expect(current.textContent).toBe('5');
  });

  it('disables Previous on the first page and Next on the last', () => {
    const first = bar(1, 100);
    expect(first.numbers).toEqual([1, 2, 3, 4]);
    expect(screen.getByRole('button', { name: 'Previous' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Next' })).toHaveProperty('disabled', false);
    first.unmount();

    const last = bar(10, 100);
    expect(last.numbers).toEqual([7, 8, 9, 10]);
    expect(last.current.textContent).toBe('10');
    expect(within(last.nav).getByRole('button', { name: 'Previous' })).toHaveProperty(
      'disabled',
      false,
    );
    expect(within(last.nav).getByRole('button', { name: 'Next' })).toHaveProperty('disabled', true);
  });

  it('shows page 1 alone, both steps disabled, for an empty or one-page report', () => {
    const { nav, numbers, current } = bar(1, 0);
    expect(numbers).toEqual([1]);
    expect(current.textContent).toBe('1');
    for (const step of ['Previous', 'Next']) {
      expect(within(nav).getByRole('button', { name: step })).toHaveProperty('disabled', true);
    }
  });

  it('asks for the page chosen, the previous one and the next one', async () => {
    const user = userEvent.setup();
    const { nav, onPage } = bar(3, 95);
    await user.click(within(nav).getByRole('button', { name: 'Page 4' }));
    await user.click(within(nav).getByRole('button', { name: 'Previous' }));
    await user.click(within(nav).getByRole('button', { name: 'Next' }));
    expect(onPage.mock.calls).toEqual([[4], [2], [4]]);
  });
});
