import { boClientDetail } from '@backlay/contract/backoffice';
import { fireEvent, screen, within } from '@testing-library/react';
import { toast } from '../../../lib/toast';
import { describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../../../lib/format';
import { jsonResponse, type Recorded } from '../../../test/fetch';
import { boNoSafer, boSaferDetail } from '../../../test/fixtures/safer-answers';
import { headersOf, renderBackoffice } from '../testing';
import { NO_ANSWER_MESSAGE } from './action-dialog';
import { ClientDetail } from './client-detail';
import { eventually } from '../../../test/eventually';

const DETAIL = '/api/backoffice/clients/17';
const CREDIT = '/api/backoffice/credit';

const CLIENT = {
  client: {
    clientId: '17',
    username: 'alice',
    mainBalance: 12500,
    creditLimit: 100000,
    exposure: 2500,
    isBettingLocked: false,
    createdAt: '2026-10-01T08:00:00.000Z',
    lastLoginAt: null,
  },
  positions: [{ eventName: 'India v Australia', positionKey: '1.301', exposure: 2500 }],
  statement: [
    {
      at: '2026-11-19T08:00:00.000Z',
      amount: -500,
      balance: 12500,
      kind: 'profit_loss',
      remark: 'Taken back',
    },
  ],
  bets: [
    {
      betId: '9001',
      placedAt: '2026-11-20T09:40:00.000Z',
      eventName: 'India v Australia',
      market: 'Match Odds',
      selection: 'India',
      side: 'BACK',
      odds: 1.85,
      stake: 1000,
      status: 'Pending',
      result: null,
    },
  ],
  safer: boSaferDetail,
};

/**
 * Fetch as the client page meets it: the detail, credits answered by `credits` in turn (a
 * function that throws is a network failure), and any other action done.
 */
function stubServer(credits: readonly (() => Response)[], detail: object = CLIENT) {
  const calls: Recorded[] = [];
  let credit = 0;
  const answer = boClientDetail.response.parse({ Status: true, Result: detail });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, init });
      if (url === DETAIL) return jsonResponse(answer);
      if (url === CREDIT) {
        const answer = credits[Math.min(credit, credits.length - 1)]!;
        credit += 1;
        return answer();
      }
      if (init?.method === 'POST') return jsonResponse({ Status: true, Result: 'Done' });
      return jsonResponse({ Status: false, Result: `no answer for ${url}` }, 599);
    }),
  );
  const creditCalls = () => calls.filter((call) => call.url === CREDIT);
  return { calls, creditCalls };
}

const failNetwork = () => {
  throw new TypeError('Failed to fetch');
};
const credited = () => jsonResponse({ Status: true, Result: 'Credited ₹500.00 to alice' });

function renderClient(role: 'admin' | 'support' = 'admin') {
  return renderBackoffice(
    <ClientDetail clientId="17" mayManage={role === 'admin'} listHref="/backoffice/clients" />,
    { role },
  );
}

async function askToMove(kind: 'Credit' | 'Debit', amount: string, remark = '') {
  fireEvent.change(await screen.findByLabelText('Amount (₹)'), { target: { value: amount } });
  fireEvent.change(screen.getByLabelText('Remark'), { target: { value: remark } });
  fireEvent.click(
    within(screen.getByRole('form', { name: 'Credit or debit' })).getByRole('button', {
      name: kind,
    }),
  );
}

const keyOf = (call: Recorded | undefined) => headersOf(call?.init).get('Idempotency-Key');
const dialog = () => screen.getByRole('dialog');

