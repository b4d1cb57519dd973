import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import type { Config } from './config.js';
import { createAnnouncer, noChanges, type Changes } from './db/changes.js';
import type { Db } from './db/pool.js';
import { registerAuthentication } from './http/authenticate.js';
import { registerDrain } from './http/drain.js';
import { clientErrorHandler, frameworkErrors, registerErrorHandling } from './http/errors.js';
import { registerCompression } from './http/compression.js';
import { createFastLane } from './http/fast-lane.js';
import { createRateLimiter, RATE_WINDOW_MS } from './http/rate-limit.js';
import { registerSecurity, securityHeaders } from './http/security.js';
import { systemRoutes } from './http/system.js';
import { registerWeb } from './http/web.js';
import { loggerOptions } from './logger.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { createAuthService } from './modules/auth/auth.service.js';
import type { PasswordHasher } from './modules/auth/password.js';
import { chipsRoutes } from './modules/chips/chips.routes.js';
import { createChipsService } from './modules/chips/chips.service.js';
import { createClientsService } from './modules/clients/clients.service.js';
import { newsRoutes } from './modules/news/news.routes.js';
import { createNewsService } from './modules/news/news.service.js';
import { walletRoutes } from './modules/wallet/wallet.routes.js';
import { createWalletService } from './modules/wallet/wallet.service.js';
import { feedOpsRoutes } from './ops/feed-ops.routes.js';
import { opsRoutes } from './ops/ops.routes.js';
import { settlementOpsRoutes } from './ops/settlement-ops.routes.js';
import {
  createSettlementService,
  type SettlementService,
} from './modules/settlement/settlement.service.js';
import { betsRoutes } from './modules/bets/bets.routes.js';
import { createBetsService } from './modules/bets/bets.service.js';
import { createIdempotency } from './modules/idempotency/idempotency.service.js';
import { createCatalog, type Catalog } from './modules/markets/catalog.js';
import { createMarketReads } from './modules/markets/market-reads.js';
import { marketsRoutes } from './modules/markets/markets.routes.js';
import { createMarketsService } from './modules/markets/markets.service.js';
import { scoresRoutes } from './modules/scores/scores.routes.js';
import { reportsRoutes } from './modules/reports/reports.routes.js';
import { createReportsService } from './modules/reports/reports.service.js';
import { matkaRoutes } from './modules/matka/matka.routes.js';
import { createMatkaService } from './modules/matka/matka.service.js';
import { matkaOpsRoutes } from './ops/matka-ops.routes.js';
import { noFeed, type FeedControl } from './feed/control.js';
import { siteRoutes } from './modules/site/site.routes.js';
import { BUILT_IN_BRANDS, createSiteService, loadBrandTable } from './modules/site/site.service.js';
import { tvFrameOrigins, tvUrlOf } from './tv/tv-url.js';
import { casinoFrameOrigins } from './modules/casino/casino-url.js';
import { casinoRoutes } from './modules/casino/casino.routes.js';
import { createCasinoService } from './modules/casino/casino.service.js';
import { casinoOpsRoutes } from './ops/casino-ops.routes.js';
import { backofficeRoutes } from './ops/backoffice.routes.js';
import { createOperatorCommands } from './ops/operator-commands.js';
import { createOperatorActions } from './modules/operators/operator-actions.js';
import { createOperatorAudit } from './modules/operators/operator-audit.js';
import { createOperatorsService } from './modules/operators/operators.service.js';
import { createClientsAdmin } from './modules/clients/clients-admin.js';
import { createRiskService } from './modules/risk/risk.service.js';
import { systemTimer, type Clock, type Random, type Timer } from './seams.js';
import { silentPublisher, type Hub, type HubPublisher } from './hub/hub.js';
import { createMarketPushes } from './hub/market-pushes.js';
import { createRiskPushes } from './hub/risk-pushes.js';

export type AppConfig = Pick<
  Config,
  | 'logLevel'
  | 'session'
  | 'operatorSession'
  | 'loginThrottle'
  | 'rateLimitPerMin'
  | 'requestTimeoutMs'
  | 'bodyLimitBytes'
  | 'moneyBodyLimitBytes'
  | 'trustProxy'
  | 'feedStaleS'
  | 'reportTz'
  | 'tvUrl'
  | 'matkaPayout'
  | 'betDelay'
  | 'brandsFile'
  | 'casino'
