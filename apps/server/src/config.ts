import { existsSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_HOUSE_MARGINS, type BetDelays, type HouseMargins } from '@backlay/domain';
import { z } from 'zod';
import {
  betfairConfig,
  betfairEnv,
  betfairProblems,
  type BetfairConfig,
} from './config-betfair.js';

export type { BetfairConfig };

/** The repository root: `src/` and `dist/` both sit three levels below it. */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

const flag = z
  .enum(['0', '1', 'true', 'false'])
  .transform((value) => value === '1' || value === 'true');
const positiveInt = z.coerce.number().int().positive();

function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/**
 * Every setting of the server, with its default (the README's settings table). Read once, in
 * main.ts and the CLI; nothing else reads the environment.
 */
const schema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    HOST: z.string().min(1).default('127.0.0.1'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z.string().url().optional(),
    SEED_DEMO: flag.optional(),
    FEED: z.enum(['simulator', 'scripted', 'betfair', 'betfair-file', 'none']).default('simulator'),
    FEED_STALE_S: positiveInt.default(10),
    FEED_FIXTURE: z.string().min(1).optional(),
    SIM_SPEED: z.coerce.number().positive().max(3600).default(1),
    ...betfairEnv,
    SIM_SEED: z.coerce.number().int().nonnegative().optional(),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    OPS_TOKEN: z.string().min(32, 'OPS_TOKEN must be at least 32 characters').optional(),
    PG_RUN_AS: z.string().min(1).optional(),
    WEB_DIST: z.string().min(1).default('apps/web/dist'),
    SESSION_IDLE_S: positiveInt.default(8 * 3600),
    SESSION_MAX_S: positiveInt.default(24 * 3600),
    OPERATOR_IDLE_S: positiveInt.default(15 * 60),
    OPERATOR_MAX_S: positiveInt.default(12 * 3600),
    LOGIN_ACCOUNT_LIMIT: positiveInt.default(5),
    LOGIN_ADDRESS_LIMIT: positiveInt.default(20),
    LOGIN_BLOCK_S: positiveInt.default(30),
    LOGIN_BLOCK_MAX_S: positiveInt.default(3600),
    RATE_LIMIT_PER_MIN: positiveInt.default(1200),
    REQUEST_TIMEOUT_MS: positiveInt.default(30_000),
    BODY_LIMIT_BYTES: positiveInt.default(1_048_576),
    MONEY_BODY_LIMIT_BYTES: positiveInt.default(16_384),
    TRUST_PROXY: flag.default(false),
    HUB_SECRET: z.string().min(32, 'HUB_SECRET must be at least 32 characters').optional(),
    HUB_PING_MS: positiveInt.default(15_000),
    REDIS_URL: z.string().url().optional(),
    TV_URL: z
      .string()
      .url()
      .refine((value) => value.includes('{eventId}'), { message: 'TV_URL must contain {eventId}' })
      .optional(),
    TV_PORT: z.coerce.number().int().min(0).max(65535).default(8082),
    CASINO_PORT: z.coerce.number().int().min(0).max(65535).default(8081),
    CASINO_URL: z.string().url().optional(),
    CASINO_COMPANY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,40}$/, 'must be 1 to 40 letters, digits, _ or -')
      .default('backlay'),
    CASINO_SECRET: z.string().min(32, 'CASINO_SECRET must be at least 32 characters').optional(),
    CASINO_WIN_LIMIT: z.coerce.number().int().positive().max(100_000_000).default(100_000),
    BRANDS_FILE: z.string().min(1).optional(),
    REPORT_TZ: z
      .string()
      .min(1)
      .refine(isTimeZone, 'must be an IANA time zone such as Asia/Kolkata')
      .default('Asia/Kolkata'),
    MATKA_PAYOUT: z.coerce.number().int().min(2).max(1000).default(90),
    // Within a year either way: a test's hour, never another age.
    CLOCK_OFFSET_MS: z.coerce
      .number()
      .int()
      .min(-366 * 86_400_000)
      .max(366 * 86_400_000)
      .default(0),
    BET_DELAY: z
      .string()
      .default('cricket=5,soccer=5,tennis=3')
      .transform((value, context) => {
        const parsed = betDelayParse(value);
        if (typeof parsed === 'string') {
          context.addIssue({ code: 'custom', message: parsed });
          return z.NEVER;
        }
        return parsed;
      }),
    HOUSE_MARGINS: z
      .string()
      .default('back=1,lay=1,fancy=2')
      .transform((value, context) => {
        const parsed = houseMarginsParse(value);
        if (typeof parsed === 'string') {
          context.addIssue({ code: 'custom', message: parsed });
          return z.NEVER;
        }
        return parsed;
      }),
  })
  // A held bet answers at the end of its delay: the request must outlive the longest one.
  .refine(
    (e) =>
      Math.max(
        e.BET_DELAY.bookmakerS,
        e.BET_DELAY.fancyS,
        ...Object.values(e.BET_DELAY.exchangeS),
      ) *
        1000 <
      e.REQUEST_TIMEOUT_MS,
    { message: 'every delay must be shorter than REQUEST_TIMEOUT_MS', path: ['BET_DELAY'] },
  )
  .superRefine(betfairProblems);

