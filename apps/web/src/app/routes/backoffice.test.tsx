import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { OPERATOR } from '../../features/backoffice/testing';
import { getOperatorLogin, storeOperatorLogin } from '../../features/backoffice/session';
import { getStoredLogin, storeLogin } from '../../lib/session';
import { routeFetch } from '../../test/fetch';
import { TEST_LOGIN } from '../../test/render';
import { routes } from '../router';
import { eventually } from '../../test/eventually';

const RISK = { at: '2026-11-20T10:00:00.000Z', markets: [], fancy: [], totalExposure: 0 };

function renderAt(url: string) {
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const answer = (Result: unknown) => () => ({ body: { Status: true, Result } });

describe('/backoffice', () => {
  it("asks for the operator's login, whatever the client's login", async () => {
    storeLogin(TEST_LOGIN);
    const { calls } = routeFetch({});
    const router = renderAt('/backoffice/markets');
    expect(await screen.findByRole('heading', { name: 'Back office login' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/backoffice/login');
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
    expect(router.state.location.pathname).toBe('/backoffice/clients');
  });

  it('goes back to the login page when the server ends the session', async () => {
    storeOperatorLogin(OPERATOR);
    routeFetch({
      '/api/backoffice/me': () => ({ status: 401, body: { Status: false, Result: 'Expired' } }),
      '/api/backoffice/risk': answer(RISK),
    });
    const router = renderAt('/backoffice');
    expect(await screen.findByRole('heading', { name: 'Back office login' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/backoffice/login');
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
    expect(router.state.location.pathname).toBe('/backoffice/login');
    await eventually(() => expect(sessionStorage.getItem('backlay.operator')).toBeNull());
  });
});
