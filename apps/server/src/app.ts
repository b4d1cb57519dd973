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
import type { Db } from './db/pool.js';
import { noFeed, type FeedControl } from './feed/control.js';
import { registerAuthentication } from './http/authenticate.js';
import { registerCompression } from './http/compression.js';
import { registerDrain } from './http/drain.js';
import { clientErrorHandler, frameworkErrors, registerErrorHandling } from './http/errors.js';
import { createFastLane } from './http/fast-lane.js';
import { createRateLimiter, RATE_WINDOW_MS } from './http/rate-limit.js';
import { registerSecurity, securityHeaders } from './http/security.js';
import { systemRoutes } from './http/system.js';
import { registerWeb } from './http/web.js';
import type { Hub } from './hub/hub.js';
import { loggerOptions } from './logger.js';
import { agentsRoutes } from './modules/agents/agents.routes.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { betsRoutes } from './modules/bets/bets.routes.js';
import { casinoFrameOrigins } from './modules/casino/casino-url.js';
import { casinoRoutes } from './modules/casino/casino.routes.js';
import { chipsRoutes } from './modules/chips/chips.routes.js';
import { saferRoutes } from './modules/safer/safer.routes.js';
import { marketsRoutes } from './modules/markets/markets.routes.js';
import { matkaRoutes } from './modules/matka/matka.routes.js';
import { newsRoutes } from './modules/news/news.routes.js';
import { reportsRoutes } from './modules/reports/reports.routes.js';
import { scoresRoutes } from './modules/scores/scores.routes.js';
import { siteRoutes } from './modules/site/site.routes.js';
import { walletRoutes } from './modules/wallet/wallet.routes.js';
import { backofficeRoutes } from './ops/backoffice.routes.js';
import { casinoOpsRoutes } from './ops/casino-ops.routes.js';
import { feedOpsRoutes } from './ops/feed-ops.routes.js';
import { matkaOpsRoutes } from './ops/matka-ops.routes.js';
import { opsRoutes } from './ops/ops.routes.js';
import { settlementOpsRoutes } from './ops/settlement-ops.routes.js';
import type { Clock, Random } from './seams.js';
import type { Services, ServicesConfig } from './services.js';
import { tvFrameOrigins } from './tv-url.js';

export type AppConfig = ServicesConfig &
  Pick<
    Config,
    | 'logLevel'
    | 'rateLimitPerMin'
    | 'requestTimeoutMs'
    | 'bodyLimitBytes'
    | 'moneyBodyLimitBytes'
    | 'trustProxy'
  >;

export interface AppDeps {
  readonly config: AppConfig;
  readonly db: Db;
  readonly clock: Clock;
  readonly random: Random;
  readonly opsToken: string;
  /**
   * Every service, made once by `createServices` (services.ts) from the same database, clock,
   * feed and publisher: main.ts shares them with the feed, the matka draw and the TV page, and the
   * tests build them the same way (test/app.ts).
   */
  readonly services: Services;
  /** The built client to serve; none in API-only tests. */
  readonly webDist?: string | undefined;
  /** The real-time hub; without it nothing is pushed and polling carries everything. */
  readonly hub?: Hub;
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
}

/** The whole HTTP application with every plugin and module in one visible list; does not listen (docs/conventions.md#composition). */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db, clock, random, services } = deps;
  const feed = deps.feed ?? noFeed(config.feedStaleS);
  const { auth } = services;
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
    // request timeout never ends a request whose body trickles in (a slow POST).
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
  registerAuthentication(app, {
    auth,
    operators: services.operators,
    agentAuth: services.agentAuth,
    limiter,
    clock,
    opsToken: deps.opsToken,
    // Unset: nobody knows it, so the provider API stays closed.
    casinoSecret:
      deps.casinoSecret ?? config.casino.secret ?? random.bytes(32).toString('base64url'),
  });

  // Every module, each a plugin registered once with what it needs.
  const moneyBodyLimit = config.moneyBodyLimitBytes;
  const { publisher, act, commands } = services;
  deps.hub?.attach(app, moneyBodyLimit);
  await app.register(systemRoutes, { db, moneyBodyLimit });
  await app.register(authRoutes, { auth, moneyBodyLimit });
  await app.register(walletRoutes, { wallet: services.wallet, moneyBodyLimit });
  await app.register(chipsRoutes, { chips: services.chips, auth, moneyBodyLimit });
  await app.register(saferRoutes, { safer: services.safer, moneyBodyLimit });
  await app.register(newsRoutes, { news: services.news, moneyBodyLimit });
  await app.register(marketsRoutes, {
    markets: services.markets,
    reads: services.marketReads,
    lane,
    moneyBodyLimit,
  });
  await app.register(betsRoutes, {
    bets: services.bets,
    publisher,
    risk: services.risk,
    moneyBodyLimit,
  });
  await app.register(reportsRoutes, { reports: services.reports, moneyBodyLimit });
  await app.register(agentsRoutes, {
    agents: services.agents,
    agentAuth: services.agentAuth,
    moneyBodyLimit,
  });
  await app.register(matkaRoutes, {
    matka: services.matka,
    clock,
    reportTz: config.reportTz,
    publisher,
    risk: services.risk,
    moneyBodyLimit,
  });
  await app.register(casinoRoutes, {
    casino: services.casino,
    url: config.casino.url,
    port: casinoPort,
    company: config.casino.company,
    moneyBodyLimit,
  });
  await app.register(scoresRoutes, { scores: feed.scores, lane, moneyBodyLimit });
  await app.register(opsRoutes, {
    operators: services.operators,
    act,
    commands,
    clients: services.clients,
    moneyBodyLimit,
  });
  await app.register(settlementOpsRoutes, { act, commands, moneyBodyLimit });
  await app.register(matkaOpsRoutes, { act, commands, moneyBodyLimit });
  await app.register(casinoOpsRoutes, { act, commands, moneyBodyLimit });
  await app.register(feedOpsRoutes, {
    db,
    clock,
    markets: services.markets,
    feed,
    pushes: services.pushes,
    act,
    commands,
    moneyBodyLimit,
  });
  await app.register(backofficeRoutes, {
    operators: services.operators,
    act,
    audit: services.audit,
    commands,
    clients: services.clients,
    clientsAdmin: services.clientsAdmin,
    risk: services.riskBook,
    matka: services.matka,
    casino: services.casino,
    idleS: config.operatorSession.idleS,
    moneyBodyLimit,
  });
  await app.register(siteRoutes, { site: services.site, moneyBodyLimit });
  await registerWeb(app, deps.webDist, (hostname) => services.site.configFor(hostname).brand);

  return app;
}
