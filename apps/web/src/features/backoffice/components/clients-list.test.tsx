import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { routeFetch } from '../../../test/fetch';
import { headersOf, renderBackoffice } from '../testing';
import { CLIENTS_PAGE_SIZE, ClientsList } from './clients-list';
import { eventually } from '../../../test/eventually';

const CLIENTS = '/api/backoffice/clients';
const CREATE = '/api/backoffice/create-client';

const client = (n: number) => ({
  clientId: String(n),
  username: `demo${n}`,
  mainBalance: 1000 * n,
  creditLimit: 100000,
  exposure: 0,
  isBettingLocked: n === 2,
  createdAt: '2026-10-01T08:00:00.000Z',
  lastLoginAt: null,
});

function renderList(mayCreate = true) {
  const api = routeFetch({
    [CLIENTS]: () => ({
      body: { Status: true, Result: { total: 45, clients: [client(1), client(2)] } },
    }),
    [CREATE]: () => ({ body: { Status: true, Result: 'Client bob created' } }),
  });
  renderBackoffice(
    <ClientsList clientHref={(id) => `/backoffice/clients/${id}`} mayCreate={mayCreate} />,
  );
  return api;
}

describe('clients list', () => {
  it('searches by username and pages through the clients', async () => {
    const { callsTo } = renderList();
    const link = await screen.findByRole('link', { name: 'demo1' });
    expect(link.getAttribute('href')).toBe('/backoffice/clients/1');
    expect(callsTo(CLIENTS)[0]?.url).toBe(`${CLIENTS}?skip=0&take=${CLIENTS_PAGE_SIZE}`);
    fireEvent.change(screen.getByLabelText('Search by username'), { target: { value: ' dem ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await eventually(() =>
      expect(callsTo(CLIENTS).at(-1)?.url).toBe(`${CLIENTS}?search=dem&skip=0&take=20`),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    await eventually(() =>
      expect(callsTo(CLIENTS).at(-1)?.url).toBe(`${CLIENTS}?search=dem&skip=40&take=20`),
    );
  });

  it('creates a client with credit after saying so, with an Idempotency-Key', async () => {
    const { callsTo } = renderList();
    await screen.findByRole('link', { name: 'demo1' });
    const form = screen.getByRole('form', { name: 'Create client' });
    fireEvent.change(within(form).getByLabelText('Username'), { target: { value: 'bob' } });
    fireEvent.change(within(form).getByLabelText('Password'), {
      target: { value: 'Backlay@2026' },
    });
    fireEvent.change(within(form).getByLabelText('Credit (₹, optional)'), {
      target: { value: '1000' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Create client' }));
    const dialog = screen.getByRole('dialog', { name: 'Create client' });
    expect(within(dialog).getByText('Create client bob with credit ₹1,000.00?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await eventually(() => expect(callsTo(CREATE)).toHaveLength(1));
    const [call] = callsTo(CREATE);
    expect(JSON.parse(call?.init?.body as string)).toEqual({
      username: 'bob',
      password: 'Backlay@2026',
      creditLimit: 1000,
    });
    expect(headersOf(call?.init).get('Idempotency-Key')).toBeTruthy();
  });

  it('offers no creation to an operator who may not create clients', async () => {
    renderList(false);
    await screen.findByRole('link', { name: 'demo1' });
    expect(screen.queryByRole('form', { name: 'Create client' })).toBeNull();
  });
});