/** The names BET_DELAY knows: a sport (its exchange markets and toss), bookmaker or fancy. */
const DELAY_SPORTS: Readonly<Record<string, number>> = {
  soccer: 1,
  football: 1,
  tennis: 2,
  cricket: 4,
};
/** Longer delays would outlast a bettor's patience and the request timeout. */
const DELAY_MAX_S = 20;

/** `cricket=5,soccer=5,tennis=3,bookmaker=0,fancy=0` → the delays; a message when malformed. */
export function betDelayParse(value: string): BetDelays | string {
  const exchangeS: Record<number, number> = {};
  let bookmakerS = 0;
  let fancyS = 0;
  for (const part of value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)) {
    const match = /^([a-z]+)=(\d{1,2})$/.exec(part);
    const seconds = Number(match?.[2]);
    if (!match || seconds > DELAY_MAX_S)
      return `must be name=seconds pairs (0 to ${DELAY_MAX_S}), e.g. cricket=5,soccer=5,tennis=3,bookmaker=0,fancy=0`;
    const name = match[1] ?? '';
    const sport = DELAY_SPORTS[name];
    if (sport !== undefined) exchangeS[sport] = seconds;
    else if (name === 'bookmaker') bookmakerS = seconds;
    else if (name === 'fancy') fancyS = seconds;
    else return `unknown name ${name}: use cricket, soccer, tennis, bookmaker or fancy`;
  }
  return { exchangeS, bookmakerS, fancyS };
}

/** The most a margin may be: a house market above it would quote its favourites far too short. */
const MARGIN_MAX_PERCENT = 20;

/**
 * `back=1,lay=1,fancy=2` (percent, up to two decimals) → the house's margins in basis points
 * (packages/domain/README.md, "House margins"); a message when malformed. A name left out keeps its default.
 */
export function houseMarginsParse(value: string): HouseMargins | string {
  const margins = { ...DEFAULT_HOUSE_MARGINS };
  const usage = `must be back=, lay= and fancy= percentages (0 to ${MARGIN_MAX_PERCENT}, two decimals at most), e.g. back=1,lay=1,fancy=2`;
  for (const part of value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)) {
    const match = /^([a-z]+)=(\d{1,2}(?:\.\d{1,2})?)$/.exec(part);
    if (!match) return usage;
    const bp = Math.round(Number(match[2]) * 100);
    if (bp > MARGIN_MAX_PERCENT * 100) return usage;
    if (match[1] === 'back') margins.backBp = bp;
    else if (match[1] === 'lay') margins.layBp = bp;
    else if (match[1] === 'fancy') margins.fancyBp = bp;
    else return `unknown name ${match[1] ?? ''}: use back, lay or fancy`;
  }
  return margins;
}

export type Env = z.input<typeof schema>;

export interface Config {
  readonly port: number;
  readonly host: string;
  readonly dataDir: string;
  readonly databaseUrl: string | undefined;
  readonly seedDemo: boolean;
  readonly feed: 'simulator' | 'scripted' | 'betfair' | 'betfair-file' | 'none';
  readonly feedStaleS: number;
  /** A fixture file the scripted adapter plays (FEED=scripted). */
  readonly feedFixture: string | undefined;
  /** Simulated seconds per real second. */
  readonly simSpeed: number;
  /** FEED=betfair and betfair-file (docs/feeds.md). */
  readonly betfair: BetfairConfig;
  /** Fixes the simulator's randomness; a random seed is chosen (and persisted) when unset. */
  readonly simSeed: number | undefined;
  readonly logLevel: z.infer<typeof schema>['LOG_LEVEL'];
  readonly opsToken: string | undefined;
  readonly pgRunAs: string | undefined;
  readonly webDist: string;
  readonly session: { readonly idleS: number; readonly maxS: number };
  /** A back-office operator's session: a shorter idle window than a client's (docs/backoffice.md). */
  readonly operatorSession: { readonly idleS: number; readonly maxS: number };
  readonly loginThrottle: LoginThrottleConfig;
  readonly rateLimitPerMin: number;
  readonly requestTimeoutMs: number;
  readonly bodyLimitBytes: number;
  readonly moneyBodyLimitBytes: number;
  readonly trustProxy: boolean;
  /** Signs hub connection tokens; shared by every instance. A random one per process when unset. */
  readonly hubSecret: string | undefined;
  readonly hubPingMs: number;
  /** With it, hub messages reach the clients of every instance through Redis pub/sub. */
  readonly redisUrl: string | undefined;
  /** The live TV player page, with `{eventId}` in it; the built-in TV page when unset. */
  readonly tvUrl: string | undefined;
  /** The built-in live TV page's port (its own origin); 0 picks a free port. */
  readonly tvPort: number;
  readonly casino: CasinoConfig;
  /** The brand table (JSON); the built-in one when unset. */
  readonly brandsFile: string | undefined;
  /** The time zone whose calendar days the report dates name (docs/decisions.md#api). */
  readonly reportTz: string;
  /** What a matka hit returns per rupee staked, the stake included (90 → net +89). */
  readonly matkaPayout: number;
  readonly betDelay: BetDelays;
  /** The house's margins (HOUSE_MARGINS; packages/domain/README.md, "House margins"). */
  readonly houseMargins: HouseMargins;
  /** Moves the server's clock from the system's (tests of the product at a chosen hour). */
  readonly clockOffsetMs: number;
}

