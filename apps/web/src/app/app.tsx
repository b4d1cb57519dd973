import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { BrowserRouter } from 'react-router';
import { ApiError } from '../lib/api';
import { applyBrand, DEFAULT_BRAND } from '../lib/brand';
import { Screens } from './router';
import { SiteBrand } from './site-brand';

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // A 4xx will not get better by asking again; a network blip or 5xx may.
        retry: (count, error) =>
          count < 2 && (!(error instanceof ApiError) || error.status === 0 || error.status >= 500),
        refetchOnWindowFocus: false,
      },
    },
  });
}

/** What every screen stands in: the query cache and the site's brand. The prerender uses it too. */
export function AppProviders({
  queryClient,
  children,
}: {
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <SiteBrand />
      {children}
    </QueryClientProvider>
  );
}

export function App() {
  const [queryClient] = useState(() => {
    const created = createQueryClient();
    // Every built page comes with a brand on its root element (the build's default, or the
    // host's the landing page's script applied before it started the app), which stays until
    // the site config brings the host's; a page without one (the dev server's) gets the default.
    if (!document.documentElement.style.getPropertyValue('--brand-primary'))
      applyBrand(DEFAULT_BRAND);
    return created;
  });
  return (
    <AppProviders queryClient={queryClient}>
      <BrowserRouter>
        <Screens />
      </BrowserRouter>
    </AppProviders>
  );
}