>;

export interface AppDeps {
  readonly config: AppConfig;
  readonly db: Db;
  readonly clock: Clock;
  /** What the in-play bet delay waits through; real time by default. */
  readonly timer?: Timer;
  readonly random: Random;
  readonly passwords: PasswordHasher;
  readonly opsToken: string;
  /** The built client to serve; none in API-only tests. */
  readonly webDist?: string | undefined;
  /** The real-time hub; without it nothing is pushed and polling carries everything. */
  readonly hub?: Hub;
  /** Where pushes go: the hub's own connections, or every instance's through Redis. */
  readonly publisher?: HubPublisher;
  /** Shared with the feed, whose results settle through it; made here when absent. */
  readonly settlement?: SettlementService;
  /** The running feed's books and controls; none in tests that need no prices. */
  readonly feed?: FeedControl;
  /** The built-in live TV page's bound port; its URLs are used when `TV_URL` is unset. */
  readonly tvPort?: number;
  /** The built-in casino provider's bound port; `config.casino.port` when absent. */
  readonly casinoPort?: number;
  /** The secret the provider calls with; `config.casino.secret`, else a random one. */
  readonly casinoSecret?: string;
  /** Where logs go (tests capture them); stdout by default. */
  readonly logStream?: DestinationStream;
  /** The writers' notifications that keep the caches current; without it nothing is cached. */
  readonly changes?: Changes;
  /** The events' facts in memory, shared with the feed's notifier; made here when absent. */
  readonly catalog?: Catalog;
}

