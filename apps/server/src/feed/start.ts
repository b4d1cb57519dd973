import type { HouseMargins } from '@backlay/domain';
import type { BetfairConfig } from '../config.js';
import type { Db } from '../db/pool.js';
import type { Clock } from '../seams.js';
import { createFeedApplier, seqsOf, type FeedBooks } from './applier.js';
import { certLogin, marketCatalogue } from './betfair/betfair-api.js';
import { readRecordings } from './betfair/recording.js';
import { createReplaySource } from './betfair/replay.js';
import { createStreamSource } from './betfair/stream.js';
import type { TranslateSettings } from './betfair/translate.js';
import { createFeedBooks, type FeedControl, type FeedName } from './control.js';
import * as q from './feed.queries.js';
import { loadFixture } from './fixture-file.js';
import { follow, type FeedReplica } from './replica.js';
import { createFeedRunner, runFeed, type FeedSource } from './runner.js';
import { createScriptedSource, SCRIPTED_HEARTBEAT_MS, type ScriptedSnapshot } from './scripted.js';
import {
  DEFAULT_MAX_STAKE_MATCH,
  DEFAULT_MAX_STAKE_SESSION,
  HEARTBEAT_EVERY_MS,
} from './simulator/index.js';
import { createSimulatorSource } from './simulator-source.js';
import type { FeedUpdate, ResultDeclaration } from './types.js';

/** How often the feed ticks, and how often its state is saved. */
export const FEED_TICK_MS = 500;
export const FEED_SAVE_MS = 5000;
/** How often a follower tries for the feed lock: a dead leader's feed moves within a second. */
export const FEED_RETRY_MS = 1000;

/**
 * Real ms between a source's heartbeats for a stale window of `staleS`: its usual rhythm, but at
 * most a third of the window (and no faster than the ticks). A book that misses the window stays
 * suspended until fresh prices (docs/decisions.md#money), so a heartbeat as slow as the window itself (the
 * simulator's 2.5 s with FEED_STALE_S=2) would suspend every quiet market of a live feed for good.
 */
export function heartbeatEveryMs(staleS: number, usualMs: number): number {
  return Math.max(FEED_TICK_MS, Math.min(usualMs, Math.floor((staleS * 1000) / 3)));
}

export interface StartedFeed {
  readonly control: FeedControl;
  stop(): Promise<void>;
}

