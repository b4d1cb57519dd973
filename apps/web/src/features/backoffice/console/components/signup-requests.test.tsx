import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { eventually } from '../../../../test/eventually';
import { routeFetch } from '../../../../test/fetch';
import { headersOf, renderConsole } from '../../testing';
import { REQUESTS_PAGE_SIZE, signupLink, SignupRequests } from './signup-requests';

const ME = '/api/agent/me';
const LIST = '/api/agent/signup-requests';
const APPROVE = '/api/agent/signup-approve';
const DECLINE = '/api/agent/signup-decline';

const me = (referralCode: string | null) => ({
  Status: true,
  Result: {
    username: 'rahul',
    level: 'agent',
    balance: 1000,
    partnership: 70,
    matchCommission: 1,
    sessionCommission: 1,
    needsTransactionPassword: false,
    referralCode,
  },
});

const request = (id: number, username: string) => ({
  id,
  username,
  name: `Name of ${username}`,
  mobile: '+919876543210',
  createdAt: '2026-11-21T10:00:00.000Z',
});

/** The console's server: the agent, its waiting requests (until decided), and the decisions. */
function stubServer(options: { referralCode?: string | null; approve?: object } = {}) {
  let waiting = [request(7, 'asha'), request(9, 'vikram')];
  return routeFetch({
    [ME]: () => ({
      body: me(options.referralCode === undefined ? 'K7M3Q9PX' : options.referralCode),
    }),
    [LIST]: () => ({
      body: { Status: true, Result: { total: waiting.length, requests: waiting } },
    }),
    [APPROVE]: () => {
      waiting = waiting.filter((row) => row.id !== 7);
      return {
        body: options.approve ?? {
          Status: true,
          Result: 'Approved: asha is your client and can log in now',
        },
      };
    },
    [DECLINE]: () => {
      waiting = waiting.filter((row) => row.id !== 9);
      return { body: { Status: true, Result: 'Declined the request of vikram' } };
    },
  });
}

describe('sign-up requests', () => {
  it('shows the referral code and copies its sign-up link', async () => {
    stubServer();
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderConsole(<SignupRequests />);
    expect(await screen.findByText('K7M3Q9PX')).toBeTruthy();
    const link = signupLink(window.location.origin, 'K7M3Q9PX');
    expect(link).toMatch(/\/signup\?ref=K7M3Q9PX$/);
    expect(screen.getByLabelText<HTMLInputElement>('Sign-up link').value).toBe(link);
    fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    await eventually(() => expect(writeText).toHaveBeenCalledWith(link));
    expect(await screen.findByText('Sign-up link copied')).toBeTruthy();
  });

  it('says the admin has no code', async () => {
    stubServer({ referralCode: null });
    renderConsole(<SignupRequests />, { level: 'admin' });
    expect(await screen.findByText(/The admin has no referral code/)).toBeTruthy();
    expect(screen.queryByLabelText('Sign-up link')).toBeNull();
  });

  it('lists the waiting requests, a page at a time', async () => {
    const { callsTo } = stubServer();
    renderConsole(<SignupRequests />);
    const table = await screen.findByRole('region', { name: 'Waiting requests' });
    expect(within(table).getByText('asha')).toBeTruthy();
    expect(within(table).getByText('Name of vikram')).toBeTruthy();
    expect(
      within(table).getAllByRole('link', { name: '+919876543210' })[0]?.getAttribute('href'),
    ).toBe('tel:+919876543210');
    expect(callsTo(LIST)[0]?.url).toBe(`${LIST}?skip=0&take=${REQUESTS_PAGE_SIZE}`);
  });

  it('approves with the transaction password and an Idempotency-Key, toasts the answer and reads the list again', async () => {
    const { callsTo } = stubServer();
    renderConsole(<SignupRequests />);
    fireEvent.click(await screen.findByRole('button', { name: 'Approve asha' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve request' });
    expect(
      within(dialog).getByText(/Make asha \(Name of asha, \+919876543210\) your client\?/),
    ).toBeTruthy();
    // Not without the transaction password.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Enter your transaction password');
    expect(callsTo(APPROVE)).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText('Your transaction password'), {
      target: { value: 'txn secret' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(
      await screen.findByText('Approved: asha is your client and can log in now'),
    ).toBeTruthy();
    const [call] = callsTo(APPROVE);
    expect(JSON.parse(call?.init?.body as string)).toEqual({
      id: 7,
      transactionPassword: 'txn secret',
    });
    expect(headersOf(call?.init).get('Idempotency-Key')).toBeTruthy();
    await eventually(() => expect(screen.queryByText('asha')).toBeNull());
    expect(callsTo(LIST).length).toBeGreaterThan(1);
  });

  it("toasts the server's refusal as it is", async () => {
    stubServer({ approve: { Status: false, Result: 'Wrong transaction password' } });
    renderConsole(<SignupRequests />);
    fireEvent.click(await screen.findByRole('button', { name: 'Approve asha' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve request' });
    fireEvent.change(within(dialog).getByLabelText('Your transaction password'), {
      target: { value: 'wrong' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Wrong transaction password')).toBeTruthy();
  });

  it('declines after saying what it means', async () => {
    const { callsTo } = stubServer();
    renderConsole(<SignupRequests />);
    fireEvent.click(await screen.findByRole('button', { name: 'Decline vikram' }));
    const dialog = screen.getByRole('dialog', { name: 'Decline request' });
    expect(
      within(dialog).getByText(/Decline the request of vikram \(Name of vikram\)\?/),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect(await screen.findByText('Declined the request of vikram')).toBeTruthy();
    expect(JSON.parse(callsTo(DECLINE)[0]?.init?.body as string)).toEqual({ id: 9 });
    await eventually(() => expect(screen.queryByText('vikram')).toBeNull());
  });
});
