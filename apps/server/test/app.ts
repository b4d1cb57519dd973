import type { FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import { buildApp, type AppConfig } from '../src/app.js';
import { noFeed, type FeedControl } from '../src/feed/control.js';
import { silentPublisher, type Hub, type HubPublisher } from '../src/hub/hub.js';
import type { SettlementService } from '../src/modules/settlement/settlement.service.js';
import type { Db } from '../src/db/pool.js';
import { noChanges, type Changes } from '../src/db/changes.js';
import { changesOf } from './database.js';
import { createPasswordHasher, type PasswordHasher } from '../src/modules/auth/password.js';
import { createClientsService } from '../src/modules/clients/clients.service.js';
import { createWalletService } from '../src/modules/wallet/wallet.service.js';
import { createServices } from '../src/services.js';
import { manualClock, systemRandom, type Clock, type Timer } from '../src/seams.js';
import { totpCode } from '../src/modules/operators/totp.js';
import { DEFAULT_HOUSE_MARGINS, NO_BET_DELAYS, toPaise } from '@backlay/domain';

/** Argon2id at the lowest cost, so tests stay fast; one test asserts the production cost. */
export const cheapPasswords: PasswordHasher = createPasswordHasher({
  memoryCost: 1024,
  timeCost: 1,
  parallelism: 1,
});

export const OPS_TOKEN = 'test-operator-token-0123456789-abcdefghij';
export const TEST_PASSWORD = 'correct horse battery';
export const LAT_LONG = '19.0760,72.8777';
/** The casino provider's secret in tests (audience `provider`). */
export const CASINO_SECRET = 'test-casino-secret-0123456789-abcdefghij';

export const testConfig: AppConfig = {
  logLevel: 'silent',
  session: { idleS: 8 * 3600, maxS: 24 * 3600 },
  operatorSession: { idleS: 15 * 60, maxS: 12 * 3600 },
  loginThrottle: { accountLimit: 5, addressLimit: 20, blockS: 30, maxBlockS: 3600 },
  rateLimitPerMin: 10_000,
  requestTimeoutMs: 30_000,
  bodyLimitBytes: 1_048_576,
  moneyBodyLimitBytes: 16_384,
  trustProxy: false,
  feedStaleS: 10,
  reportTz: 'Asia/Kolkata',
  tvUrl: undefined,
  matkaPayout: 90,
  // Bets are taken at once unless a test sets a delay (docs/architecture.md, "In-play bet delay").
  betDelay: NO_BET_DELAYS,
  houseMargins: DEFAULT_HOUSE_MARGINS,
  brandsFile: undefined,
  casino: {
    port: 8081,
    url: undefined,
    company: 'backlay',
    secret: CASINO_SECRET,
    winLimitPaise: 100_000_00,
  },
};

export interface TestAppOptions {
  readonly config?: Partial<AppConfig>;
  readonly clock?: Clock;
  /** The in-play delay's waits; real time by default. */
  readonly timer?: Timer;
  readonly passwords?: PasswordHasher;
  readonly webDist?: string;
  readonly logStream?: DestinationStream;
  readonly feed?: FeedControl;
  readonly settlement?: SettlementService;
  readonly hub?: Hub;
  readonly publisher?: HubPublisher;
  /** The built-in casino provider's bound port (Launch URLs and the CSP). */
  readonly casinoPort?: number;
  /** The caches' notifications: the test database's listener by default. */
  readonly changes?: Changes;
  /** Extra routes a test needs, registered before the app is ready. */
  readonly routes?: (app: FastifyInstance) => void;
}

export function testClock() {
  return manualClock(new Date('2026-11-21T10:00:00Z'));
}

/**
 * The app as main.ts builds it: the services made once by `createServices`, then `buildApp` with
 * them, from the test's database, clock, feed and publisher.
 */
export async function buildTestApp(db: Db, options: TestAppOptions = {}): Promise<FastifyInstance> {
  const config = { ...testConfig, ...options.config };
  const clock = options.clock ?? testClock();
  const feed = options.feed ?? noFeed(config.feedStaleS);
  const services = createServices({
    config,
    db,
    clock,
    random: systemRandom,
    passwords: options.passwords ?? cheapPasswords,
    changes: options.changes ?? changesOf(db) ?? noChanges,
    priceBook: feed.priceBook,
    publisher: options.publisher ?? options.hub?.publisher ?? silentPublisher,
    ...(options.timer ? { timer: options.timer } : {}),
    ...(options.settlement ? { settlement: options.settlement } : {}),
    warn: () => {},
  });
  const app = await buildApp({
    config,
    db,
    clock,
    random: systemRandom,
    opsToken: OPS_TOKEN,
    services,
    webDist: options.webDist,
    feed,
    ...(options.hub ? { hub: options.hub } : {}),
    ...(options.logStream ? { logStream: options.logStream } : {}),
    ...(options.casinoPort === undefined ? {} : { casinoPort: options.casinoPort }),
  });
  options.routes?.(app);
  await app.ready();
  return app;
}

/** Creates a client with `credit` rupees, straight through the services. */
export async function createTestClient(
  db: Db,
  username: string,
  credit = 0,
  clock: Clock = testClock(),
): Promise<string> {
  const clients = createClientsService({ db, clock, passwords: cheapPasswords });
  const created = await clients.create({ username, password: TEST_PASSWORD });
  if (created.kind !== 'created') throw new Error(created.message);
  if (credit !== 0) {
    const wallet = createWalletService({ db, clock, random: systemRandom });
    await wallet.transferCredit({
      clientId: created.clientId,
      amount: toPaise(credit * 100)!,
      remark: 'Test credit',
    });
  }
  return created.clientId;
}

/** Logs in over HTTP and returns the login data. */
export async function login(app: FastifyInstance, username: string, password = TEST_PASSWORD) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/Authenticate/ValidLogin?ipAddress=10.1.2.3',
    payload: { username, password, LatLong: LAT_LONG },
  });
  const body = response.json<{
    Status: boolean;
    Result: string;
    data: { Token: string; uid: number; UserName: string; IsValidToken: string };
  }>();
  if (!body.Status) throw new Error(`login failed: ${body.Result}`);
  return body.data;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export const OPERATOR_PASSWORD = 'operator correct horse';

