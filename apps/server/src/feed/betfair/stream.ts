import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import tls from 'node:tls';
import type { ProviderStatus } from '../control.js';
import type { FeedSource } from '../runner.js';
import type { FeedUpdate } from '../types.js';
import { createStreamCache } from './cache.js';
import {
  parseStreamLine,
  type MarketChangeMessage,
  type StatusMessage,
  type StreamMessage,
} from './messages.js';
import { createTranslator, type CatalogueNames, type TranslateSettings } from './translate.js';

/**
 * FEED=betfair: Betfair's Exchange Stream API, live (docs/feeds.md, "Going live"). One TLS
 * connection: `authentication` with the app key and a session token, one `marketSubscription` for
 * the event and market types with best offers three deep, the market definition, the last traded
 * price and the traded volume. Messages are CRLF-separated JSON. A segmented image is applied
 * whole at SEG_END; a connection cut before that applies none of it. The connection is made again
 * with backoff and the subscription resumed with `initialClk` and `clk`, so Betfair sends only what
 * changed (RESUB_DELTA); silence for two heartbeats counts as a cut. While the connection is down
 * every market reads SUSPENDED; a line that cannot be read breaks every market until a fresh image,
 * which a subscription made anew (without clk) brings.
 */

export interface StreamOptions {
  readonly host: string;
  readonly port: number;
  readonly appKey: string;
  /** A CA file the server's certificate is checked against (a local ESA server). */
  readonly ca?: string | undefined;
  readonly eventTypes: readonly number[];
  readonly marketTypes: readonly string[];
  readonly heartbeatMs: number;
  readonly conflateMs: number;
  /** First wait before connecting again; doubles up to `maxBackoffMs`. */
  readonly backoffMs?: number;
  readonly maxBackoffMs?: number;
}

/** How long the server has to say who it is and accept the session before the try counts as failed. */
const HANDSHAKE_MS = 15_000;
const LADDER_LEVELS = 3;
/** How long a market the catalogue did not name (or failed on) waits to be asked about again. */
const NAMES_RETRY_MS = 30_000;

