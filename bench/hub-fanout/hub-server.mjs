// The product side of hub-fanout (bench/README.md): the BUILT server's HTTP app and hub, wired
// as apps/server/src/main.ts wires them (embedded PostgreSQL at full durability, demo clients,
// ticket route, negotiate, upgrade) but with no feed, TV page, casino or matka: the odds pushes
// come from odds.mjs through the hub's real publisher (`publisher.toGroup`, as the feed notifier
// sends them). Usage: `node hub-server.mjs <dataDir>`; controlled over stdin (odds.mjs `control`).
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';
import { buildApp } from '../../apps/server/dist/app.js';
import { loadConfig } from '../../apps/server/dist/config.js';
import { startCluster } from '../../apps/server/dist/db/launcher.js';
import { noChanges } from '../../apps/server/dist/db/changes.js';
import { ensureDatabase, migrate } from '../../apps/server/dist/db/migrate.js';
import { openDatabase } from '../../apps/server/dist/db/pool.js';
import { noFeed } from '../../apps/server/dist/feed/control.js';
import { createHub, eventGroup } from '../../apps/server/dist/hub/hub.js';
import { createPasswordHasher } from '../../apps/server/dist/modules/auth/password.js';
import { systemClock, systemRandom } from '../../apps/server/dist/seams.js';
import { seedDemo } from '../../apps/server/dist/seed.js';
import { createServices } from '../../apps/server/dist/services.js';
import { control, FIRST_EVENT_ID, PUSH_HZ, pushLoop } from './odds.mjs';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: node hub-server.mjs <dataDir>');
const log = (message) => process.stderr.write(`[hub-server] ${message}\n`);

// The settings startServer gives the real server (reliability/support/server-process.ts).
const config = loadConfig({
  HOST: '127.0.0.1',
  PORT: '0',
  DATA_DIR: dataDir,
  FEED: 'none',
  LOG_LEVEL: 'warn',
  OPS_TOKEN: randomBytes(24).toString('hex'),
  HUB_SECRET: randomBytes(32).toString('hex'),
  RATE_LIMIT_PER_MIN: '100000000',
  LOGIN_ADDRESS_LIMIT: '100000',
});

await mkdir(dataDir, { recursive: true, mode: 0o755 });
// fsync off: nothing measured touches the database (the pushes never do); only the setup does,
// four commits per client (two tickets minted, two consumed), which at full durability would
// take minutes of the budget for 10k clients.
const cluster = await startCluster({ dataDir, runAs: config.pgRunAs, fsyncOff: true, log });
await ensureDatabase(cluster.adminUrl, 'backlay');
const databaseUrl = cluster.urlFor('backlay');
await migrate(databaseUrl);
const database = openDatabase(databaseUrl, {
  onError: (error) => log(`database pool error: ${error.message}`),
});
const db = database.db;
const passwords = createPasswordHasher();
const hub = createHub({
  db,
  clock: systemClock,
  random: systemRandom,
  secret: Buffer.from(config.hubSecret ?? randomBytes(32).toString('hex')),
  pingMs: config.hubPingMs,
  clientTimeoutMs: 30_000,
  handshakeTimeoutMs: 15_000,
  sessionMaxMs: config.session.maxS * 1000,
  log,
});
// The services and the app as main.ts wires them, without a feed (the pushes come from odds.mjs).
const services = createServices({
  config,
  db,
  clock: systemClock,
  random: systemRandom,
  passwords,
  changes: noChanges,
  priceBook: noFeed(config.feedStaleS).priceBook,
  publisher: hub.publisher,
  warn: log,
});
const app = await buildApp({
  config,
  db,
  clock: systemClock,
  random: systemRandom,
  opsToken: config.opsToken ?? randomBytes(24).toString('hex'),
  services,
  hub,
});
await seedDemo({
  db,
  news: services.news,
  agents: services.agents,
  agentAuth: services.agentAuth,
});

const pushes = pushLoop((eventId, payload) =>
  hub.publisher.toGroup(eventGroup(eventId), { target: 'GetActiveBM', payload }),
);

// The V8 CPU profiler of this very process (what `node --cpu-prof` writes, on demand): the
// benchmark profiles a window at full load without a restart and its thousands of reconnects.
const inspector = new Session();
inspector.connect();

let stopping = false;
const shutdown = async () => {
  if (stopping) return;
  stopping = true;
  pushes.stop();
  await app.close();
  await database.close();
  await cluster.stop();
  process.exit(0);
};
process.on('SIGTERM', () => void shutdown());
process.on('SIGINT', () => void shutdown());

await app.listen({ port: 0, host: '127.0.0.1' });
hub.start();
const say = control(
  {
    start: (events) => {
      pushes.start(Number(events));
    },
    stop: () => pushes.stop(),
    size: () => hub.size(),
    'profile-start': async () => {
      await inspector.post('Profiler.enable');
      await inspector.post('Profiler.setSamplingInterval', { interval: 500 });
      await inspector.post('Profiler.start');
    },
    'profile-stop': async (dir) => {
      const { profile } = await inspector.post('Profiler.stop');
      await mkdir(dir, { recursive: true });
      await writeFile(join(dir, `hub-${process.pid}.cpuprofile`), JSON.stringify(profile));
    },
  },
  () => void shutdown(),
);
say(`ready ${app.server.address().port} ${FIRST_EVENT_ID} ${PUSH_HZ}`);
