import { fireEvent, screen, within } from '@testing-library/react';
import { toast } from '../../../../lib/toast';
import { describe, expect, it, vi } from 'vitest';
import { routeFetch } from '../../../../test/fetch';
import { eventually } from '../../../../test/eventually';
import { renderConsole } from '../../testing';
import { consoleKeys } from '../query-keys';
import { bodyOf, ME, ME_URL } from './downline-fixtures';
import { MISMATCH, TransactionPasswordForm } from './transaction-password-form';

const SET = '/api/agent/transaction-password';

function renderForm(
  needsTransactionPassword: boolean,
  answer: () => { status?: number; body: unknown },
) {
  const onDone = vi.fn();
  // As the server: once a password is set, none is needed any more.
  let needs = needsTransactionPassword;
  const api = routeFetch({
    [ME_URL]: () => ({
      body: { Status: true, Result: { ...ME, needsTransactionPassword: needs } },
    }),
    [SET]: () => {
      const answered = answer();
      if ((answered.body as { Status: boolean }).Status) needs = false;
      return answered;
    },
  });
  const view = renderConsole(<TransactionPasswordForm onDone={onDone} />);
  return { ...api, ...view, onDone };
}

const form = () => screen.getByRole('form', { name: 'Transaction password' });
const input = (label: string) => within(form()).getByLabelText<HTMLInputElement>(label);
const type = (label: string, value: string) =>
  fireEvent.change(input(label), { target: { value } });
const describedBy = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' | ');

describe('transaction password', () => {
  it('sets the first one with the new password confirmed, and lets the console on', async () => {
    const success = vi.spyOn(toast, 'success');
    const { callsTo, onDone, client } = renderForm(true, () => ({
      body: { Status: true, Result: 'Transaction password set' },
    }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Set your transaction password' }),
    ).toBeTruthy();
    expect(within(form()).queryByLabelText('Current transaction password')).toBeNull();
    type('New transaction password', 'pin-2026-x');
    type('Confirm the new transaction password', 'pin-2026-y');
    fireEvent.click(screen.getByRole('button', { name: 'Set transaction password' }));
    const confirm = input('Confirm the new transaction password');
    expect(confirm.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(confirm)).toBe(MISMATCH);
    expect(callsTo(SET)).toHaveLength(0);

    type('Confirm the new transaction password', 'pin-2026-x');
    fireEvent.click(screen.getByRole('button', { name: 'Set transaction password' }));
    await eventually(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(bodyOf(callsTo(SET)[0])).toEqual({ password: 'pin-2026-x' });
    expect(success).toHaveBeenCalledWith('Transaction password set');
    expect(
      client.getQueryData<{ needsTransactionPassword: boolean }>(consoleKeys.me())
        ?.needsTransactionPassword,
    ).toBe(false);
  });

  it('changes it with the current one; a wrong current one lands on its field', async () => {
    let answers = 0;
    const { callsTo, onDone } = renderForm(false, () => {
      answers += 1;
      return answers === 1
        ? { body: { Status: false, Result: 'Wrong transaction password' } }
        : { body: { Status: true, Result: 'Transaction password set' } };
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Change your transaction password' }),
    ).toBeTruthy();
    type('New transaction password', 'short');
    fireEvent.click(screen.getByRole('button', { name: 'Change transaction password' }));
    expect(describedBy(input('Current transaction password'))).toBe(
      'Enter your current transaction password',
    );
    expect(describedBy(input('New transaction password'))).toBe(
      'At least 8 characters | A password must be at least 8 characters',
    );

    type('Current transaction password', 'old-wrong');
    type('New transaction password', 'pin-2026-z');
    type('Confirm the new transaction password', 'pin-2026-z');
    fireEvent.click(screen.getByRole('button', { name: 'Change transaction password' }));
    await eventually(() =>
      expect(describedBy(input('Current transaction password'))).toBe('Wrong transaction password'),
    );
    expect(document.activeElement).toBe(input('Current transaction password'));
    expect(onDone).not.toHaveBeenCalled();

    type('Current transaction password', 'old-right');
    fireEvent.click(screen.getByRole('button', { name: 'Change transaction password' }));
    await eventually(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(bodyOf(callsTo(SET)[1])).toEqual({ password: 'pin-2026-z', current: 'old-right' });
  });

  it('says when no answer came, in an alert', async () => {
    renderForm(true, () => ({ status: 503, body: { Status: false, Result: 'Unavailable' } }));
    await screen.findByRole('heading', { level: 1, name: 'Set your transaction password' });
    type('New transaction password', 'pin-2026-x');
    type('Confirm the new transaction password', 'pin-2026-x');
    fireEvent.click(screen.getByRole('button', { name: 'Set transaction password' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/^No answer from the server/);
  });
});
