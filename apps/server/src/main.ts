import type { AddressInfo } from 'node:net';
import { buildApp } from './app.js';
import { startCasinoProvider } from '@backlay/casino-demo';
import { hasWebBuild, loadConfig } from './config.js';
import { listenForChanges } from './db/changes.js';
import { startCluster, type RunningCluster } from './db/launcher.js';
import { ensureDatabase, migrate } from './db/migrate.js';
import { openDatabase } from './db/pool.js';
import { createDemoDesk } from './demo/desk.js';
import { createFeedBooks } from './feed/control.js';
import { createRedisFeedReplica } from './feed/replica.js';
import { startFeed } from './feed/start.js';
import { createHub } from './hub/hub.js';
import { createFeedNotifier } from './hub/notifier.js';
import { createRedisBackplane } from './hub/redis-backplane.js';
import { drainOrder, stopInOrder } from './lifecycle.js';
import { createPasswordHasher } from './modules/auth/password.js';
import { createCatalog } from './modules/markets/catalog.js';
import { createMatkaScheduler, MATKA_TICK_MS } from './modules/matka/matka.scheduler.js';
import { settleFromFeed } from './modules/settlement/settlement.service.js';
import { resolveOpsToken } from './ops/ops-token.js';
import { shiftedClock, systemRandom } from './seams.js';
import { DEMO_BACKOFFICE_USERS, DEMO_PASSWORD, seedDemo } from './seed.js';
import { createServices } from './services.js';
import { createTvServer } from '@backlay/tv-demo';

