import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { ApiError, setUnauthorizedHandler } from '../lib/api';
import { applyBrand, DEFAULT_BRAND } from '../lib/brand';
import { clearSessionCache } from '../lib/query-cache';
import { paths } from './paths';
import { createRouter } from './router';
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

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(() => {
    // The default shows at once; the host's own brand replaces it when the site config arrives.
    applyBrand(DEFAULT_BRAND);
    const created = createRouter();
    setUnauthorizedHandler(() => {
      clearSessionCache(queryClient);
      void created.navigate(paths.login.href(), { replace: true });
    });
    return created;
  });
  return (
    <QueryClientProvider client={queryClient}>
      <SiteBrand />
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
