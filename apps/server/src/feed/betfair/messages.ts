/**
 * Betfair's Exchange Stream API messages as Backlay reads them (docs/feeds.md, "The stream's
 * rules"): the `mcm` market change message of the live stream and of Betfair's historic data
 * files, the connection and status messages, and the requests the adapter sends. Only the fields
 * the adapter uses are typed; the rest pass through unread.
 */

/** `[price, size]`: a full ladder's entry (`atb`, `atl`, `trd`), keyed by price; size 0 removes it. */
export type PriceSizeEntry = readonly [price: number, size: number];
/** `[level, price, size]`: a best-offer ladder's entry (`batb`, `batl`), keyed by level; size 0 removes it. */
export type LevelEntry = readonly [level: number, price: number, size: number];

export interface RunnerChange {
  readonly id: number;
  /** The handicap; 0 for the markets Backlay trades. */
  readonly hc?: number;
  readonly atb?: readonly PriceSizeEntry[];
  readonly atl?: readonly PriceSizeEntry[];
  readonly batb?: readonly LevelEntry[];
  readonly batl?: readonly LevelEntry[];
  readonly trd?: readonly PriceSizeEntry[];
  readonly ltp?: number;
  readonly tv?: number;
}

export type BetfairRunnerStatus =
  'ACTIVE' | 'WINNER' | 'LOSER' | 'PLACED' | 'REMOVED' | 'REMOVED_VACANT' | 'HIDDEN';

export interface RunnerDefinition {
  readonly id: number;
  readonly hc?: number;
  readonly status: BetfairRunnerStatus;
  readonly sortPriority?: number;
  /** Historic files carry names; the live stream does not (the Betting API's catalogue does). */
  readonly name?: string;
}

export interface MarketDefinition {
  readonly eventId: string;
  readonly eventTypeId: string;
  readonly marketType: string;
  readonly status: 'INACTIVE' | 'OPEN' | 'SUSPENDED' | 'CLOSED';
  readonly inPlay: boolean;
  /** Seconds. */
  readonly betDelay: number;
  readonly numberOfWinners?: number;
  readonly marketTime?: string;
  readonly openDate?: string;
  readonly runners: readonly RunnerDefinition[];
  /** Historic files only: the market's and the event's names. */
  readonly name?: string;
  readonly eventName?: string;
}

export interface MarketChange {
  readonly id: string;
  /** A full image of the market: it replaces what the cache holds. */
  readonly img?: boolean;
  /** Conflated: several changes folded into one. */
  readonly con?: boolean;
  readonly tv?: number;
  readonly marketDefinition?: MarketDefinition;
  readonly rc?: readonly RunnerChange[];
}

export type ChangeType = 'SUB_IMAGE' | 'RESUB_DELTA' | 'HEARTBEAT';
export type SegmentType = 'SEG_START' | 'SEG' | 'SEG_END';

export interface MarketChangeMessage {
  readonly op: 'mcm';
  readonly id?: number;
  /** Publish time, epoch ms. */
  readonly pt: number;
  readonly clk?: string;
  readonly initialClk?: string;
  /** Absent in historic files and on plain deltas. */
  readonly ct?: ChangeType;
  readonly segmentType?: SegmentType;
  readonly heartbeatMs?: number;
  readonly conflateMs?: number;
  /** 503: the stream is lagging behind the exchange (keep the connection). */
  readonly status?: number;
  readonly mc?: readonly MarketChange[];
}

export interface ConnectionMessage {
  readonly op: 'connection';
  readonly connectionId: string;
}

export interface StatusMessage {
  readonly op: 'status';
  readonly id?: number;
  readonly statusCode: 'SUCCESS' | 'FAILURE';
  readonly errorCode?: string;
  readonly errorMessage?: string;
  readonly connectionClosed?: boolean;
}

export type StreamMessage = MarketChangeMessage | ConnectionMessage | StatusMessage;

const isNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const LADDERS = ['atb', 'atl', 'trd', 'batb', 'batl'] as const;

/**
 * Why a market change's shape cannot be applied, or null: the market suspends until its next
 * image. A ladder's entries are checked as the cache applies them (`isPriceEntry`, `isLevelEntry`).
 */
export function marketChangeProblem(change: MarketChange): string | null {
  const rc: unknown = change.rc;
  if (rc !== undefined && !Array.isArray(rc)) return 'rc is not a list';
  for (const runner of (rc ?? []) as unknown[]) {
    if (!isObject(runner) || !isNumber(runner.id)) return 'a runner change has no id';
    for (const ladder of LADDERS)
      if (runner[ladder] !== undefined && !Array.isArray(runner[ladder]))
        return 'a ladder is not a list';
    if (runner.ltp !== undefined && !isNumber(runner.ltp)) return 'ltp is not a number';
  }
  const definition: unknown = change.marketDefinition;
  if (definition !== undefined) {
    if (!isObject(definition)) return 'the market definition is not an object';
    if (typeof definition.eventId !== 'string' || typeof definition.eventTypeId !== 'string')
      return 'the market definition has no event';
    if (typeof definition.status !== 'string') return 'the market definition has no status';
    if (!Array.isArray(definition.runners)) return 'the market definition has no runners';
    for (const runner of definition.runners as unknown[]) {
      if (!isObject(runner) || !isNumber(runner.id) || typeof runner.status !== 'string')
        return 'a runner definition has no id or status';
    }
  }
  return null;
}

/** `[price, size]`, two finite numbers. */
export const isPriceEntry = (entry: unknown): entry is PriceSizeEntry =>
  Array.isArray(entry) && entry.length === 2 && isNumber(entry[0]) && isNumber(entry[1]);

/** `[level, price, size]`, three finite numbers. */
export const isLevelEntry = (entry: unknown): entry is LevelEntry =>
  Array.isArray(entry) &&
  entry.length === 3 &&
  isNumber(entry[0]) &&
  isNumber(entry[1]) &&
  isNumber(entry[2]);

/**
 * Reads one line of the stream or of a historic file: the message, or why it is not one (a
 * malformed line is counted and logged, never thrown: docs/feeds.md, "When things go wrong").
 */
export function parseStreamLine(
  line: string,
): { ok: true; message: StreamMessage } | { ok: false; problem: string } {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return { ok: false, problem: 'not JSON' };
  }
  if (!isObject(value) || typeof value.op !== 'string') return { ok: false, problem: 'no op' };
  if (value.op === 'mcm') {
    if (!isNumber(value.pt)) return { ok: false, problem: 'an mcm without pt' };
    if (value.mc !== undefined) {
      if (!Array.isArray(value.mc)) return { ok: false, problem: 'mc is not a list' };
      for (const change of value.mc as unknown[]) {
        if (!isObject(change) || typeof change.id !== 'string')
          return { ok: false, problem: 'a market change has no id' };
      }
    }
  }
  return { ok: true, message: value as unknown as StreamMessage };
}