/** The whole HTTP application with every plugin and module in one visible list; does not listen (STYLE). */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db, clock, random, passwords } = deps;
  const changes = deps.changes ?? noChanges;
  const auth = createAuthService({
    db,
    clock,
    random,
    passwords,
    session: config.session,
    throttle: config.loginThrottle,
    changes,
  });
  const casinoPort = deps.casinoPort ?? config.casino.port;
  const headers = securityHeaders([
    ...tvFrameOrigins(config.tvUrl, deps.tvPort),
    ...casinoFrameOrigins({ url: config.casino.url, port: casinoPort }),
  ]);
  const limiter = createRateLimiter({ max: config.rateLimitPerMin, windowMs: RATE_WINDOW_MS });
  // The reads every event screen polls, answered from memory before the framework (fast-lane.ts).
  const lane = createFastLane({
    securityHeaders: headers,
    limiter,
    clock,
    authenticate: (token) => auth.authenticateInMemory(token),
    log: (message) => app.log.error(message),
  });
  const app = Fastify({
    serverFactory: lane.serverFactory,
    logger: loggerOptions(config.logLevel, deps.logStream),
    requestTimeout: config.requestTimeoutMs,
    connectionTimeout: config.requestTimeoutMs,
    // Node's headersTimeout (60 s by default) must not exceed requestTimeout: when it does, the
    // request timeout never ends a request whose body trickles in (slow POST, hostile-input §2).
    http: { requestTimeout: config.requestTimeoutMs, headersTimeout: config.requestTimeoutMs },
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    // The drain answers 503 itself, in our envelope (http/drain.ts).
    return503OnClosing: false,
    clientErrorHandler,
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerDrain(app);
  app.addHook('preClose', async () => lane.close());

  await app.register(swagger, {
    openapi: { info: { title: 'Backlay API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });
  await registerCompression(app);
  registerSecurity(app, headers);

  const wallet = createWalletService({ db, clock, random });
  const catalog = deps.catalog ?? createCatalog({ db, changes, clock });
  const settlement =
    deps.settlement ??
    createSettlementService({ db, clock, random, onChanged: (eventId) => catalog.forget(eventId) });
  const news = createNewsService({ db, clock });
  const clients = createClientsService({ db, clock, passwords });
  const operators = createOperatorsService({
    db,
    clock,
    random,
    passwords,
    session: config.operatorSession,
    throttle: config.loginThrottle,
  });
  registerAuthentication(app, {
    auth,
    operators,
    limiter,
    clock,
    opsToken: deps.opsToken,
    // Unset: nobody knows it, so the provider API stays closed.
    casinoSecret:
      deps.casinoSecret ?? config.casino.secret ?? random.bytes(32).toString('base64url'),
  });

  const limit = config.moneyBodyLimitBytes;
  const publisher = deps.publisher ?? deps.hub?.publisher ?? silentPublisher;
  deps.hub?.attach(app, limit);
  systemRoutes(app, db, limit);
  authRoutes(app, auth, limit);
  walletRoutes(app, wallet, limit);
  chipsRoutes(app, { chips: createChipsService({ db, clock }), auth }, limit);
  newsRoutes(app, news, limit);
  const feed = deps.feed ?? noFeed(config.feedStaleS);
  const markets = createMarketsService({ db, clock, priceBook: feed.priceBook, catalog });
  const idempotency = createIdempotency({ db, clock });
  const bets = createBetsService({
    db,
    clock,
    priceBook: feed.priceBook,
    catalog,
    changes,
    announce: createAnnouncer(db, (message) => app.log.warn(message)),
    betDelay: config.betDelay,
    timer: deps.timer ?? systemTimer,
  });
  marketsRoutes(app, markets, {
    moneyBodyLimit: limit,
    reads: createMarketReads({
      catalog,
      priceBook: feed.priceBook,
      clock,
      tvUrl: tvUrlOf(config.tvUrl, deps.tvPort),
      betDelay: config.betDelay,
      // BmFancy's fancy rows carry the caller's position on each (their profitLoss).
      fancyWorst: (clientId, eventId) => bets.fancyWorst(clientId, eventId),
      fancyWorstInMemory: (clientId, eventId) => bets.fancyWorstInMemory(clientId, eventId),
    }),
    lane,
  });
  const risk = createRiskPushes(publisher);
  betsRoutes(app, bets, { moneyBodyLimit: limit, publisher, risk });
  reportsRoutes(app, createReportsService({ db, clock, reportTz: config.reportTz }), limit);
  const matka = createMatkaService({ db, clock, random, idempotency, payout: config.matkaPayout });
  matkaRoutes(app, matka, { moneyBodyLimit: limit, clock, reportTz: config.reportTz, publisher });
  const casino = createCasinoService({
    db,
    clock,
    random,
    defaultWinLimitPaise: config.casino.winLimitPaise,
    // The player's header follows each round at once (bettor-polish §6).
    onBalanceChanged: (clientId) =>
      publisher.toUser(clientId, 'UpdateBalance', { Reason: 'casino' }),
  });
  casinoRoutes(app, casino, {
    moneyBodyLimit: limit,
    url: config.casino.url,
    port: casinoPort,
    company: config.casino.company,
  });
  scoresRoutes(app, feed.scores, { moneyBodyLimit: limit, lane });
  const pushes = createMarketPushes({
    publisher,
    catalog,
    priceBook: feed.priceBook,
    clock,
    betDelay: config.betDelay,
  });
  // Every operator command, for the CLI's token and the back office's operators alike, runs as
  // an audited action with its Idempotency-Key (docs/backoffice.md).
  const act = createOperatorActions({ db, clock });
  const commands = createOperatorCommands({
    auth,
    clients,
    wallet,
    news,
    publisher,
    settlement,
    markets,
    pushes,
    risk,
    matka,
    casino,
  });
  opsRoutes(app, { operators, act, commands, clients }, limit);
  settlementOpsRoutes(app, { act, commands }, limit);
  matkaOpsRoutes(app, { act, commands }, limit);
  casinoOpsRoutes(app, { act, commands }, limit);
  feedOpsRoutes(app, { db, clock, markets, feed, pushes, act, commands }, limit);
  backofficeRoutes(
    app,
    {
      operators,
      act,
      audit: createOperatorAudit(db),
      commands,
      clients,
      clientsAdmin: createClientsAdmin(db),
      risk: createRiskService({ db, clock, catalog }),
      matka,
      casino,
      idleS: config.operatorSession.idleS,
    },
    limit,
  );
  const site = createSiteService(loadBrandTable(config.brandsFile ?? BUILT_IN_BRANDS), {
    reportTimeZone: config.reportTz,
    priceStaleSeconds: config.feedStaleS,
  });
  siteRoutes(app, site, limit);
  await registerWeb(app, deps.webDist, (hostname) => site.configFor(hostname).brand);

  return app;
}
