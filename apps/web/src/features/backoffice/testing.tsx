import type { OperatorRole } from '@backlay/contract/backoffice';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { afterEach } from 'vitest';
import { LocationProbe, memoryRouter } from '../../test/render';
import {
  clearOperatorLogin,
  storeBackofficeLogin,
  storeOperatorLogin,
  type AgentLevel,
} from './session';
import { TestToaster } from '../../test/toaster';

// The operator's login lives in the module as well as in session storage: forget both.
afterEach(() => clearOperatorLogin());

export const OPERATOR = { token: 'op-token', username: 'ravi', role: 'admin' } as const;

/** Renders a back-office screen at `url` for a logged-in operator of `role`, with toasts. */
export function renderBackoffice(
  ui: ReactNode,
  {
    role = 'admin',
    path = '/',
    url = path,
  }: { role?: OperatorRole; path?: string; url?: string } = {},
) {
  storeOperatorLogin({ ...OPERATOR, role });
  return renderScreen(ui, path, url);
}

export const AGENT = {
  kind: 'agent',
  token: 'ag-token',
  username: 'rahul',
  level: 'master',
} as const;

/** Renders a console screen at `url` for a logged-in agent of `level`, with toasts. */
export function renderConsole(
  ui: ReactNode,
  {
    level = 'master',
    path = '/',
    url = path,
  }: { level?: AgentLevel; path?: string; url?: string } = {},
) {
  storeBackofficeLogin({ ...AGENT, level });
  return renderScreen(ui, path, url);
}

function renderScreen(ui: ReactNode, path: string, url: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const { element, router } = memoryRouter(
    <Routes>
      <Route
        path={path}
        element={
          <>
            {ui}
            <TestToaster />
          </>
        }
      />
      <Route path="*" element={<LocationProbe />} />
    </Routes>,
    [url],
  );
  const view = render(<QueryClientProvider client={client}>{element}</QueryClientProvider>);
  return { ...view, client, router };
}

/** The headers a recorded call sent, whatever form they were given in. */
export const headersOf = (init: RequestInit | undefined) => new Headers(init?.headers);
