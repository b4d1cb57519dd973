import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import {
  MemoryRouter,
  useLocation,
  useNavigate,
  useRoutes,
  type InitialEntry,
  type Location,
  type NavigateFunction,
  type RouteObject,
} from 'react-router';
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
  const table = [{ path, element: ui }, ...routes, { path: '*', element: <LocationProbe /> }];
  const { element, router } = memoryRouter(<RouteTable routes={table} />, [
    {
      pathname: url.split('?')[0] ?? url,
      search: url.includes('?') ? `?${url.split('?')[1]}` : '',
      state,
    },
  ]);
  const view = render(<QueryClientProvider client={client}>{element}</QueryClientProvider>);
  return { ...view, client, router };
}

function RouteTable({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

/** A test's hold on a memory router: where it is, and a way to go elsewhere. */
export interface TestRouter {
  readonly location: Location;
  readonly navigate: (to: string) => Promise<void>;
}

/**
 * `screens` in a memory router at `initialEntries` (the app's own router, in memory), under a
 * Suspense as the app's screens are, and the test's hold on it.
 */
export function memoryRouter(
  screens: ReactNode,
  initialEntries: InitialEntry[],
): { element: ReactNode; router: TestRouter } {
  const held: { location?: Location; navigate?: NavigateFunction } = {};
  function Hold() {
    held.location = useLocation();
    held.navigate = useNavigate();
    return null;
  }
  const router: TestRouter = {
    get location() {
      if (!held.location) throw new Error('the router has not rendered');
      return held.location;
    },
    navigate: (to) =>
      act(async () => {
        await held.navigate?.(to);
      }),
  };
  const element = (
    <MemoryRouter initialEntries={initialEntries}>
      <Hold />
      <Suspense fallback={null}>{screens}</Suspense>
    </MemoryRouter>
  );
  return { element, router };
}