/** The only file that reads the environment, opens the real database and listens (docs/conventions.md#composition). */
async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const say = (message: string) => process.stdout.write(`[backlay] ${message}\n`);
  // The system's time, unless CLOCK_OFFSET_MS moves it (a test of the product at another hour).
  const clock = shiftedClock(config.clockOffsetMs);
  if (config.clockOffsetMs !== 0) say(`The clock reads ${clock.now().toISOString()}`);

  let cluster: RunningCluster | undefined;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    cluster = await startCluster({
      dataDir: config.dataDir,
      runAs: config.pgRunAs,
      log: say,
      // The server's own ports, which a test harness may have probed free a moment ago.
      keepFree: [config.port, config.tvPort, config.casino.port].filter((port) => port > 0),
    });
    await ensureDatabase(cluster.adminUrl, 'backlay');
    databaseUrl = cluster.urlFor('backlay');
  }
  const stopPostgres = cluster ? () => cluster.stop() : undefined;

  try {
    const applied = await migrate(databaseUrl);
    if (applied.length > 0) say(`Applied migrations: ${applied.join(', ')}`);
  } catch (error) {
    await stopPostgres?.();
    throw error;
  }

  const database = openDatabase(databaseUrl, {
    onError: (error) => say(`database pool error: ${error.message}`),
  });
  // The writers' notifications, on a connection of their own: the caches follow every instance.
  const changes = listenForChanges(databaseUrl, { log: say });
  const catalog = createCatalog({ db: database.db, changes, clock });
  const passwords = createPasswordHasher();
  const opsToken = await resolveOpsToken(config.opsToken, config.dataDir);
  const hub = createHub({
    db: database.db,
    clock,
    random: systemRandom,
    secret: config.hubSecret ? Buffer.from(config.hubSecret) : systemRandom.bytes(32),
    pingMs: config.hubPingMs,
    clientTimeoutMs: 30_000,
    handshakeTimeoutMs: 15_000,
    sessionMaxMs: config.session.maxS * 1000,
    log: say,
  });
  const backplane = config.redisUrl
    ? await createRedisBackplane({ url: config.redisUrl, local: hub.publisher, log: say })
    : undefined;
  // Several instances share one Redis: the feed leader's prices reach the others through it.
  const replica = config.redisUrl
    ? await createRedisFeedReplica({ url: config.redisUrl, log: say })
    : undefined;
  const books = createFeedBooks(config.feedStaleS, config.houseMargins);
  // The built-in live TV page, on its own origin; its port is in every event's TvUrl.
  const tv = createTvServer({
    scores: books.scores,
    findEvent: (eventId) => services.markets.findEvent(eventId),
    log: say,
  });
  const tvPort =
    config.tvUrl === undefined ? await tv.listen(config.tvPort, config.host) : undefined;
  // Every service, made once: the HTTP modules, the feed's listeners, the seed and the draw.
  const services = createServices({
    config,
    db: database.db,
    clock,
    random: systemRandom,
    passwords,
    changes,
    catalog,
    priceBook: books.priceBook,
    publisher: backplane?.publisher ?? hub.publisher,
    ...(tvPort === undefined ? {} : { tvPort }),
    warn: say,
  });
  const { markets, pushes } = services;
  // A screen that joins an event's group gets the event as it is now (hub.ts).
  hub.onEventJoined((eventId, deliver) => pushes.snapshot(eventId, deliver));
  const notifier = createFeedNotifier({
    publisher: services.publisher,
    pushes,
    markets,
    catalog,
    clock,
  });
  // With the demo data, a pretend operator runs every simulated cricket match's custom rows.
  const desk =
    config.seedDemo && config.feed === 'simulator'
      ? createDemoDesk({
          markets,
          priceBook: books.priceBook,
          clock,
          announce: (eventId) =>
            void pushes
              .event(eventId)
              .catch((error: unknown) => say(`push of event ${eventId}: ${String(error)}`)),
          log: say,
        })
      : undefined;
  const feed = await startFeed({
    feed: config.feed,
    staleS: config.feedStaleS,
    margins: config.houseMargins,
    fixture: config.feedFixture,
    simSpeed: config.simSpeed,
    simSeed: config.simSeed,
    betfair: config.betfair,
    db: database.db,
    databaseUrl,
    clock,
    seed: () => systemRandom.bytes(4).readUInt32BE(0),
    log: say,
    settle: settleFromFeed(services.settlement, say),
    books,
    ...(replica ? { replica } : {}),
    notify: async (updates) => {
      await notifier(updates);
      await desk?.(updates);
    },
  });
  // The built-in demo casino, on its own origin, before the app: Launch URLs and the CSP name its
  // port. It calls our API server-to-server once we listen (api.base is set below).
  const casinoSecret = config.casino.secret ?? systemRandom.bytes(32).toString('base64url');
  const api: { base?: string } = {};
  let mainPort = config.port;
  const casinoProvider =
    config.casino.url === undefined
      ? await startCasinoProvider({
          port: config.casino.port,
          host: config.host,
          company: config.casino.company,
          secret: casinoSecret,
          apiBase: () => api.base,
          // Our site's pages, on whichever host name they were reached, and a local dev server.
          frameAncestors: () => [
            `http://*:${mainPort}`,
            `https://*:${mainPort}`,
            'http://localhost:*',
            'http://127.0.0.1:*',
          ],
          clock,
          random: systemRandom,
          log: say,
        })
      : undefined;
  const app = await buildApp({
    config,
    tvPort,
    casinoSecret,
    ...(casinoProvider ? { casinoPort: casinoProvider.port } : {}),
    db: database.db,
    clock,
    random: systemRandom,
    opsToken,
    webDist: hasWebBuild(config) ? config.webDist : undefined,
    feed: feed.control,
    hub,
    services,
  });

  if (config.seedDemo) {
    const created = await seedDemo({
      db: database.db,
      news: services.news,
      agents: services.agents,
      agentAuth: services.agentAuth,
      warn: say,
    });
    if (created.length > 0) say(`Seeded demo users: ${created.join(', ')}`);
  }

  // Opens and draws the matka games; its first tick draws what closed while the server was down.
  // Each second, so that screens hear a market open or close within about a second of it.
  const matkaScheduler = createMatkaScheduler({
    matka: services.matka,
    intervalMs: MATKA_TICK_MS,
    log: say,
  });

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    say(`${signal}: draining`);
    void stopInOrder(
      drainOrder({
        edges: async () => {
          await tv.close();
          // Its plays call our API: it drains while HTTP still answers.
          await casinoProvider?.close();
        },
        // Refuses new connections, answers 503 on open ones, closes the hub, finishes in-flight.
        http: () => app.close(),
        feed: async () => {
          await matkaScheduler.stop();
          await feed.stop();
          await replica?.close();
          await backplane?.close();
        },
        pool: async () => {
          await changes.close();
          await database.close();
        },
        postgres: stopPostgres,
      }),
      (name, error) => say(`${name} did not stop cleanly: ${String(error)}`),
    ).then(() => process.exit(0));
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  mainPort = (app.server.address() as AddressInfo).port;
  const loopback = ['0.0.0.0', '::', '127.0.0.1', 'localhost'].includes(config.host);
  const apiHost = config.host.includes(':') ? `[${config.host}]` : config.host;
  api.base = `http://${loopback ? '127.0.0.1' : apiHost}:${mainPort}`;
  hub.start();
  matkaScheduler.start();
  // Browsers give geolocation, hence login, only to secure contexts: localhost is one.
  const local = config.host === '0.0.0.0' || config.host === '127.0.0.1';
  const url = `http://${local ? 'localhost' : config.host}:${config.port}`;
  say(`Backlay is up on ${url} (feed: ${config.feed})`);
  if (tvPort !== undefined) say(`Live TV pages on port ${tvPort}`);
  if (casinoProvider) say(`Demo casino on port ${casinoProvider.port}`);
  if (config.seedDemo) {
    say(`Demo logins: demo1 … demo5, password ${DEMO_PASSWORD}`);
    say(
      `Back office ${url}/backoffice/login, "Log in as: Agent": ${DEMO_BACKOFFICE_USERS.join(', ')}, password and transaction password ${DEMO_PASSWORD}`,
    );
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `[backlay] failed to start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
