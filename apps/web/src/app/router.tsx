import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { DiceOverlay } from '../ui/dice-overlay';
import { Fallback, PublicOnly, RequireSession } from './guards';
import { paths } from './paths';
import type * as BackofficeRoutes from './routes/backoffice';
import type * as ConsoleRoutes from './routes/backoffice-console';

type BackofficeModule = typeof BackofficeRoutes;

/**
 * A screen of the back office's frame and house staff. Every one comes from the one module, loaded only here,
 * so the back office is a chunk of its own that no client screen loads (docs/architecture.md,
 * "The client's weight").
 */
const backoffice =
  <K extends keyof BackofficeModule>(name: K) =>
  async () => ({ Component: (await import('./routes/backoffice'))[name] });
/** A screen of the agents' console: a chunk of its own beside the back office's. */
const agentConsole =
  <K extends keyof typeof ConsoleRoutes>(name: K) =>
  async () => ({ Component: (await import('./routes/backoffice-console'))[name] });

/** Every route of docs/product.md#screens with its guard; each screen is its own chunk (route-level splitting). */
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
            // The logged-in frame is its own chunk (with the hub and toasts), loaded beside the
            // route's own: the landing page carries none of it.
            lazy: async () => ({ Component: (await import('./layout/app-layout')).AppLayout }),
            children: [
              {
                path: paths.home.pattern,
                lazy: async () => ({ Component: (await import('./routes/home')).HomePage }),
              },
              {
                path: paths.casinoList.pattern,
                lazy: async () => ({
                  Component: (await import('./routes/casino-list')).CasinoListPage,
                }),
              },
              {
                path: paths.casino.pattern,
                lazy: async () => ({
                  Component: (await import('./routes/casino-game')).CasinoGamePage,
                }),
              },
              {
                path: paths.inplay.pattern,
                lazy: async () => ({ Component: (await import('./routes/inplay')).InplayPage }),
              },
              {
                path: paths.match.pattern,
                lazy: async () => ({ Component: (await import('./routes/match')).MatchPage }),
              },
              {
                path: paths.market.pattern,
                lazy: async () => ({ Component: (await import('./routes/event')).EventPage }),
              },
              {
                path: paths.accountStatement.pattern,
                lazy: async () => ({
                  Component: (await import('./routes/account-statement')).AccountStatementPage,
                }),
              },
              {
                path: paths.profitLoss.pattern,
                lazy: async () => ({
                  Component: (await import('./routes/profit-loss')).ProfitLossPage,
                }),
              },
              {
                path: paths.showMatchBet.pattern,
                lazy: async () => ({
                  Component: (await import('./routes/show-match-bet')).ShowMatchBetPage,
                }),
              },
              {
                path: paths.bettingHistory.pattern,
                lazy: async () => ({
                  Component: (await import('./routes/betting-history')).BettingHistoryPage,
                }),
              },
              {
                path: paths.betHistory.pattern,
                lazy: async () => ({
                  Component: (await import('./routes/bet-history')).BetHistoryPage,
                }),
              },
              {
                path: paths.news.pattern,
                lazy: async () => ({ Component: (await import('./routes/news')).NewsPage }),
              },
              {
                path: paths.saferBetting.pattern,
                lazy: async () => ({
                  Component: (await import('./routes/safer-betting')).SaferBettingPage,
                }),
              },
              {
                path: paths.myMarket.pattern,
                lazy: async () => ({
                  Component: (await import('./routes/my-market')).MyMarketPage,
                }),
              },
              {
                path: paths.matkaMarket.pattern,
                lazy: async () => ({
                  Component: (await import('./routes/matka-market')).MatkaMarketPage,
                }),
              },
              {
                path: paths.matkaBet.pattern,
                lazy: async () => ({
                  Component: (await import('./routes/matka-bet')).MatkaBetPage,
                }),
              },
              {
                path: paths.matkaResult.pattern,
                lazy: async () => ({
                  Component: (await import('./routes/matka-result')).MatkaResultPage,
                }),
              },
              {
                path: paths.matkaProfitLoss.pattern,
                lazy: async () => ({
                  Component: (await import('./routes/matka-profit-loss')).MatkaProfitLossPage,
                }),
              },
              {
                path: paths.showMatkaBet.pattern,
                lazy: async () => ({
                  Component: (await import('./routes/show-matka-bet')).ShowMatkaBetPage,
                }),
              },
            ],
          },
        ],
      },
      {
        // The back office: its own login and frame, outside the client's guards; it needs no
        // client session and never shares one.
        path: paths.backoffice.pattern,
        lazy: backoffice('BackofficeRoot'),
        children: [
          { path: paths.backofficeLogin.pattern, lazy: backoffice('BackofficeLoginPage') },
          {
            lazy: backoffice('BackofficeLayout'),
            children: [
              { index: true, lazy: backoffice('BackofficeIndex') },
              { path: paths.backofficeMarkets.pattern, lazy: backoffice('MarketsPage') },
              { path: paths.backofficeClients.pattern, lazy: backoffice('ClientsPage') },
              { path: paths.backofficeClient.pattern, lazy: backoffice('ClientPage') },
              { path: paths.backofficeMatkaCasino.pattern, lazy: backoffice('MatkaCasinoPage') },
              { path: paths.backofficeNews.pattern, lazy: backoffice('NewsPage') },
              { path: paths.backofficeAudit.pattern, lazy: backoffice('AuditPage') },
              { path: paths.agentDownline.pattern, lazy: agentConsole('DownlinePage') },
              { path: paths.agentUser.pattern, lazy: agentConsole('DownlinePage') },
              { path: paths.agentCreateUser.pattern, lazy: agentConsole('CreateUserPage') },
              { path: paths.agentAnalysis.pattern, lazy: agentConsole('AnalysisPage') },
              { path: paths.agentAnalysisMarket.pattern, lazy: agentConsole('AnalysisMarketPage') },
              { path: paths.agentBets.pattern, lazy: agentConsole('AgentBetsPage') },
              { path: paths.agentPl.pattern, lazy: agentConsole('AgentPlPage') },
              { path: paths.agentStatement.pattern, lazy: agentConsole('AgentStatementPage') },
              { path: paths.agentCommission.pattern, lazy: agentConsole('AgentCommissionPage') },
              { path: paths.agentRequests.pattern, lazy: agentConsole('SignupRequestsPage') },
              {
                path: paths.agentTransactionPassword.pattern,
                lazy: agentConsole('TransactionPasswordPage'),
              },
              { path: '*', lazy: backoffice('BackofficeFallback') },
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

/**
 * Loads the modules of the routes `pathname` matches into the route table, so a router created
 * afterwards renders the page at once instead of the fallback (the landing page's takeover,
 * app/start.tsx).
 */
export async function loadMatchedRoutes(pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, loaded, { lazy: undefined });
    }),
  );
}
