import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AGENT, OPERATOR } from '../../features/backoffice/testing';
import {
  getOperatorLogin,
  storeBackofficeLogin,
  storeOperatorLogin,
} from '../../features/backoffice/session';
import { getStoredLogin, storeLogin } from '../../lib/session';
import { routeFetch } from '../../test/fetch';
import { memoryRouter, TEST_LOGIN } from '../../test/render';
import { Screens } from '../router';
import { eventually } from '../../test/eventually';

const RISK = {
  at: '2026-11-20T10:00:00.000Z',
  markets: [],
  fancy: [],
  matka: [],
  casino: [],
  topClients: [],
  sportsExposure: 0,
  matkaExposure: 0,
  casinoExposure: 0,
  totalExposure: 0,
};

function renderAt(url: string) {
  const { element, router } = memoryRouter(<Screens />, [url]);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(<QueryClientProvider client={client}>{element}</QueryClientProvider>);
  return router;
}

const answer = (Result: unknown) => () => ({ body: { Status: true, Result } });

describe('/backoffice', () => {
  it("asks for the operator's login, whatever the client's login", async () => {
    storeLogin(TEST_LOGIN);
    const { calls } = routeFetch({});
    const router = renderAt('/backoffice/markets');
    expect(await screen.findByRole('heading', { name: 'Back office login' })).toBeTruthy();
    expect(router.location.pathname).toBe('/backoffice/login');
    expect(calls).toHaveLength(0);
    expect(getStoredLogin()).toEqual(TEST_LOGIN);
  });

  it("opens an operator's screens without any client login", async () => {
    storeOperatorLogin(OPERATOR);
    routeFetch({
      '/api/backoffice/me': answer({ username: 'ravi', role: 'admin' }),
      '/api/backoffice/risk': answer(RISK),
    });
    renderAt('/backoffice');
    expect(await screen.findByRole('heading', { name: 'Risk' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Back office' })).toBeTruthy();
    expect(getStoredLogin()).toBeNull();
  });

  it('sends an operator to a screen of their role', async () => {
    storeOperatorLogin({ ...OPERATOR, role: 'support' });
    routeFetch({
      '/api/backoffice/me': answer({ username: 'ravi', role: 'support' }),
      '/api/backoffice/clients': answer({ total: 0, clients: [] }),
    });
    const router = renderAt('/backoffice');
    expect(await screen.findByRole('heading', { name: 'Clients' })).toBeTruthy();
    expect(router.location.pathname).toBe('/backoffice/clients');
  });

  it('goes back to the login page when the server ends the session', async () => {
    storeOperatorLogin(OPERATOR);
    routeFetch({
      '/api/backoffice/me': () => ({ status: 401, body: { Status: false, Result: 'Expired' } }),
      '/api/backoffice/risk': answer(RISK),
    });
    const router = renderAt('/backoffice');
    expect(await screen.findByRole('heading', { name: 'Back office login' })).toBeTruthy();
    expect(router.location.pathname).toBe('/backoffice/login');
    expect(getOperatorLogin()).toBeNull();
  });

  it('logs out on the server and forgets the login', async () => {
    storeOperatorLogin(OPERATOR);
    const { callsTo } = routeFetch({
      '/api/backoffice/me': answer({ username: 'ravi', role: 'admin' }),
      '/api/backoffice/risk': answer(RISK),
      '/api/backoffice/logout': answer('Logged out'),
    });
    const router = renderAt('/backoffice');
    fireEvent.click(await screen.findByRole('button', { name: 'Log out' }));
    expect(await screen.findByRole('heading', { name: 'Back office login' })).toBeTruthy();
    expect(callsTo('/api/backoffice/logout')).toHaveLength(1);
    expect(getOperatorLogin()).toBeNull();
    expect(router.location.pathname).toBe('/backoffice/login');
    await eventually(() => expect(sessionStorage.getItem('backlay.operator')).toBeNull());
  });

  const ME = {
    username: 'rahul',
    level: 'master',
    balance: 40_000,
    partnership: 80,
    matchCommission: 1,
    sessionCommission: 2,
    needsTransactionPassword: false,
    referralCode: 'K7M2Q9XA',
  };

  it("opens an agent's console at its downline, with the console's nav, and keeps it off the house staff's screens", async () => {
    storeBackofficeLogin(AGENT);
    const { callsTo } = routeFetch({
      '/api/agent/me': answer(ME),
      '/api/agent/downline': answer({ breadcrumb: [], total: 0, users: [] }),
    });
    const router = renderAt('/backoffice/markets');
    await eventually(() => expect(router.location.pathname).toBe('/backoffice/downline'));
    const nav = screen.getByRole('navigation', { name: 'Back office' });
    expect([...nav.querySelectorAll('a')].map((link) => link.textContent)).toEqual([
      'Downline',
      'Market analysis',
      'Current bets',
      'P/L',
      'Statement',
      'Commission',
      'Sign-up requests',
    ]);
    expect(screen.getByRole('banner').textContent).toContain('Level: Master');
    expect(callsTo('/api/backoffice/events')).toHaveLength(0);
  });

  it('sends an agent that has no transaction password yet to set one, whatever it opens', async () => {
    storeBackofficeLogin(AGENT);
    routeFetch({
      '/api/agent/me': answer({ ...ME, needsTransactionPassword: true }),
      '/api/agent/downline': answer({ breadcrumb: [], total: 0, users: [] }),
    });
    const router = renderAt('/backoffice/pl');
    await eventually(() =>
      expect(router.location.pathname).toBe('/backoffice/transaction-password'),
    );
  });
});