/** Starts the feed docs/decisions.md#feed chooses with FEED, resuming its saved state. */
export async function startFeed(options: {
  feed: FeedName;
  staleS: number;
  /** The house's margins: what the simulator quotes with and the books hold every quote to. */
  margins?: HouseMargins;
  fixture: string | undefined;
  simSpeed: number;
  simSeed: number | undefined;
  /** FEED=betfair and betfair-file (docs/feeds.md). */
  betfair?: BetfairConfig;
  db: Db;
  databaseUrl: string;
  clock: Clock;
  seed: () => number;
  log: (message: string) => void;
  settle?: (declaration: ResultDeclaration) => Promise<void>;
  /** The books to fill, shared with the services that read them; new ones when absent. */
  books?: FeedBooks;
  /** Hears every applied batch of updates (the hub's pushes). */
  notify?: (updates: readonly FeedUpdate[]) => Promise<void>;
  /**
   * With several instances: the leader's books reach the others through it, and each of them
   * tries for the lead every {@link FEED_RETRY_MS} (docs/scaling.md, "The feed leader").
   */
  replica?: FeedReplica;
}): Promise<StartedFeed> {
  const { db, clock, log, replica } = options;
  const books = options.books ?? createFeedBooks(options.staleS, options.margins);
  const { priceBook, scores } = books;
  if (options.feed === 'none') {
    return {
      control: { name: 'none', priceBook, scores, isLeader: () => false },
      stop: async () => {},
    };
  }
  const now = clock.now();
  for (const market of await q.openMarkets(db))
    priceBook.register(
      market.marketId,
      market.eventId,
      now.getTime(),
      market.runners,
      market.marketType,
    );

  const saved = await q.loadState(db, options.feed);
  let source: FeedSource;
  let scripted: ReturnType<typeof createScriptedSource> | undefined;
  let replay: ReturnType<typeof createReplaySource> | undefined;
  let live: ReturnType<typeof createStreamSource> | undefined;
  const betfair = options.betfair;
  const translate = (config: BetfairConfig): TranslateSettings => ({
    sizeRate: config.sizeRate,
    eventTypes: config.eventTypes,
    marketTypes: config.marketTypes,
    maxStakeMatch: DEFAULT_MAX_STAKE_MATCH,
    maxStakeSession: DEFAULT_MAX_STAKE_SESSION,
  });
  if (options.feed === 'betfair-file') {
    if (!betfair || betfair.files.length === 0)
      throw new Error('FEED=betfair-file needs BETFAIR_FILES');
    const recording = await readRecordings(betfair.files, log);
    log(
      `Replaying ${recording.messages.length} Betfair messages from ${betfair.files.length} file(s) at ${betfair.replaySpeed === 0 ? 'full' : `${betfair.replaySpeed}×`} speed${betfair.replayUntil === undefined ? '' : `, held at ${new Date(betfair.replayUntil).toISOString()}`}`,
    );
    replay = createReplaySource({
      files: betfair.files,
      messages: recording.messages,
      malformed: recording.malformed,
      speed: betfair.replaySpeed,
      until: betfair.replayUntil,
      settings: translate(betfair),
      heartbeatMs: heartbeatEveryMs(options.staleS, HEARTBEAT_EVERY_MS),
      log,
    });
    if (saved !== undefined) replay.restore(saved);
    source = replay;
  } else if (options.feed === 'betfair') {
    if (!betfair?.appKey) throw new Error('FEED=betfair needs BETFAIR_APP_KEY');
    const api = {
      appKey: betfair.appKey,
      loginUrl: betfair.loginUrl,
      apiUrl: betfair.apiUrl,
      ca: betfair.ca,
    };
    let token = betfair.session;
    live = createStreamSource({
      stream: {
        host: betfair.streamHost,
        port: betfair.streamPort,
        appKey: betfair.appKey,
        ca: betfair.ca,
        eventTypes: betfair.eventTypes,
        marketTypes: betfair.marketTypes,
        heartbeatMs: betfair.heartbeatMs,
        conflateMs: betfair.conflateMs,
      },
      settings: translate(betfair),
      session: async (fresh) => {
        if (token && !(fresh && betfair.login)) return token;
        if (!betfair.login)
          throw new Error('the session was refused and no certificate login is set');
        token = await certLogin(api, betfair.login);
        return token;
      },
      catalogue: (session, ids) => marketCatalogue(api, session, ids),
      heartbeatMs: heartbeatEveryMs(options.staleS, HEARTBEAT_EVERY_MS),
      log,
    });
    if (saved !== undefined) live.restore(saved);
    source = live;
  } else if (options.feed === 'scripted') {
    const fixture = options.fixture ? await loadFixture(options.fixture, now) : undefined;
    scripted = createScriptedSource({
      start: now,
      fixture,
      snapshot: saved as ScriptedSnapshot | undefined,
      heartbeatMs: heartbeatEveryMs(options.staleS, SCRIPTED_HEARTBEAT_MS),
    });
    source = scripted;
  } else {
    source = createSimulatorSource({
      saved,
      seed: options.simSeed ?? options.seed(),
      speed: options.simSpeed,
      start: now,
      heartbeatMs: heartbeatEveryMs(options.staleS, HEARTBEAT_EVERY_MS),
      margins: options.margins,
    });
  }

  const applier = createFeedApplier({
    db,
    priceBook,
    scores,
    source: options.feed === 'betfair-file' ? 'betfair' : options.feed,
    log,
    ...(options.settle ? { settle: options.settle } : {}),
    notify: async (updates, at) => {
      replica?.publish({
        kind: 'batch',
        at: at.getTime(),
        updates,
        seqs: seqsOf(books, updates, at.getTime()),
      });
      await options.notify?.(updates);
    },
  });
  const runner = createFeedRunner({ db, source, applier, clock });
  let leading = false;
  // Followers hear the leader's batches; the leader ignores any a dead leader sent late.
  replica?.onMessage((message) => {
    if (!leading) follow(books, message);
  });
  const running = await runFeed({
    databaseUrl: options.databaseUrl,
    runner,
    clock,
    intervalMs: FEED_TICK_MS,
    saveEveryMs: FEED_SAVE_MS,
    log,
    ...(replica ? { retryMs: FEED_RETRY_MS } : {}),
    ...(live ? { wake: (kick: () => void) => live.onNews(kick) } : {}),
    onLeading: (now) => {
      leading = now;
      // The live stream runs on the feed leader alone; followers replicate its books.
      if (now) live?.start();
      else live?.stop();
    },
  });
  const handOver = replica
    ? setInterval(() => {
        if (leading) replica.publish({ kind: 'books', books: priceBook.dump() });
      }, FEED_SAVE_MS)
    : undefined;
  return {
    control: {
      name: options.feed,
      priceBook,
      scores,
      isLeader: () => running.isLeader,
      ...(replica ? { isFollower: () => !running.isLeader } : {}),
      ...(scripted ? { scripted: { runner, source: scripted } } : {}),
      ...(replay ? { replay: replay.replay } : {}),
      ...(replay ? { provider: () => replay.replay.provider() } : {}),
      ...(live ? { provider: () => live.status() } : {}),
    },
    stop: async () => {
      clearInterval(handOver);
      live?.stop();
      await running.stop();
    },
  };
}
