import { fireEvent, screen, within } from '@testing-library/react';
import { toast } from '../../../../lib/toast';
import { describe, expect, it, vi } from 'vitest';
import { eventually } from '../../../../test/eventually';
import { NO_ANSWER_MESSAGE } from '../../components/action-dialog';
import { headersOf, renderConsole } from '../../testing';
import { Downline } from './downline';
import { bodyOf, DOWNLINE_URL, ME_URL, serveConsole } from './downline-fixtures';
import { TRANSACTION_PASSWORD_PROBLEM } from './user-action-dialog';

const DEPOSIT = '/api/agent/deposit';
const WITHDRAW = '/api/agent/withdraw';
const CLEAR = '/api/agent/clear-pl';

function renderDownline() {
  renderConsole(
    <Downline
      userHref={(username) => `/backoffice/downline/${username}`}
      topHref="/backoffice/downline"
      statementHref={(username) => `/backoffice/statement/${username}`}
      createHref="/backoffice/create-user"
    />,
  );
}

const dialog = () => screen.getByRole('dialog');
const statement = () => dialog().querySelector('form > p')?.textContent;
const type = (label: string, value: string) =>
  fireEvent.change(within(dialog()).getByLabelText(label), { target: { value } });
const press = (name: string) => fireEvent.click(within(dialog()).getByRole('button', { name }));
const keyOf = (call: { init?: RequestInit | undefined } | undefined) =>
  headersOf(call?.init).get('Idempotency-Key');

/** Opens `username`'s actions and picks `action`. */
async function open(username: string, action: string) {
  fireEvent.click(await screen.findByRole('button', { name: `Actions for ${username}` }));
  fireEvent.click(within(dialog()).getByRole('button', { name: action }));
}

const done = (Result: string) => () => ({ body: { Status: true, Result } });