export function createStreamSource(options: {
  stream: StreamOptions;
  settings: TranslateSettings;
  /** A session token; `fresh` asks for a new one (the last was refused). */
  session: (fresh: boolean) => Promise<string>;
  catalogue: (
    session: string,
    marketIds: readonly string[],
  ) => Promise<Map<string, CatalogueNames>>;
  /** Real ms between the product's heartbeats of the events the stream carries. */
  heartbeatMs: number;
  log: (message: string) => void;
}): FeedSource & {
  start(): void;
  stop(): void;
  status(): ProviderStatus;
  /** Hears that news came (the feed runner then steps within milliseconds). */
  onNews(listener: () => void): void;
} {
  const { stream, log } = options;
  const cache = createStreamCache({ firstIsImage: false });
  const names = new Map<string, CatalogueNames>();
  const translator = createTranslator({
    settings: options.settings,
    names: (marketId) => names.get(marketId),
    log,
  });
  const changed = new Set<string>();
  let onNews: (() => void) | undefined;
  const mark = (ids: Iterable<string>) => {
    const before = changed.size;
    for (const id of ids) changed.add(id);
    if (changed.size > before) onNews?.();
  };

  let socket: tls.TLSSocket | undefined;
  let stopped = true;
  let connected = false;
  let subscribed = false;
  let initialClk: string | undefined;
  let clk: string | undefined;
  let backoff = stream.backoffMs ?? 1000;
  let reconnectTimer: NodeJS.Timeout | undefined;
  let watchdog: NodeJS.Timeout | undefined;
  let lastMessageAt = 0;
  let reconnects = 0;
  let lagging = 0;
  let malformedLines = 0;
  let lastPublishAt: number | null = null;
  let refreshSession = false;
  let currentSession: string | undefined;
  /** Messages of a segmented image not yet ended. */
  let segment: MarketChangeMessage[] = [];
  let lastHeartbeat = 0;
  let naming = false;
  /** Markets the catalogue did not name: when each may be asked about again (feed clock, ms). */
  const askAgainAt = new Map<string, number>();

  const send = (message: object) => socket?.write(`${JSON.stringify(message)}\r\n`);

  function down(reason: string) {
    if (!stopped) log(`betfair stream: ${reason}`);
    connected = false;
    subscribed = false;
    segment = [];
    mark(translator.setDown(true));
  }

  function scheduleReconnect() {
    if (stopped || reconnectTimer) return;
    const wait = backoff;
    backoff = Math.min(backoff * 2, stream.maxBackoffMs ?? 30_000);
    reconnectTimer = setTimeout(() => {
      reconnectTimer = undefined;
      reconnects += 1;
      connect();
    }, wait);
  }

  function drop(reason: string) {
    const was = socket;
    socket = undefined;
    clearInterval(watchdog);
    watchdog = undefined;
    was?.destroy();
    down(reason);
    scheduleReconnect();
  }

  function applyChange(message: MarketChangeMessage) {
    if (message.initialClk !== undefined) initialClk = message.initialClk;
    if (message.clk !== undefined) clk = message.clk;
    lastPublishAt = message.pt;
    if (message.ct === 'HEARTBEAT') return;
    mark(cache.apply(message));
  }

  /** A subscription made anew, without clk: Betfair sends every market's image again. */
  function resubscribeFresh(reason: string) {
    initialClk = undefined;
    clk = undefined;
    drop(`${reason}: resubscribing for fresh images`);
  }

  function onMarketChange(message: MarketChangeMessage) {
    if (message.status === 503) {
      lagging += 1;
      log('betfair stream: status 503, the stream lags behind the exchange (connection kept)');
    }
    if (!subscribed) return;
    const type = message.segmentType;
    if (type === 'SEG_START') {
      segment = [message];
      return;
    }
    if (type === 'SEG') {
      segment.push(message);
      return;
    }
    const whole = type === 'SEG_END' ? [...segment, message] : [message];
    segment = [];
    const malformed = cache.malformed;
    for (const part of whole) applyChange(part);
    if (cache.malformed > malformed) {
      // The market is broken until its next image, which only a fresh subscription brings; that
      // sends every market's image, and each waits for its own (docs/feeds.md, "When things go
      // wrong").
      mark(cache.breakAll('a market change could not be applied'));
      resubscribeFresh('a market change could not be applied');
      return;
    }
    if (message.ct === 'SUB_IMAGE' || message.ct === 'RESUB_DELTA') {
      // The subscription's answer is whole (its last segment, if segmented): the cache is current
      // again, as of the clk it resumed from. Not before: a cut segment leaves the old prices.
      mark(translator.setDown(false));
    }
  }

  function onStatus(message: StatusMessage) {
    if (message.statusCode === 'SUCCESS') {
      if (message.id === 1) subscribe();
      else if (message.id === 2) {
        subscribed = true;
        backoff = stream.backoffMs ?? 1000;
        log(`betfair stream: subscribed${clk ? ' (resumed from its clk)' : ''}`);
      }
      return;
    }
    const code = message.errorCode ?? 'FAILURE';
    if (
      code === 'INVALID_SESSION_INFORMATION' ||
      code === 'NO_SESSION' ||
      code === 'NOT_AUTHORIZED'
    )
      refreshSession = true;
    drop(`refused: ${code}${message.errorMessage ? ` (${message.errorMessage})` : ''}`);
  }

  function subscribe() {
    send({
      op: 'marketSubscription',
      id: 2,
      ...(initialClk !== undefined && clk !== undefined ? { initialClk, clk } : {}),
      heartbeatMs: stream.heartbeatMs,
      conflateMs: stream.conflateMs,
      segmentationEnabled: true,
      marketFilter: {
        eventTypeIds: stream.eventTypes.map(String),
        marketTypes: [...stream.marketTypes],
      },
      marketDataFilter: {
        fields: ['EX_BEST_OFFERS', 'EX_MARKET_DEF', 'EX_LTP', 'EX_TRADED_VOL'],
        ladderLevels: LADDER_LEVELS,
      },
    });
  }

  function onLine(line: string) {
    if (line.trim() === '') return;
    lastMessageAt = Date.now();
    const parsed = parseStreamLine(line);
    if (!parsed.ok) {
      malformedLines += 1;
      log(
        `betfair stream: a line was not a message (${parsed.problem}); markets wait for a fresh image`,
      );
      mark(cache.breakAll('a malformed line'));
      resubscribeFresh('a malformed line');
      return;
    }
    const message: StreamMessage = parsed.message;
    if (message.op === 'connection') {
      void authenticate();
    } else if (message.op === 'status') onStatus(message);
    else if (message.op === 'mcm') onMarketChange(message);
  }

  async function authenticate() {
    // The session may take a while (a login): the connection it was for may be gone by then, and
    // another made, which authenticates for itself.
    const on = socket;
    try {
      currentSession = await options.session(refreshSession);
      refreshSession = false;
    } catch (error) {
      if (socket === on)
        drop(`no session: ${error instanceof Error ? error.message : String(error)}`);
      return;
    }
    if (socket === on)
      send({ op: 'authentication', id: 1, appKey: stream.appKey, session: currentSession });
  }

  function connect() {
    if (stopped) return;
    let buffer = '';
    let ca: Buffer | undefined;
    try {
      ca = stream.ca ? readFileSync(stream.ca) : undefined;
    } catch (error) {
      // A CA file gone since the start is a connection that failed, not a crash.
      down(`the CA file cannot be read: ${error instanceof Error ? error.message : String(error)}`);
      scheduleReconnect();
      return;
    }
    const next = tls.connect({
      host: stream.host,
      port: stream.port,
      // SNI names a host, never an address (RFC 6066; Node warns of it).
      ...(isIP(stream.host) ? {} : { servername: stream.host }),
      ...(ca ? { ca } : {}),
    });
    socket = next;
    next.setEncoding('utf8');
    next.setNoDelay(true);
    next.on('secureConnect', () => {
      connected = true;
      lastMessageAt = Date.now();
    });
    next.on('data', (chunk: string) => {
      buffer += chunk;
      let end = buffer.indexOf('\n');
      while (end >= 0) {
        const line = buffer.slice(0, end).replace(/\r$/, '');
        buffer = buffer.slice(end + 1);
        onLine(line);
        if (socket !== next) return;
        end = buffer.indexOf('\n');
      }
    });
    next.on('error', (error: Error) => {
      if (socket === next) drop(`connection error: ${error.message}`);
    });
    next.on('close', () => {
      if (socket === next) drop('connection closed');
    });
    lastMessageAt = Date.now();
    clearInterval(watchdog);
    // Silence for two heartbeats (or a handshake that never ends) counts as a cut.
    watchdog = setInterval(
      () => {
        const limit = subscribed ? 2 * stream.heartbeatMs : HANDSHAKE_MS;
        if (socket === next && Date.now() - lastMessageAt > limit)
          drop(`no message for ${limit} ms`);
      },
      Math.min(stream.heartbeatMs, 1000),
    );
  }

  function fetchNames(now: number) {
    const waiting = translator.takeWaiting();
    // Not asked at every tick about a market the catalogue did not name: it has a rate limit.
    const due = waiting.filter((id) => (askAgainAt.get(id) ?? 0) <= now);
    if (due.length === 0 || naming || !currentSession) {
      if (waiting.length > 0) mark(waiting);
      return;
    }
    mark(waiting.filter((id) => !due.includes(id)));
    naming = true;
    /** `unnamed` wait to be asked again; every market asked is translated anew. */
    const answered = (unnamed: readonly string[]) => {
      for (const id of unnamed) askAgainAt.set(id, now + NAMES_RETRY_MS);
      mark(due);
    };
    options
      .catalogue(currentSession, due)
      .then((found) => {
        for (const [id, entry] of found) {
          names.set(id, entry);
          askAgainAt.delete(id);
        }
        answered(due.filter((id) => !found.has(id)));
      })
      .catch((error: unknown) => {
        log(`betfair catalogue: ${error instanceof Error ? error.message : String(error)}`);
        answered(due);
      })
      .finally(() => {
        naming = false;
      });
  }

  return {
    name: 'betfair',
    tick(at) {
      const now = at.getTime();
      const updates: FeedUpdate[] = changed.size > 0 ? translator.updates(cache, [...changed]) : [];
      changed.clear();
      fetchNames(now);
      if (subscribed && now - lastHeartbeat >= options.heartbeatMs) {
        lastHeartbeat = now;
        const eventIds = translator.openEventIds();
        if (eventIds.length > 0) updates.push({ kind: 'heartbeat', eventIds });
      }
      return updates;
    },
    snapshot: () => translator.snapshot(),
    restore(saved) {
      if (saved && typeof saved === 'object' && 'settled' in saved)
        translator.restore(saved as Parameters<typeof translator.restore>[0]);
    },
    onNews(listener) {
      onNews = listener;
    },
    start() {
      if (!stopped) return;
      stopped = false;
      connect();
    },
    stop() {
      stopped = true;
      clearTimeout(reconnectTimer);
      reconnectTimer = undefined;
      clearInterval(watchdog);
      socket?.destroy();
      socket = undefined;
      connected = false;
      subscribed = false;
      segment = [];
    },
    status: () => ({
      connected: connected && subscribed,
      malformed: malformedLines + cache.malformed,
      crossed: translator.counts.crossed,
      skipped: translator.counts.skipped,
      reconnects,
      lagging,
      lastPublishAt,
    }),
  };
}
