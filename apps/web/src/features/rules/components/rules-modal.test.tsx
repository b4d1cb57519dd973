import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { clearStoredLogin, storeLogin } from '../../../lib/session';
import { SESSION_KEYS } from '../../../lib/storage';
import { TEST_LOGIN } from '../../../test/render';
import { RULES_DONE } from '../hooks/use-rules-on-entry';
import { RULES_TITLE } from './rules-modal';
import { RulesOnEntry } from './rules-on-entry';

const dialog = () => screen.getByRole('dialog', { name: RULES_TITLE });
/** The dialog once its chunk is here (it is fetched only when the rules show). */
const shown = () => screen.findByRole('dialog', { name: RULES_TITLE });

describe('the rules modal', () => {
  it('shows on first entry, and not again in the same session once accepted', async () => {
    const first = render(<RulesOnEntry />);
    expect(await shown()).toBeTruthy();
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Accept' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sessionStorage.getItem(SESSION_KEYS.ShowRules)).toBe(RULES_DONE);
    first.unmount();

    // A reload, or a new entry into the app, in the same browser session.
    render(<RulesOnEntry />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('counts closing it as seen, and shows again in a new browser session', async () => {
    const first = render(<RulesOnEntry />);
    fireEvent.click(within(await shown()).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    first.unmount();

    sessionStorage.clear();
    render(<RulesOnEntry />);
    expect(await shown()).toBeTruthy();
  });

  it('shows again on the first entry after a logout and a new login', async () => {
    storeLogin(TEST_LOGIN);
    const first = render(<RulesOnEntry />);
    fireEvent.click(within(await shown()).getByRole('button', { name: 'Accept' }));
    first.unmount();

    clearStoredLogin();
    storeLogin(TEST_LOGIN);
    render(<RulesOnEntry />);
    expect(await shown()).toBeTruthy();
  });

  it('states every house rule of docs/product.md#constants in Hindi', async () => {
    render(<RulesOnEntry />);
    const text = (await shown()).textContent ?? '';
    expect(text).toContain('मैच (Match Odds, Bookmaker, Toss) में कम से कम ₹500');
    expect(text).toContain('सेशन (Fancy) में कम से कम ₹100');
    expect(text).toContain('फ़ुटबॉल (सॉकर) की बेट लगाने के 3 मिनट के अंदर कैंसल');
    expect(text).toContain('टाई मैच (Tied Match) का रेट मैच ख़त्म होने से 1 ओवर या 10 रन पहले बंद');
    expect(text).toContain('कैसीनो में अकाउंट की winning limit से ज़्यादा जीत का भुगतान नहीं होगा');
    expect(dialog().querySelector('[lang="hi"]')).not.toBeNull();
  });

  it('keeps Tab inside the dialog', async () => {
    render(<RulesOnEntry />);
    const close = within(await shown()).getByRole('button', { name: 'Close' });
    const accept = within(dialog()).getByRole('button', { name: 'Accept' });
    accept.focus();
    fireEvent.keyDown(document, { key: 'Tab' });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(document, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(accept);
  });
});
