import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { ApiError, setUnauthorizedHandler } from '../lib/api';
import { applyBrand, DEFAULT_BRAND } from '../lib/brand';
import { clearSessionCache } from '../lib/query-cache';
import { HubProvider } from './hub';
import { paths } from './paths';
import { createRouter } from './router';
import { SiteBrand } from './site-brand';

/** SPEC §9: toasts vanish after 2000 ms; they sit top right (SPEC §2). */
export const TOAST_MS = 2000;
/** Toasts sit under the fixed header and the news ticker (32 px), never over the wallet. */
const TOAST_TOP = 'calc(var(--header-height) + 40px)';

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
      <HubProvider>
        <RouterProvider router={router} />
      </HubProvider>
      <Toaster
        position="top-right"
        duration={TOAST_MS}
        richColors
        closeButton
        // Below the header and the news ticker: the wallet stays in sight after a bet.
        offset={{ top: TOAST_TOP, right: 16 }}
        mobileOffset={{ top: TOAST_TOP, right: 8, left: 8 }}
      />
    </QueryClientProvider>
  );
}