describe('client page', () => {
  it("shows the client's wallet, exposure per market, statement and bets", async () => {
    stubServer([credited]);
    renderClient();
    expect(await screen.findByRole('heading', { name: 'alice' })).toBeTruthy();
    const page = screen.getByRole('region', { name: 'Client alice' });
    expect(page.textContent).toContain('Main balance₹12,500.00');
    expect(page.textContent).toContain('Exposure₹2,500.00');
    expect(page.textContent).toContain('Last loginNever');
    const positions = screen.getByRole('region', { name: 'Exposure per market' });
    expect(within(positions).getByText('Market 1.301')).toBeTruthy();
    const statement = screen.getByRole('region', { name: 'Statement' });
    expect(within(statement).getByText('-₹500.00').getAttribute('data-tone')).toBe('loss');
    // Codes in words: the ledger's kind, the bet's side.
    expect(within(statement).getByText('Profit/loss')).toBeTruthy();
    const bets = screen.getByRole('region', { name: 'Bets' });
    expect(within(bets).getByText('1.85')).toBeTruthy();
    expect(within(bets).getByText('Back')).toBeTruthy();
  });

  it('confirms a credit in words and sends it with an Idempotency-Key', async () => {
    const success = vi.spyOn(toast, 'success');
    const { creditCalls } = stubServer([credited]);
    renderClient();
    await askToMove('Credit', '500', 'Top up');
    expect(within(dialog()).getByText('Credit ₹500.00 to alice?')).toBeTruthy();
    expect(creditCalls()).toHaveLength(0);
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Credit' }));
    await eventually(() => expect(success).toHaveBeenCalledWith('Credited ₹500.00 to alice'));
    expect(JSON.parse(creditCalls()[0]?.init?.body as string)).toEqual({
      username: 'alice',
      amount: 500,
      remark: 'Top up',
    });
    expect(keyOf(creditCalls()[0])).toMatch(/^[A-Za-z0-9_.:-]{8,100}$/);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('retries a credit that got no answer with the same key, and gives the next credit a new one', async () => {
    const { creditCalls } = stubServer([failNetwork, credited, credited]);
    renderClient();
    await askToMove('Credit', '500');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Credit' }));
    expect((await within(dialog()).findByRole('alert')).textContent).toBe(NO_ANSWER_MESSAGE);
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Try again' }));
    await eventually(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(creditCalls()).toHaveLength(2);
    const [first, retry] = creditCalls().map(keyOf);
    expect(first).toBeTruthy();
    expect(retry).toBe(first);
    expect(creditCalls()[1]?.init?.body).toBe(creditCalls()[0]?.init?.body);

    await askToMove('Credit', '500');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Credit' }));
    await eventually(() => expect(creditCalls()).toHaveLength(3));
    const next = keyOf(creditCalls()[2]);
    expect(next).toBeTruthy();
    expect(next).not.toBe(first);
  });

  it('debits as a negative amount, after saying so', async () => {
    const { creditCalls } = stubServer([credited]);
    renderClient();
    await askToMove('Debit', '1,250.50');
    expect(within(dialog()).getByText('Debit ₹1,250.50 from alice?')).toBeTruthy();
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Debit' }));
    await eventually(() => expect(creditCalls()).toHaveLength(1));
    expect(JSON.parse(creditCalls()[0]?.init?.body as string)).toEqual({
      username: 'alice',
      amount: -1250.5,
    });
  });

  it('refuses an amount that is not rupees before asking anything', async () => {
    const { creditCalls } = stubServer([credited]);
    renderClient();
    await askToMove('Credit', '12.345');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('alert').textContent).toMatch(/at most two decimals/);
    expect(creditCalls()).toHaveLength(0);
  });

  it("locks the client's betting at once, and sets a password of at least 8 characters", async () => {
    const { calls } = stubServer([credited]);
    renderClient();
    fireEvent.click(await screen.findByRole('button', { name: 'Lock betting' }));
    await eventually(() =>
      expect(calls.filter((call) => call.url === '/api/backoffice/lock-betting')).toHaveLength(1),
    );
    const lock = calls.find((call) => call.url === '/api/backoffice/lock-betting');
    expect(JSON.parse(lock?.init?.body as string)).toEqual({ username: 'alice', locked: true });

    fireEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(within(dialog()).getByText(/^Set a new password for alice\?/)).toBeTruthy();
    fireEvent.change(within(dialog()).getByLabelText('New password'), {
      target: { value: 'short' },
    });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Set password' }));
    expect(within(dialog()).getByRole('alert').textContent).toBe(
      'The password needs at least 8 characters',
    );
    fireEvent.change(within(dialog()).getByLabelText('New password'), {
      target: { value: 'Backlay@2027' },
    });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Set password' }));
    await eventually(() => expect(screen.queryByRole('dialog')).toBeNull());
    const reset = calls.filter((call) => call.url === '/api/backoffice/reset-password');
    expect(reset).toHaveLength(1);
    expect(JSON.parse(reset[0]?.init?.body as string)).toEqual({
      username: 'alice',
      password: 'Backlay@2027',
    });
  });

  it('shows support the client without the actions', async () => {
    stubServer([credited]);
    renderClient('support');
    await screen.findByRole('heading', { name: 'alice' });
    expect(screen.queryByRole('form', { name: 'Credit or debit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reset password' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Lock betting' })).toBeNull();
  });

  it("lists the client's safer-betting limits and exclusion", async () => {
    stubServer([credited]);
    renderClient('support');
    await screen.findByRole('heading', { name: 'Safer betting' });
    const page = screen.getByRole('region', { name: 'Client alice' });
    expect(page.textContent).toContain(
      `ExclusionSelf-exclusion until ${formatDateTime('2026-05-27T08:35:00.000Z')}`,
    );
    const limits = screen.getByRole('region', { name: 'Limits' });
    expect(
      within(limits)
        .getAllByRole('row')
        .map((row) => [...row.children].map((cell) => cell.textContent)),
    ).toEqual([
      ['Limit', 'Own', 'In force', 'Pending', 'Ceiling', 'Left'],
      [
        'Daily loss limit',
        '₹5,000.00',
        '₹5,000.00',
        `Raises to ₹9,000.00 at ${formatDateTime('2026-11-28T08:35:00.000Z')}`,
        '—',
        '₹400.00',
      ],
      ['Weekly loss limit', '₹25,000.00', '₹20,000.00', '—', '₹20,000.00', '₹15,250.50'],
      ['Monthly loss limit', '—', '—', '—', '—', '—'],
      ['Stake limit', '₹1,000.00', '₹1,000.00', '—', '—', '—'],
      [
        'Session limit',
        '2 hours',
        '2 hours',
        `Removed at ${formatDateTime('2026-11-28T07:00:00.000Z')}`,
        '—',
        '—',
      ],
    ]);
    // Support reads; only an admin sets ceilings or lifts an exclusion.
    expect(screen.queryByRole('form', { name: 'Limit ceiling' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Lift self-exclusion' })).toBeNull();
  });

  it('sets and lifts the ceiling of a limit, in whole rupees or minutes', async () => {
    const success = vi.spyOn(toast, 'success');
    const { calls } = stubServer([credited]);
    renderClient();
    const form = await screen.findByRole('form', { name: 'Limit ceiling' });
    const ceilingCalls = () => calls.filter((call) => call.url === '/api/backoffice/limit-ceiling');
    fireEvent.change(within(form).getByLabelText('Limit'), { target: { value: 'lossWeek' } });
    fireEvent.change(within(form).getByLabelText('Ceiling (₹)'), { target: { value: '10.5' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Set ceiling' }));
    expect(within(form).getByRole('alert').textContent).toBe('Ceiling: a whole number above zero');
    expect(ceilingCalls()).toHaveLength(0);

    fireEvent.change(within(form).getByLabelText('Ceiling (₹)'), { target: { value: '15,000' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Set ceiling' }));
    await eventually(() => expect(ceilingCalls()).toHaveLength(1));
    expect(JSON.parse(ceilingCalls()[0]?.init?.body as string)).toEqual({
      username: 'alice',
      kind: 'lossWeek',
      ceiling: 15000,
    });
    await eventually(() => expect(success).toHaveBeenCalledWith('Done'));

    fireEvent.click(within(form).getByRole('button', { name: 'Lift ceiling' }));
    await eventually(() => expect(ceilingCalls()).toHaveLength(2));
    expect(JSON.parse(ceilingCalls()[1]?.init?.body as string)).toEqual({
      username: 'alice',
      kind: 'lossWeek',
      ceiling: null,
    });

    // No ceiling on the session limit: nothing to lift; its ceiling is in minutes.
    fireEvent.change(within(form).getByLabelText('Limit'), { target: { value: 'session' } });
    expect(within(form).getByLabelText('Ceiling (minutes)')).toBeTruthy();
    expect(within(form).getByRole('button', { name: 'Lift ceiling' })).toHaveProperty(
      'disabled',
      true,
    );
  });

  it('lifts a self-exclusion after confirming it', async () => {
    const { calls } = stubServer([credited]);
    renderClient();
    fireEvent.click(await screen.findByRole('button', { name: 'Lift self-exclusion' }));
    expect(
      within(dialog()).getByText(
        'Lift the self-exclusion of alice? They can log in and bet again at once.',
      ),
    ).toBeTruthy();
    const lifts = () => calls.filter((call) => call.url === '/api/backoffice/lift-exclusion');
    expect(lifts()).toHaveLength(0);
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Lift self-exclusion' }));
    await eventually(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(lifts()).toHaveLength(1);
    expect(JSON.parse(lifts()[0]?.init?.body as string)).toEqual({ username: 'alice' });
  });

  it('offers no lift without a self-exclusion', async () => {
    stubServer([credited], { ...CLIENT, safer: boNoSafer });
    renderClient();
    expect(await screen.findByRole('form', { name: 'Limit ceiling' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Client alice' }).textContent).toContain(
      'ExclusionNone',
    );
    expect(screen.queryByRole('button', { name: 'Lift self-exclusion' })).toBeNull();
  });
});
