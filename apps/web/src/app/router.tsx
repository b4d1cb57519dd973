import { createBrowserRouter, type RouteObject } from 'react-router';
import { DiceOverlay } from '../ui/dice-overlay';
import { Fallback, PublicOnly, RequireSession } from './guards';
import { AppLayout } from './layout/app-layout';
import { paths } from './paths';

/** A route whose screen comes later: its title renders from the URL alone. */
const pending = (path: string, title: string): RouteObject => ({
  path,
  lazy: async () => {
    const { PendingPage } = await import('./routes/pending');
    return { Component: () => <PendingPage title={title} /> };
  },
});

/** Every route of SPEC §2 with its guard; each screen is its own chunk (route-level splitting). */
export const routes: RouteObject[] = [
  {
    HydrateFallback: DiceOverlay,
    children: [
      {
        path: paths.networkError.pattern,
        lazy: async () => ({
          Component: (await import('./routes/network-error')).NetworkErrorPage,
        }),
      },
      {
        Component: PublicOnly,
        children: [
          {
            path: paths.landing.pattern,
            lazy: async () => ({ Component: (await import('./routes/landing')).LandingPage }),
          },
          {
            path: paths.login.pattern,
            lazy: async () => ({ Component: (await import('./routes/login')).LoginPage }),
          },
          {
            path: paths.signup.pattern,
            lazy: async () => ({ Component: (await import('./routes/signup')).SignupPage }),
          },
        ],
      },
      {
        Component: RequireSession,
        children: [
          {
            Component: AppLayout,
            children: [
              {
                path: paths.home.pattern,
                lazy: async () => ({ Component: (await import('./routes/home')).HomePage }),
              },
              pending(paths.casinoList.pattern, 'Casino'),
              pending(paths.casino.pattern, 'Casino game'),
              pending(paths.inplay.pattern, 'In-play'),
              pending(paths.match.pattern, 'Markets'),
              pending(paths.market.pattern, 'Event'),
              pending(paths.accountStatement.pattern, 'Account Statement'),
              pending(paths.profitLoss.pattern, 'Profit Loss Listing'),
              pending(paths.showMatchBet.pattern, 'Show Bet'),
              pending(paths.bettingHistory.pattern, 'Betting History'),
              pending(paths.betHistory.pattern, 'Bet History'),
              pending(paths.news.pattern, 'News'),
              pending(paths.myMarket.pattern, 'My Market'),
              pending(paths.matkaMarket.pattern, 'Matka'),
              pending(paths.matkaBet.pattern, 'Matka board'),
              pending(paths.matkaResult.pattern, 'Bet Result'),
              pending(paths.matkaProfitLoss.pattern, 'Bet Profit Loss'),
              pending(paths.showMatkaBet.pattern, 'Matka bets'),
            ],
          },
        ],
      },
      { path: '*', Component: Fallback },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
