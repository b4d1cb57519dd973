import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router';
import { storeLogin } from '../lib/session';

export const TEST_LOGIN = { Token: 'tok', uid: 3, UserName: 'asha', IsValidToken: 'valid' };

/** Shows where a link led and the router state it carried, for link assertions. */
export function LocationProbe() {
  const location = useLocation();
  return (
    <output data-testid="location">
      {location.pathname} {JSON.stringify(location.state ?? null)}
    </output>
  );
}

/**
 * Renders `ui` at `path` in a memory router with a fresh query client and a stored login; any
 * other route shows a LocationProbe.
 */
export function renderScreen(
  ui: ReactNode,
  {
    path = '/',
    url = path,
    state,
    routes = [],
  }: { path?: string; url?: string; state?: unknown; routes?: RouteObject[] } = {},
) {
  storeLogin(TEST_LOGIN);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [{ path, element: ui }, ...routes, { path: '*', element: <LocationProbe /> }],
    {
      initialEntries: [
        {
          pathname: url.split('?')[0] ?? url,
          search: url.includes('?') ? `?${url.split('?')[1]}` : '',
          state,
        },
      ],
    },
  );
  const view = render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, client, router };
}