/**
 * Creates a back-office operator through the operator token and logs them in with the TOTP code
 * of `clock`'s now; answers the bearer token and the TOTP secret. Each login takes its own code:
 * log one operator in twice with the clock moved 30 s on.
 */
export async function operatorLogin(
  app: FastifyInstance,
  clock: Clock,
  username: string,
  role: 'admin' | 'risk' | 'support',
): Promise<{ token: string; secret: string }> {
  const created = await app.inject({
    method: 'POST',
    url: '/api/ops/create-operator',
    headers: bearer(OPS_TOKEN),
    payload: { username, password: OPERATOR_PASSWORD, role },
  });
  const body = created.json<{ Status: boolean; Result: { totpSecret: string } | string }>();
  if (!body.Status || typeof body.Result === 'string')
    throw new Error(`create-operator failed: ${created.body}`);
  const secret = body.Result.totpSecret;
  return { token: await operatorToken(app, clock, username, secret), secret };
}

/** Logs an existing operator in with the TOTP code of `clock`'s now. */
export async function operatorToken(
  app: FastifyInstance,
  clock: Clock,
  username: string,
  secret: string,
): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/backoffice/login',
    remoteAddress: '10.9.9.9',
    payload: { username, password: OPERATOR_PASSWORD, code: totpCode(secret, clock.now()) },
  });
  const answer = response.json<{ Status: boolean; Result: { token: string } | string }>();
  if (!answer.Status || typeof answer.Result === 'string')
    throw new Error(`operator login failed: ${response.body}`);
  return answer.Result.token;
}
