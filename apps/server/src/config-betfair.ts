import { z } from 'zod';

/**
 * The Betfair settings of the server's configuration (docs/feeds.md): the live stream
 * (FEED=betfair) and its recordings (FEED=betfair-file). config.ts reads them with the rest, once.
 */
export const betfairEnv = {
  BETFAIR_FILES: z.string().min(1).optional(),
  BETFAIR_REPLAY_SPEED: z.coerce.number().nonnegative().max(1_000_000).default(60),
  BETFAIR_REPLAY_UNTIL: z
    .string()
    .refine((value) => !Number.isNaN(Date.parse(value)), 'must be an ISO time')
    .optional(),
  BETFAIR_SIZE_RATE: z.coerce.number().positive().max(100_000).default(100),
  BETFAIR_STREAM_HOST: z
    .string()
    .regex(/^[^:\s]+(:\d{1,5})?$/, 'must be host or host:port')
    .default('stream-api.betfair.com:443'),
  BETFAIR_APP_KEY: z.string().min(1).optional(),
  BETFAIR_SESSION: z.string().min(1).optional(),
  BETFAIR_USERNAME: z.string().min(1).optional(),
  BETFAIR_PASSWORD: z.string().min(1).optional(),
  BETFAIR_CERT: z.string().min(1).optional(),
  BETFAIR_KEY: z.string().min(1).optional(),
  BETFAIR_CA: z.string().min(1).optional(),
  BETFAIR_LOGIN_URL: z.string().url().default('https://identitysso-cert.betfair.com/api/certlogin'),
  BETFAIR_API_URL: z.string().url().default('https://api.betfair.com/exchange/betting/rest/v1.0'),
  BETFAIR_EVENT_TYPES: z
    .string()
    .regex(/^\d+(,\d+)*$/, 'must be eventTypeIds separated by commas, e.g. 4,1,2')
    .default('4,1,2'),
  BETFAIR_MARKET_TYPES: z
    .string()
    .regex(
      /^[A-Z0-9_]+(,[A-Z0-9_]+)*$/,
      'must be market types separated by commas, e.g. MATCH_ODDS',
    )
    .default('MATCH_ODDS'),
  BETFAIR_HEARTBEAT_MS: z.coerce.number().int().min(500).max(5000).default(5000),
  BETFAIR_CONFLATE_MS: z.coerce.number().int().min(0).max(120_000).default(0),
};

type BetfairEnv = z.output<z.ZodObject<typeof betfairEnv>> & { readonly FEED: string };

/** What a Betfair feed needs and the environment does not give. */
export function betfairProblems(e: BetfairEnv, context: z.RefinementCtx): void {
  const problem = (path: string, message: string) =>
    context.addIssue({ code: 'custom', path: [path], message });
  if (e.FEED === 'betfair-file' && e.BETFAIR_FILES === undefined)
    problem(
      'BETFAIR_FILES',
      'FEED=betfair-file needs BETFAIR_FILES: recorded files, separated by commas',
    );
  if (e.FEED !== 'betfair') return;
  if (e.BETFAIR_APP_KEY === undefined)
    problem('BETFAIR_APP_KEY', 'FEED=betfair needs BETFAIR_APP_KEY');
  const certificate =
    e.BETFAIR_USERNAME !== undefined &&
    e.BETFAIR_PASSWORD !== undefined &&
    e.BETFAIR_CERT !== undefined &&
    e.BETFAIR_KEY !== undefined;
  if (e.BETFAIR_SESSION === undefined && !certificate)
    problem(
      'BETFAIR_SESSION',
      'FEED=betfair needs BETFAIR_SESSION, or BETFAIR_USERNAME, BETFAIR_PASSWORD, BETFAIR_CERT and BETFAIR_KEY',
    );
}

export interface BetfairConfig {
  /** FEED=betfair-file: the recordings, played as one timeline. */
  readonly files: readonly string[];
  /** Replay time per real time; 0: as fast as it reads. */
  readonly replaySpeed: number;
  /** Epoch ms: apply everything published up to it, then hold. */
  readonly replayUntil: number | undefined;
  /** Betfair's sizes (pounds) × this = whole rupees. */
  readonly sizeRate: number;
  readonly streamHost: string;
  readonly streamPort: number;
  readonly appKey: string | undefined;
  readonly session: string | undefined;
  readonly login:
    | {
        readonly username: string;
        readonly password: string;
        readonly cert: string;
        readonly key: string;
      }
    | undefined;
  /** A CA certificate file the stream's and the APIs' TLS is checked against (a local ESA server). */
  readonly ca: string | undefined;
  readonly loginUrl: string;
  readonly apiUrl: string;
  readonly eventTypes: readonly number[];
  readonly marketTypes: readonly string[];
  readonly heartbeatMs: number;
  readonly conflateMs: number;
}

/** The settings as the feed takes them; `fromRoot` resolves a path against the repository root. */
export function betfairConfig(e: BetfairEnv, fromRoot: (path: string) => string): BetfairConfig {
  const [host = '', port = '443'] = e.BETFAIR_STREAM_HOST.split(':');
  const list = (value: string) => value.split(',').map((part) => part.trim());
  return {
    files: e.BETFAIR_FILES === undefined ? [] : list(e.BETFAIR_FILES).map(fromRoot),
    replaySpeed: e.BETFAIR_REPLAY_SPEED,
    replayUntil:
      e.BETFAIR_REPLAY_UNTIL === undefined ? undefined : Date.parse(e.BETFAIR_REPLAY_UNTIL),
    sizeRate: e.BETFAIR_SIZE_RATE,
    streamHost: host,
    streamPort: Number(port),
    appKey: e.BETFAIR_APP_KEY,
    session: e.BETFAIR_SESSION,
    login:
      e.BETFAIR_USERNAME && e.BETFAIR_PASSWORD && e.BETFAIR_CERT && e.BETFAIR_KEY
        ? {
            username: e.BETFAIR_USERNAME,
            password: e.BETFAIR_PASSWORD,
            cert: fromRoot(e.BETFAIR_CERT),
            key: fromRoot(e.BETFAIR_KEY),
          }
        : undefined,
    ca: e.BETFAIR_CA === undefined ? undefined : fromRoot(e.BETFAIR_CA),
    loginUrl: e.BETFAIR_LOGIN_URL,
    apiUrl: e.BETFAIR_API_URL,
    eventTypes: list(e.BETFAIR_EVENT_TYPES).map(Number),
    marketTypes: list(e.BETFAIR_MARKET_TYPES),
    heartbeatMs: e.BETFAIR_HEARTBEAT_MS,
    conflateMs: e.BETFAIR_CONFLATE_MS,
  };
}
