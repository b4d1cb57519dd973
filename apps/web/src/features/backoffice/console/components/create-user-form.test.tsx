import { fireEvent, screen, within } from '@testing-library/react';
import { toast } from '../../../../lib/toast';
import { describe, expect, it, vi } from 'vitest';
import { routeFetch } from '../../../../test/fetch';
import { eventually } from '../../../../test/eventually';
import { NO_ANSWER_MESSAGE } from '../../components/action-dialog';
import { headersOf, renderConsole } from '../../testing';
import { CreateUserForm } from './create-user-form';
import { fieldOfRefusal, USERNAME_PROBLEM } from './create-user-fields';
import { bodyOf, ME, ME_URL } from './downline-fixtures';

const CREATE = '/api/agent/create-user';

function renderForm(
  create: (count: number) => { status?: number; body: unknown },
  me: object = ME,
) {
  const onCreated = vi.fn();
  const api = routeFetch({
    [ME_URL]: () => ({ body: { Status: true, Result: me } }),
    [CREATE]: (_url, count) => create(count),
  });
  renderConsole(<CreateUserForm onCreated={onCreated} />, { level: 'master' });
  return { ...api, onCreated };
}

const form = () => screen.getByRole('form', { name: 'Create user' });
const input = (label: string) => within(form()).getByLabelText<HTMLInputElement>(label);
const type = (label: string, value: string) =>
  fireEvent.change(input(label), { target: { value } });

/** The text an input's aria-describedby points to, joined. */
const describedBy = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' | ');

function fillAgent() {
  fireEvent.change(input('Level'), { target: { value: 'agent' } });
  type('Username', 'rahul07');
  type('Password', 'Backlay@2026');
  type('Credit reference (₹)', '1,00,000');
  type('Partnership (%)', '70');
  type('Match commission (%)', '1');
  type('Session commission (%)', '0.5');
  type('Your transaction password', 'txn-secret');
}

const created = () => ({ body: { Status: true, Result: 'Created agent rahul07' } });

describe('create user', () => {
  it('offers only the levels below mine, and no partnership for a client', async () => {
    renderForm(created);
    const level = await screen.findByLabelText<HTMLSelectElement>('Level');
    expect([...level.options].map((option) => option.textContent)).toEqual(['Agent', 'Client']);
    expect(within(form()).getByLabelText('Partnership (%)')).toBeTruthy();
    fireEvent.change(level, { target: { value: 'client' } });
    expect(within(form()).queryByLabelText('Partnership (%)')).toBeNull();
  });

  it('puts each problem on its field before anything is sent', async () => {
    const { callsTo } = renderForm(created);
    await screen.findByLabelText('Level');
    type('Username', 'x');
    type('Partnership (%)', '85');
    type('Match commission (%)', '3');
    fireEvent.click(within(form()).getByRole('button', { name: 'Create user' }));
    const username = input('Username');
    expect(username.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(username)).toBe(USERNAME_PROBLEM);
    expect(document.activeElement).toBe(username);
    expect(describedBy(input('Partnership (%)'))).toBe(
      'At most 80 %, your own | A partnership of 85 % is above your own 80 %',
    );
    expect(describedBy(input('Match commission (%)'))).toBe(
      'At most 2 %, your own | A match commission of 3 % is above your own 2 %',
    );
    expect(input('Session commission (%)').getAttribute('aria-invalid')).toBeNull();
    expect(describedBy(input('Your transaction password'))).toBe('Enter your transaction password');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(callsTo(CREATE)).toHaveLength(0);
    // Typing again clears that field's error.
    type('Username', 'rahul07');
    expect(input('Username').getAttribute('aria-invalid')).toBeNull();
  });

  it('confirms in words, sends one key and the same one on Try again, then is done', async () => {
    const success = vi.spyOn(toast, 'success');
    const { callsTo, onCreated } = renderForm((count) =>
      count === 1 ? { status: 502, body: { Status: false, Result: 'Bad gateway' } } : created(),
    );
    await screen.findByLabelText('Level');
    fillAgent();
    fireEvent.click(within(form()).getByRole('button', { name: 'Create user' }));
    const dialog = screen.getByRole('dialog', { name: 'Create user' });
    expect(
      within(dialog).getByText(
        'Create agent rahul07 with a credit reference of ₹1,00,000.00, a partnership of 70 %, match commission 1 % and session commission 0.50 %?',
      ),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(NO_ANSWER_MESSAGE);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Try again' }));
    await eventually(() => expect(onCreated).toHaveBeenCalledTimes(1));
    const [first, retry] = callsTo(CREATE);
    const key = headersOf(first?.init).get('Idempotency-Key');
    expect(key).toMatch(/^[A-Za-z0-9_.:-]{8,100}$/);
    expect(headersOf(retry?.init).get('Idempotency-Key')).toBe(key);
    expect(bodyOf(first)).toEqual({
      level: 'agent',
      username: 'rahul07',
      password: 'Backlay@2026',
      creditReference: 100000,
      partnership: 70,
      matchCommission: 1,
      sessionCommission: 0.5,
      transactionPassword: 'txn-secret',
    });
    expect(success).toHaveBeenCalledWith('Created agent rahul07');
  });

  it('places the server’s refusal on the field it is about', async () => {
    const { onCreated } = renderForm(() => ({
      body: { Status: false, Result: "Username 'rahul07' is taken", field: 'username' },
    }));
    await screen.findByLabelText('Level');
    fillAgent();
    fireEvent.click(within(form()).getByRole('button', { name: 'Create user' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Create' }));
    await eventually(() => expect(screen.queryByRole('dialog')).toBeNull());
    const username = input('Username');
    expect(username.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(username)).toBe("Username 'rahul07' is taken");
    await eventually(() => expect(document.activeElement).toBe(username));
    expect(onCreated).not.toHaveBeenCalled();
  });
});

describe('the field of a refusal', () => {
  it.each([
    [{ Result: "Username 'rahul07' is taken", field: 'username' }, 'username'],
    [{ Result: 'A master cannot create a master', field: 'level' }, 'level'],
    [{ Result: 'Wrong transaction password', field: 'transactionPassword' }, 'transactionPassword'],
    [{ Result: 'Invalid body: sessionCommission: must be 0–100' }, 'sessionCommission'],
    [{ Result: 'Set your transaction password first' }, undefined],
    [{ Result: 'Something else', field: 'notAField' }, undefined],
  ])('%o → %s', (answer, field) => {
    expect(fieldOfRefusal(answer)).toBe(field);
  });
});
