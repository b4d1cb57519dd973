import { Suspense, useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { matchRoutes, useLocation, useNavigate, useRoutes, type RouteObject } from 'react-router';
import { setUnauthorizedHandler } from '../lib/api';
import { clearSessionCache } from '../lib/query-cache';
import { DiceOverlay } from '../ui/dice-overlay';
import { lazyComponent, type LazyComponent } from '../ui/lazy-component';
import { Fallback, PublicOnly, RequireSession } from './guards';
import { paths } from './paths';
import { ScreenFailure } from './screen-failure';
import type * as BackofficeRoutes from './routes/backoffice';
import type * as ConsoleRoutes from './routes/backoffice-console';

type BackofficeModule = typeof BackofficeRoutes;

/**
 * A screen of the back office's frame and house staff. Every one comes from the one module, loaded only here,
 * so the back office is a chunk of its own that no client screen loads (docs/architecture.md,
 * "The client's weight").
 */
const backoffice = <K extends keyof BackofficeModule>(name: K) =>
  lazyComponent(async () => (await import('./routes/backoffice'))[name]);
/** A screen of the agents' console: a chunk of its own beside the back office's. */
const agentConsole = <K extends keyof typeof ConsoleRoutes>(name: K) =>
  lazyComponent(async () => (await import('./routes/backoffice-console'))[name]);

/** Every route of docs/product.md#screens with its guard; each screen is its own chunk (route-level splitting). */
export const routes: RouteObject[] = [
  {
    children: [
      {
        path: paths.networkError.pattern,
        Component: lazyComponent(
          async () => (await import('./routes/network-error')).NetworkErrorPage,
        ),
      },
      {
        Component: PublicOnly,
        children: [
          {
            path: paths.landing.pattern,
            Component: lazyComponent(async () => (await import('./routes/landing')).LandingPage),
          },
          {
            path: paths.login.pattern,
            Component: lazyComponent(async () => (await import('./routes/login')).LoginPage),
          },
          {
            path: paths.signup.pattern,
            Component: lazyComponent(async () => (await import('./routes/signup')).SignupPage),
          },
        ],
      },
      {
        Component: RequireSession,
        children: [
          {
            // The logged-in frame is its own chunk (with the hub and toasts), loaded beside the
            // route's own: the landing page carries none of it.
            Component: lazyComponent(async () => (await import('./layout/app-layout')).AppLayout),
            children: [
              {
                path: paths.home.pattern,
                Component: lazyComponent(async () => (await import('./routes/home')).HomePage),
              },
              {
                path: paths.casinoList.pattern,
                Component: lazyComponent(
                  async () => (await import('./routes/casino-list')).CasinoListPage,
                ),
              },
              {
                path: paths.casino.pattern,
                Component: lazyComponent(
                  async () => (await import('./routes/casino-game')).CasinoGamePage,
                ),
              },
              {
                path: paths.inplay.pattern,
                Component: lazyComponent(async () => (await import('./routes/inplay')).InplayPage),
              },
              {
                path: paths.match.pattern,
                Component: lazyComponent(async () => (await import('./routes/match')).MatchPage),
              },
              {
                path: paths.market.pattern,
                Component: lazyComponent(async () => (await import('./routes/event')).EventPage),
              },
              {
                path: paths.accountStatement.pattern,
                Component: lazyComponent(
                  async () => (await import('./routes/account-statement')).AccountStatementPage,
                ),
              },
              {
                path: paths.profitLoss.pattern,
                Component: lazyComponent(
                  async () => (await import('./routes/profit-loss')).ProfitLossPage,
                ),
              },
              {
                path: paths.showMatchBet.pattern,
                Component: lazyComponent(
                  async () => (await import('./routes/show-match-bet')).ShowMatchBetPage,
                ),
              },
              {
                path: paths.bettingHistory.pattern,
                Component: lazyComponent(
                  async () => (await import('./routes/betting-history')).BettingHistoryPage,
                ),
              },
              {
                path: paths.betHistory.pattern,
                Component: lazyComponent(
                  async () => (await import('./routes/bet-history')).BetHistoryPage,
                ),
              },
              {
                path: paths.news.pattern,
                Component: lazyComponent(async () => (await import('./routes/news')).NewsPage),
              },
              {
                path: paths.saferBetting.pattern,
                Component: lazyComponent(
                  async () => (await import('./routes/safer-betting')).SaferBettingPage,
                ),
              },
              {
                path: paths.myMarket.pattern,
                Component: lazyComponent(
                  async () => (await import('./routes/my-market')).MyMarketPage,
                ),
              },
              {
                path: paths.matkaMarket.pattern,
                Component: lazyComponent(
                  async () => (await import('./routes/matka-market')).MatkaMarketPage,
                ),
              },
              {
                path: paths.matkaBet.pattern,
                Component: lazyComponent(
                  async () => (await import('./routes/matka-bet')).MatkaBetPage,
                ),
              },
              {
                path: paths.matkaResult.pattern,
                Component: lazyComponent(
                  async () => (await import('./routes/matka-result')).MatkaResultPage,
                ),
              },
              {
                path: paths.matkaProfitLoss.pattern,
                Component: lazyComponent(
                  async () => (await import('./routes/matka-profit-loss')).MatkaProfitLossPage,
                ),
              },
              {
                path: paths.showMatkaBet.pattern,
                Component: lazyComponent(
                  async () => (await import('./routes/show-matka-bet')).ShowMatkaBetPage,
                ),
              },
            ],
          },
        ],
      },
      {
        // The back office: its own login and frame, outside the client's guards; it needs no
        // client session and never shares one.
        path: paths.backoffice.pattern,
        Component: backoffice('BackofficeRoot'),
        children: [
          { path: paths.backofficeLogin.pattern, Component: backoffice('BackofficeLoginPage') },
          {
            Component: backoffice('BackofficeLayout'),
            children: [
              { index: true, Component: backoffice('BackofficeIndex') },
              { path: paths.backofficeMarkets.pattern, Component: backoffice('MarketsPage') },
              { path: paths.backofficeClients.pattern, Component: backoffice('ClientsPage') },
              { path: paths.backofficeClient.pattern, Component: backoffice('ClientPage') },
              {
                path: paths.backofficeMatkaCasino.pattern,
                Component: backoffice('MatkaCasinoPage'),
              },
              { path: paths.backofficeNews.pattern, Component: backoffice('NewsPage') },
              { path: paths.backofficeAudit.pattern, Component: backoffice('AuditPage') },
              { path: paths.agentDownline.pattern, Component: agentConsole('DownlinePage') },
              { path: paths.agentUser.pattern, Component: agentConsole('DownlinePage') },
              { path: paths.agentCreateUser.pattern, Component: agentConsole('CreateUserPage') },
              { path: paths.agentAnalysis.pattern, Component: agentConsole('AnalysisPage') },
              {
                path: paths.agentAnalysisMarket.pattern,
                Component: agentConsole('AnalysisMarketPage'),
              },
              { path: paths.agentBets.pattern, Component: agentConsole('AgentBetsPage') },
              { path: paths.agentPl.pattern, Component: agentConsole('AgentPlPage') },
              { path: paths.agentStatement.pattern, Component: agentConsole('AgentStatementPage') },
              {
                path: paths.agentCommission.pattern,
                Component: agentConsole('AgentCommissionPage'),
              },
              { path: paths.agentRequests.pattern, Component: agentConsole('SignupRequestsPage') },
              {
                path: paths.agentTransactionPassword.pattern,
                Component: agentConsole('TransactionPasswordPage'),
              },
              { path: '*', Component: backoffice('BackofficeFallback') },
            ],
          },
        ],
      },
      { path: '*', Component: Fallback },
    ],
  },
];

/**
 * The screen of the address the browser is at, from the route table; the loading dice while its
 * chunks load (docs/product.md#screens), and what happened with Retry if they cannot. A 401 from
 * any call ends the session here: the cache of the session goes and the visitor is sent to /login.
 */
export function Screens() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  useEffect(() => {
    setUnauthorizedHandler(() => {
      clearSessionCache(queryClient);
      void navigate(paths.login.href(), { replace: true });
    });
  }, [queryClient, navigate]);
  return (
    <ScreenFailure at={pathname}>
      <Suspense fallback={<DiceOverlay />}>{useRoutes(routes)}</Suspense>
    </ScreenFailure>
  );
}

/**
 * Fetches the chunks of the routes `pathname` matches (the logged-in frame's and the screen's at
 * once, not one after the other), so the app started there renders its screen at its first
 * render rather than the loading dice.
 */
export async function preloadRoutes(pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  const screens = matches.flatMap(({ route }) => {
    const screen = route.Component as Partial<LazyComponent<object>> | null | undefined;
    return screen?.preload ? [screen.preload()] : [];
  });
  await Promise.all(screens);
}