export interface CasinoConfig {
  /** The built-in demo provider's port (its own origin); 0 picks a free port. */
  readonly port: number;
  /** The provider's base URL for the frame; `http://{the request's host}:{port}` when unset. */
  readonly url: string | undefined;
  /** The `company` the frame URL names. */
  readonly company: string;
  /** Authenticates the provider's server-to-server calls; random per process when unset. */
  readonly secret: string | undefined;
  /** Net winnings of one round above this are not paid (house rules), unless set per client. */
  readonly winLimitPaise: number;
}

export interface LoginThrottleConfig {
  /** Failures of one account before it is blocked. */
  readonly accountLimit: number;
  /** Failures from one socket address before it is blocked. */
  readonly addressLimit: number;
  /** The first block; each further failure doubles it, up to `maxBlockS`. */
  readonly blockS: number;
  readonly maxBlockS: number;
}

function fromRoot(path: string): string {
  return isAbsolute(path) ? path : resolve(REPO_ROOT, path);
}

/** Parses the environment; throws one readable message naming every bad setting. */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.')}: ${issue.message}`,
    );
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: fromRoot(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    // Demo data on the embedded database, or where asked for (README, "Settings": SEED_DEMO).
    seedDemo: e.SEED_DEMO ?? e.DATABASE_URL === undefined,
    feed: e.FEED,
    feedStaleS: e.FEED_STALE_S,
    feedFixture: e.FEED_FIXTURE === undefined ? undefined : fromRoot(e.FEED_FIXTURE),
    simSpeed: e.SIM_SPEED,
    betfair: betfairConfig(e, fromRoot),
    simSeed: e.SIM_SEED,
    logLevel: e.LOG_LEVEL,
    opsToken: e.OPS_TOKEN,
    pgRunAs: e.PG_RUN_AS,
    webDist: fromRoot(e.WEB_DIST),
    session: { idleS: e.SESSION_IDLE_S, maxS: e.SESSION_MAX_S },
    operatorSession: { idleS: e.OPERATOR_IDLE_S, maxS: e.OPERATOR_MAX_S },
    loginThrottle: {
      accountLimit: e.LOGIN_ACCOUNT_LIMIT,
      addressLimit: e.LOGIN_ADDRESS_LIMIT,
      blockS: e.LOGIN_BLOCK_S,
      maxBlockS: e.LOGIN_BLOCK_MAX_S,
    },
    rateLimitPerMin: e.RATE_LIMIT_PER_MIN,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    moneyBodyLimitBytes: e.MONEY_BODY_LIMIT_BYTES,
    trustProxy: e.TRUST_PROXY,
    hubSecret: e.HUB_SECRET,
    hubPingMs: e.HUB_PING_MS,
    redisUrl: e.REDIS_URL,
    tvUrl: e.TV_URL,
    tvPort: e.TV_PORT,
    casino: {
      port: e.CASINO_PORT,
      url: e.CASINO_URL,
      company: e.CASINO_COMPANY,
      secret: e.CASINO_SECRET,
      winLimitPaise: e.CASINO_WIN_LIMIT * 100,
    },
    brandsFile: e.BRANDS_FILE === undefined ? undefined : fromRoot(e.BRANDS_FILE),
    reportTz: e.REPORT_TZ,
    matkaPayout: e.MATKA_PAYOUT,
    betDelay: e.BET_DELAY,
    houseMargins: e.HOUSE_MARGINS,
    clockOffsetMs: e.CLOCK_OFFSET_MS,
  };
}

export function hasWebBuild(config: Pick<Config, 'webDist'>): boolean {
  return existsSync(resolve(config.webDist, 'index.html'));
}
