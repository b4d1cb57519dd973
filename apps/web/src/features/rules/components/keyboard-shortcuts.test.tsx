import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { KEYBOARD_SHORTCUTS_TITLE } from '../keyboard-shortcuts';
import { KeyboardShortcutsModal } from './keyboard-shortcuts';
import { RulesModal } from './rules-modal';

/** Each row of a shortcuts list: its keys, then what they do. */
const rowsOf = (list: HTMLElement) =>
  within(list)
    .getAllByRole('row')
    .map((row) => [
      within(row)
        .getAllByText(/./, { selector: 'kbd' })
        .map((key) => key.textContent),
      within(row).getByRole('cell').textContent,
    ]);

const KEYS = [
  [['Tab'], 'Go to the prices'],
  [['←', '→'], 'Previous or next price of the row'],
  [['↑', '↓'], 'Price of the row above or below, across markets'],
  [['Enter'], 'Open the bet slip on the focused price'],
  [['b'], "Open the bet slip on the row's best back (Yes on a fancy row)"],
  [['l'], "Open the bet slip on the row's best lay (No on a fancy row)"],
  [['0–9'], 'Type the stake'],
  [['+'], 'Raise the stake to the next chip'],
  [['-'], 'Lower the stake to the chip below'],
  [['Enter'], 'Place the bet (Confirm, when confirming is on)'],
  [['Esc'], 'Close the slip and go back to the price (Cancel when confirming)'],
  [['?'], 'Show these keys'],
];

describe('the keyboard shortcuts', () => {
  it('lists every key of keyboard betting, by group, in a dialog Escape closes', () => {
    const onClose = vi.fn();
    render(<KeyboardShortcutsModal onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: KEYBOARD_SHORTCUTS_TITLE });
    expect(
      within(dialog)
        .getAllByRole('table')
        .map((table) => table.querySelector('caption')?.textContent),
    ).toEqual(['On the prices', 'In the bet slip', 'Anywhere on the event']);
    expect(rowsOf(dialog)).toEqual(KEYS);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('are documented in the Rules and Terms, the same list in English', () => {
    render(<RulesModal onClose={() => {}} />);
    const section = screen.getByRole('region', { name: 'Keyboard betting' });
    expect(section.getAttribute('lang')).toBe('en');
    expect(section.textContent).toContain('Press ?');
    expect(rowsOf(section)).toEqual(KEYS);
  });
});
