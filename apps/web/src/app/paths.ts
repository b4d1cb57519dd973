/** Every route of docs/product.md#screens: its pattern and its href builder, in one place (docs/conventions.md#web-features). */
export const paths = {
  landing: { pattern: '/', href: () => '/' },
  login: { pattern: '/login', href: () => '/login' },
  signup: { pattern: '/signup', href: () => '/signup' },
  networkError: {
    pattern: '/network_err',
    href: (statusCode: number) => `/network_err?statusCode=${statusCode}`,
  },
  home: { pattern: '/home', href: () => '/home' },
  casinoList: { pattern: '/casinolist', href: () => '/casinolist' },
  casino: {
    pattern: '/casino/:gameid',
    href: (gameid: string) => `/casino/${encodeURIComponent(gameid)}`,
  },
  inplay: { pattern: '/inplay', href: () => '/inplay' },
  match: { pattern: '/match/:sportId', href: (sportId: number) => `/match/${sportId}` },
  market: {
    pattern: '/market/:sportId/:eventId',
    href: (sportId: number, eventId: number | string) => `/market/${sportId}/${eventId}`,
  },
  accountStatement: { pattern: '/ac_statement', href: () => '/ac_statement' },
  profitLoss: { pattern: '/profit-loss', href: () => '/profit-loss' },
  showMatchBet: {
    pattern: '/showmatchbet/:eventid',
    href: (eventId: number | string) => `/showmatchbet/${eventId}`,
  },
  bettingHistory: {
    pattern: '/betting_history/:marketid/:userId',
    href: (marketId: string, userId: number | string) =>
      `/betting_history/${encodeURIComponent(marketId)}/${userId}`,
  },
  betHistory: { pattern: '/bethistory', href: () => '/bethistory' },
  news: { pattern: '/news', href: () => '/news' },
  // Ours, beyond docs/product.md#screens: limits, reality check, time-out and self-exclusion.
  saferBetting: { pattern: '/safer-betting', href: () => '/safer-betting' },
  myMarket: { pattern: '/mymarket', href: () => '/mymarket' },
  matkaMarket: { pattern: '/matka_market', href: () => '/matka_market' },
  matkaBet: {
    pattern: '/matkabet/:EventName/:EventId/:Mid',
    href: (eventName: string, eventId: string, mid: string) =>
      `/matkabet/${encodeURIComponent(eventName)}/${encodeURIComponent(eventId)}/${encodeURIComponent(mid)}`,
  },
  matkaResult: { pattern: '/makta_bethistory', href: () => '/makta_bethistory' },
  matkaProfitLoss: { pattern: '/matka-profit-loss', href: () => '/matka-profit-loss' },
  showMatkaBet: {
    pattern: '/show-matka-bet/:Mid',
    href: (mid: string) => `/show-matka-bet/${encodeURIComponent(mid)}`,
  },
  // The operators' back office: its own chunk, layout and login (app/routes/backoffice.tsx).
  backoffice: { pattern: '/backoffice', href: () => '/backoffice' },
  backofficeLogin: { pattern: '/backoffice/login', href: () => '/backoffice/login' },
  backofficeMarkets: { pattern: '/backoffice/markets', href: () => '/backoffice/markets' },
  backofficeClients: { pattern: '/backoffice/clients', href: () => '/backoffice/clients' },
  backofficeClient: {
    pattern: '/backoffice/clients/:clientId',
    href: (clientId: string) => `/backoffice/clients/${encodeURIComponent(clientId)}`,
  },
  backofficeMatkaCasino: {
    pattern: '/backoffice/matka-casino',
    href: () => '/backoffice/matka-casino',
  },
  backofficeNews: { pattern: '/backoffice/news', href: () => '/backoffice/news' },
  backofficeAudit: { pattern: '/backoffice/audit', href: () => '/backoffice/audit' },
  // The agents' console (docs/backoffice.md#agent-console): the same frame, another nav.
  agentDownline: { pattern: '/backoffice/downline', href: () => '/backoffice/downline' },
  agentUser: {
    pattern: '/backoffice/downline/:username',
    href: (username: string) => `/backoffice/downline/${encodeURIComponent(username)}`,
  },
  agentCreateUser: { pattern: '/backoffice/create-user', href: () => '/backoffice/create-user' },
  agentAnalysis: { pattern: '/backoffice/analysis', href: () => '/backoffice/analysis' },
  agentAnalysisMarket: {
    pattern: '/backoffice/analysis/:marketId',
    href: (marketId: string, parent?: string) =>
      `/backoffice/analysis/${encodeURIComponent(marketId)}${
        parent === undefined ? '' : `?parent=${encodeURIComponent(parent)}`
      }`,
  },
  agentBets: { pattern: '/backoffice/bets', href: () => '/backoffice/bets' },
  agentPl: { pattern: '/backoffice/pl', href: () => '/backoffice/pl' },
  agentStatement: {
    pattern: '/backoffice/statement/:username?',
    href: (username?: string) =>
      username === undefined
        ? '/backoffice/statement'
        : `/backoffice/statement/${encodeURIComponent(username)}`,
  },
  agentCommission: { pattern: '/backoffice/commission', href: () => '/backoffice/commission' },
  agentRequests: { pattern: '/backoffice/requests', href: () => '/backoffice/requests' },
  agentTransactionPassword: {
    pattern: '/backoffice/transaction-password',
    href: () => '/backoffice/transaction-password',
  },
} as const;

/** docs/product.md#purpose sport ids. */
export const SPORTS = [
  { id: 4, name: 'Cricket' },
  { id: 1, name: 'Soccer' },
  { id: 2, name: 'Tennis' },
] as const;
