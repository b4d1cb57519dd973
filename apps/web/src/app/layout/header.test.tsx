import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../lib/storage';
import { routeFetch } from '../../test/fetch';
import { renderScreen } from '../../test/render';
import { Header } from './header';

describe('the user menu', () => {
  it('switches the data saver, kept for the next visit, and shows the data this page used', async () => {
    routeFetch({});
    renderScreen(<Header onToggleSidebar={() => {}} onLogout={() => {}} />);
    await userEvent.click(screen.getByRole('button', { name: 'asha' }));
    const saver = screen.getByRole('switch', { name: 'Data saver' });
    expect(saver.getAttribute('aria-checked')).toBe('false');
    await userEvent.click(saver);
    expect(saver.getAttribute('aria-checked')).toBe('true');
    expect(localStorage.getItem(STORAGE_KEYS.dataSaver)).toBe('true');
    expect(saver.textContent).toBe('Data saverOn');
    expect(screen.getByText(/^Data used this session: \d+ (KB|\d\.\d MB)$/)).toBeTruthy();
    await userEvent.click(saver);
    expect(localStorage.getItem(STORAGE_KEYS.dataSaver)).toBe('false');
  });
});