describe('a downline user’s chips', () => {
  it('says what a deposit does, asks the transaction password, and retries with the same key', async () => {
    const success = vi.spyOn(toast, 'success');
    const api = serveConsole({
      [DEPOSIT]: (_url, count) =>
        count === 1
          ? { status: 503, body: { Status: false, Result: 'Service unavailable' } }
          : { body: { Status: true, Result: 'Deposited ₹5,000.00 to rahul07' } },
    });
    renderDownline();
    await open('rahul07', 'Deposit');
    expect(screen.getByRole('dialog', { name: 'Deposit to rahul07' })).toBeTruthy();
    expect(statement()).toBe('Deposit chips to rahul07 from your balance of ₹40,000.00');
    type('Amount (₹)', '5000');
    expect(statement()).toBe(
      'Deposit ₹5,000.00 to rahul07: your balance ₹40,000.00 → ₹35,000.00, its balance ₹10,000.00 → ₹15,000.00',
    );
    press('Deposit');
    expect(within(dialog()).getByRole('alert').textContent).toBe(TRANSACTION_PASSWORD_PROBLEM);
    expect(api.callsTo(DEPOSIT)).toHaveLength(0);

    type('Your transaction password', 'txn-secret');
    press('Deposit');
    expect((await within(dialog()).findByRole('alert')).textContent).toBe(NO_ANSWER_MESSAGE);
    // Held as sent while the submission awaits its retry.
    expect(within(dialog()).getByLabelText<HTMLInputElement>('Amount (₹)').readOnly).toBe(true);
    const before = { me: api.callsTo(ME_URL).length, list: api.callsTo(DOWNLINE_URL).length };
    press('Try again');
    await eventually(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [first, retry] = api.callsTo(DEPOSIT);
    expect(keyOf(first)).toMatch(/^[A-Za-z0-9_.:-]{8,100}$/);
    expect(keyOf(retry)).toBe(keyOf(first));
    expect(bodyOf(first)).toEqual({
      username: 'rahul07',
      amount: 5000,
      transactionPassword: 'txn-secret',
    });
    expect(retry?.init?.body).toBe(first?.init?.body);
    expect(success).toHaveBeenCalledWith('Deposited ₹5,000.00 to rahul07');
    // The downline and my own balance are read again.
    await eventually(() => {
      expect(api.callsTo(ME_URL).length).toBeGreaterThan(before.me);
      expect(api.callsTo(DOWNLINE_URL).length).toBeGreaterThan(before.list);
    });
  });

  it('keeps a refused deposit open with the server’s words; the next Confirm is a new key', async () => {
    const api = serveConsole({
      [DEPOSIT]: (_url, count) =>
        count === 1
          ? {
              body: {
                Status: false,
                Result: 'Wrong transaction password',
                field: 'transactionPassword',
              },
            }
          : { body: { Status: true, Result: 'Deposited ₹100.00 to rahul07' } },
    });
    renderDownline();
    await open('rahul07', 'Deposit');
    type('Amount (₹)', '100');
    type('Your transaction password', 'wrong');
    press('Deposit');
    expect((await within(dialog()).findByRole('alert')).textContent).toBe(
      'Wrong transaction password',
    );
    expect(
      within(dialog()).getByLabelText<HTMLInputElement>('Your transaction password').value,
    ).toBe('');
    type('Your transaction password', 'right');
    press('Deposit');
    await eventually(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [refused, next] = api.callsTo(DEPOSIT);
    expect(keyOf(next)).toBeTruthy();
    expect(keyOf(next)).not.toBe(keyOf(refused));
    expect(bodyOf(next)).toMatchObject({ transactionPassword: 'right' });
  });

  it('says what a withdrawal does and stops one above the free balance', async () => {
    const api = serveConsole({ [WITHDRAW]: done('Withdrew ₹2,000.00 from rahul07') });
    renderDownline();
    await open('rahul07', 'Withdraw');
    type('Amount (₹)', '9000');
    type('Your transaction password', 'txn-secret');
    press('Withdraw');
    expect(within(dialog()).getByRole('alert').textContent).toBe(
      'At most ₹8,000.00 can be withdrawn from rahul07',
    );
    type('Amount (₹)', '2,000');
    type('Remark (optional)', ' cash back ');
    expect(statement()).toBe(
      'Withdraw ₹2,000.00 from rahul07: its free balance ₹8,000.00 → ₹6,000.00, yours ₹40,000.00 → ₹42,000.00',
    );
    press('Withdraw');
    await eventually(() => expect(api.callsTo(WITHDRAW)).toHaveLength(1));
    expect(bodyOf(api.callsTo(WITHDRAW)[0])).toEqual({
      username: 'rahul07',
      amount: 2000,
      remark: 'cash back',
      transactionPassword: 'txn-secret',
    });
    expect(keyOf(api.callsTo(WITHDRAW)[0])).toBeTruthy();
  });

  it('clears a client’s P/L: the chips it lost go back to it', async () => {
    const api = serveConsole({ [CLEAR]: done("Cleared c1's P/L") });
    renderDownline();
    await open('c1', 'Clear P/L');
    expect(statement()).toBe(
      "Clear c1's P/L of -₹990.00: ₹990.00 to c1, your balance ₹40,000.00 → ₹39,010.00, its balance ₹9,010.00 → ₹10,000.00",
    );
    type('Your transaction password', 'txn-secret');
    press('Clear P/L');
    await eventually(() => expect(api.callsTo(CLEAR)).toHaveLength(1));
    expect(bodyOf(api.callsTo(CLEAR)[0])).toEqual({
      username: 'c1',
      transactionPassword: 'txn-secret',
    });
    expect(keyOf(api.callsTo(CLEAR)[0])).toBeTruthy();
  });
});

describe('a downline user’s settings', () => {
  it('sets a credit reference, saying what its P/L becomes', async () => {
    const api = serveConsole({ '/api/agent/credit-reference': done('Set') });
    renderDownline();
    await open('c1', 'Credit reference');
    type('Credit reference (₹)', '20000');
    expect(statement()).toBe(
      'Set the credit reference of c1: ₹10,000.00 → ₹20,000.00, its reference P/L -₹990.00 → -₹10,990.00. No chips move',
    );
    type('Your transaction password', 'txn-secret');
    press('Set credit reference');
    await eventually(() => expect(api.callsTo('/api/agent/credit-reference')).toHaveLength(1));
    expect(bodyOf(api.callsTo('/api/agent/credit-reference')[0])).toEqual({
      username: 'c1',
      creditReference: 20000,
      transactionPassword: 'txn-secret',
    });
  });

  it('bounds a partnership by mine', async () => {
    const api = serveConsole({
      '/api/agent/partnership': done('Partnership of rahul07 set to 60 %'),
    });
    renderDownline();
    await open('rahul07', 'Partnership');
    type('Partnership (%)', '85');
    type('Your transaction password', 'txn-secret');
    press('Set partnership');
    expect(within(dialog()).getByRole('alert').textContent).toBe(
      'A partnership of 85 % is above your own 80 %',
    );
    type('Partnership (%)', '60');
    expect(statement()).toBe(
      'Set the partnership of rahul07: 70 % → 60 %. Bets already placed keep theirs',
    );
    press('Set partnership');
    await eventually(() => expect(api.callsTo('/api/agent/partnership')).toHaveLength(1));
    expect(bodyOf(api.callsTo('/api/agent/partnership')[0])).toEqual({
      username: 'rahul07',
      partnership: 60,
      transactionPassword: 'txn-secret',
    });
  });

  it('sets both commission rates', async () => {
    const api = serveConsole({ '/api/agent/commission': done('Set') });
    renderDownline();
    await open('rahul07', 'Commission');
    type('Match commission (%)', '1.5');
    type('Session commission (%)', '1');
    expect(statement()).toBe(
      'Set the commission of rahul07: match 1 % → 1.50 %, session 0.50 % → 1 %',
    );
    type('Your transaction password', 'txn-secret');
    press('Set commission');
    await eventually(() => expect(api.callsTo('/api/agent/commission')).toHaveLength(1));
    expect(bodyOf(api.callsTo('/api/agent/commission')[0])).toMatchObject({
      matchCommission: 1.5,
      sessionCommission: 1,
    });
  });

  it('removes a client’s exposure limit when the field is empty', async () => {
    const api = serveConsole({ '/api/agent/exposure-limit': done('Removed') });
    renderDownline();
    await open('c1', 'Exposure limit');
    type('Exposure limit (₹)', '');
    expect(statement()).toBe('Remove the exposure limit of c1: ₹50,000.00 → no limit');
    type('Your transaction password', 'txn-secret');
    press('Remove limit');
    await eventually(() => expect(api.callsTo('/api/agent/exposure-limit')).toHaveLength(1));
    expect(bodyOf(api.callsTo('/api/agent/exposure-limit')[0])).toEqual({
      username: 'c1',
      exposureLimit: null,
      transactionPassword: 'txn-secret',
    });
  });

  it('locks a login and unlocks betting, each as the row shows it', async () => {
    const api = serveConsole({ '/api/agent/lock': done('Done') });
    renderDownline();
    await open('rahul07', 'Lock login');
    expect(statement()).toBe(
      'Lock the login of rahul07: it and every user below it can no longer log in, and their sessions end now',
    );
    type('Your transaction password', 'txn-secret');
    press('Lock login');
    await eventually(() => expect(api.callsTo('/api/agent/lock')).toHaveLength(1));
    expect(bodyOf(api.callsTo('/api/agent/lock')[0])).toEqual({
      username: 'rahul07',
      kind: 'login',
      locked: true,
      transactionPassword: 'txn-secret',
    });
    await eventually(() => expect(screen.queryByRole('dialog')).toBeNull());
    await open('c1', 'Unlock betting');
    expect(statement()).toBe('Unlock the betting of c1: it can bet again');
    type('Your transaction password', 'txn-secret');
    press('Unlock betting');
    await eventually(() => expect(api.callsTo('/api/agent/lock')).toHaveLength(2));
    expect(bodyOf(api.callsTo('/api/agent/lock')[1])).toMatchObject({
      kind: 'betting',
      locked: false,
    });
  });

  it('resets a password of at least 8 characters', async () => {
    const api = serveConsole({ '/api/agent/reset-password': done('Password of c1 set') });
    renderDownline();
    await open('c1', 'Reset password');
    expect(statement()).toBe('Set a new login password for c1: its sessions end at once');
    type('New password for c1', 'short');
    type('Your transaction password', 'txn-secret');
    press('Set password');
    expect(within(dialog()).getByRole('alert').textContent).toBe(
      'A password must be at least 8 characters',
    );
    type('New password for c1', 'long enough');
    press('Set password');
    await eventually(() => expect(api.callsTo('/api/agent/reset-password')).toHaveLength(1));
    expect(bodyOf(api.callsTo('/api/agent/reset-password')[0])).toEqual({
      username: 'c1',
      password: 'long enough',
      transactionPassword: 'txn-secret',
    });
  });
});
