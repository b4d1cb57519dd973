import { isDeepStrictEqual } from 'node:util';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { CRICKET_FILE, describeWithRecordings } from '../../../test/betfair-recordings.js';
import { startEsaServer, type EsaServer, type EsaServerOptions } from '../../../test/esa-server.js';
import type { FeedUpdate, PriceSize } from '../types.js';
import type { MarketChangeMessage } from './messages.js';
import { readRecordings } from './recording.js';
import { createStreamSource } from './stream.js';
import type { CatalogueNames, TranslateSettings } from './translate.js';

/*
 * The live adapter against a local Exchange Stream API server (test/esa-server.ts) playing the
 * recorded cricket match. These are socket tests on real timers: every wait polls `tick()` until
 * what it waits for holds, for a few seconds at most; nothing asserts on timing. Where a state
 * between a break and the reconnection is checked, the server refuses connections until the test
 * has seen it, so it is awaited, not hoped for (docs/testing.md, "Nothing by chance").
 */

const SETTINGS: TranslateSettings = {
  sizeRate: 100,
  eventTypes: [4, 1, 2],
  marketTypes: ['MATCH_ODDS'],
  maxStakeMatch: 500_000,
  maxStakeSession: 100_000,
};
const MARKET = '1.180305278';
const EVENT = 30339025;
const MUMBAI = 2696769;
const SAURASHTRA = 4297085;
/** Recorded messages applied before the first image: the day before, OPEN, both sides quoted. */
const AT = 1000;
const APP_KEY = 'test-app-key';
const SESSION = 'session-token';
const HEARTBEAT_MS = 500;

type MarketUpdate = Extract<FeedUpdate, { kind: 'market' }>;
type EventUpdate = Extract<FeedUpdate, { kind: 'event' }>;
type Book = Map<number, { back: readonly PriceSize[]; lay: readonly PriceSize[] }>;

/**
 * Each runner's best three backs and lays after the first `count` recorded messages, as plainly as
 * Betfair's rules say it (`atb`/`atl` set a price's size, 0 removes it), in hundredths and rupees.
 */
function bookAt(messages: readonly MarketChangeMessage[], count: number): Book {
  const runners = new Map<number, { atb: Map<number, number>; atl: Map<number, number> }>();
  for (const message of messages.slice(0, count)) {
    for (const change of message.mc ?? []) {
      for (const rc of change.rc ?? []) {
        const runner = runners.get(rc.id) ?? { atb: new Map(), atl: new Map() };
        runners.set(rc.id, runner);
        for (const [price, size] of rc.atb ?? []) {
          if (size === 0) runner.atb.delete(price);
          else runner.atb.set(price, size);
        }
        for (const [price, size] of rc.atl ?? []) {
          if (size === 0) runner.atl.delete(price);
          else runner.atl.set(price, size);
        }
      }
    }
  }
  const top = (ladder: Map<number, number>, descending: boolean) =>
    [...ladder]
      .sort((a, b) => (descending ? b[0] - a[0] : a[0] - b[0]))
      .slice(0, 3)
      .map(([price, size]) => ({
        price: Math.round(price * 100),
        size: Math.max(1, Math.round(size * 100)),
      }));
  return new Map(
    [...runners].map(([id, runner]) => [
      id,
      { back: top(runner.atb, true), lay: top(runner.atl, false) },
    ]),
  );
}

/** The market's quote as a book of runner → prices. */
const bookOf = (quote: MarketUpdate | undefined): Book =>
  new Map(
    quote?.runners.map((runner) => [runner.selectionId, { back: runner.back, lay: runner.lay }]),
  );

const shows = (quote: MarketUpdate | undefined, book: Book) =>
  quote?.status === 'ACTIVE' && isDeepStrictEqual(bookOf(quote), book);

const subscriptions = (server: EsaServer) =>
  server.received.filter((request) => request.op === 'marketSubscription');

let recording: readonly MarketChangeMessage[] = [];
let running: { server: EsaServer; stop: () => void } | undefined;

/** A server at `AT` of the recording and a started adapter on it, with what the adapter asked. */
async function open(
  serverOptions: Partial<EsaServerOptions> = {},
  session: (fresh: boolean) => string = () => SESSION,
  names: ReadonlyMap<string, CatalogueNames> = new Map(),
) {
  const server = await startEsaServer({
    messages: recording,
    at: AT,
    appKey: APP_KEY,
    session: SESSION,
    ...serverOptions,
  });
  const asked = { sessions: [] as boolean[], catalogue: [] as [string, readonly string[]][] };
  const logs: string[] = [];
  const source = createStreamSource({
    stream: {
      host: '127.0.0.1',
      port: server.port,
      appKey: APP_KEY,
      ca: server.ca,
      eventTypes: [4],
      marketTypes: ['MATCH_ODDS'],
      heartbeatMs: HEARTBEAT_MS,
      conflateMs: 0,
      backoffMs: 50,
      maxBackoffMs: 200,
    },
    settings: SETTINGS,
    session: (fresh) => {
      asked.sessions.push(fresh);
      return Promise.resolve(session(fresh));
    },
    catalogue: (token, ids) => {
      asked.catalogue.push([token, [...ids]]);
      return Promise.resolve(
        new Map(ids.flatMap((id) => (names.has(id) ? [[id, names.get(id)!]] : []))),
      );
    },
    heartbeatMs: 1000,
    log: (line) => logs.push(line),
  });
  running = { server, stop: () => source.stop() };
  source.start();

  /** Every update the adapter gave, in order. */
  const seen: FeedUpdate[] = [];
  const quotes = () => seen.filter((update): update is MarketUpdate => update.kind === 'market');
  const quote = () => quotes().at(-1);
  /** Ticks the adapter until `holds`, for five seconds at most. */
  async function until(what: string, holds: () => boolean) {
    const deadline = Date.now() + 5000;
    for (;;) {
      seen.push(...source.tick(new Date()));
      if (holds()) return;
      if (Date.now() > deadline)
        throw new Error(
          `waited 5 s for ${what}; last quote ${JSON.stringify(quote())}; log ${logs.join(' | ')}`,
        );
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
  return { server, source, asked, logs, seen, quotes, quote, until };
}

describeWithRecordings(
  [CRICKET_FILE],
  'the live Betfair stream against a local Exchange Stream API server',
  () => {
    beforeAll(async () => {
      recording = (await readRecordings([CRICKET_FILE], () => {})).messages;
    });

    afterEach(async () => {
      running?.stop();
      await running?.server.close();
      running = undefined;
    });

    it('authenticates with the app key and session, then subscribes to its event and market types with best offers three deep', async () => {
      const { server, until } = await open();
      await until('the subscription', () => server.received.length >= 2);
      expect(server.received).toEqual([
        { op: 'authentication', id: 1, appKey: APP_KEY, session: SESSION },
        {
          op: 'marketSubscription',
          id: 2,
          heartbeatMs: HEARTBEAT_MS,
          conflateMs: 0,
          segmentationEnabled: true,
          marketFilter: { eventTypeIds: ['4'], marketTypes: ['MATCH_ODDS'] },
          marketDataFilter: {
            fields: ['EX_BEST_OFFERS', 'EX_MARKET_DEF', 'EX_LTP', 'EX_TRADED_VOL'],
            ladderLevels: 3,
          },
        },
      ]);
    });

    it("shows the image as the event and an ACTIVE market with the recording's best three backs and lays, and moves them with each delta", async () => {
      const { server, source, seen, quote, until } = await open();
      await until('the image', () => shows(quote(), bookAt(recording, AT)));
      expect(
        seen.find((update): update is EventUpdate => update.kind === 'event')?.event,
      ).toMatchObject({
        eventId: EVENT,
        sportId: 4,
        name: 'Mumbai v Saurashtra',
        markets: [
          {
            marketId: MARKET,
            marketType: 'MATCH_ODDS',
            name: 'Match Odds',
            runners: [
              { selectionId: MUMBAI, name: 'Mumbai' },
              { selectionId: SAURASHTRA, name: 'Saurashtra' },
            ],
          },
        ],
      });
      expect(quote()).toMatchObject({ marketId: MARKET, status: 'ACTIVE', betDelayS: 0 });
      expect(bookOf(quote()).get(SAURASHTRA)).toEqual({
        back: [
          { price: 460, size: 921 },
          { price: 450, size: 1948 },
          { price: 430, size: 200 },
        ],
        lay: [
          { price: 500, size: 661 },
          { price: 510, size: 530 },
          { price: 520, size: 522 },
        ],
      });

      server.push(20);
      await until('the first 20 deltas', () => shows(quote(), bookAt(recording, AT + 20)));
      server.push(20);
      await until('20 more', () => shows(quote(), bookAt(recording, AT + 40)));
      expect(bookAt(recording, AT + 40)).not.toEqual(bookAt(recording, AT + 20));
      expect(source.status()).toMatchObject({
        connected: true,
        reconnects: 0,
        malformed: 0,
        lastPublishAt: recording[AT + 39]!.pt,
      });
    });

    it('suspends every market when the connection is cut, then resumes from its clk with a RESUB_DELTA and shows the new prices ACTIVE', async () => {
      const { server, source, quote, until } = await open();
      await until('the image', () => shows(quote(), bookAt(recording, AT)));

      server.refuse();
      server.cut();
      await until(
        'the markets suspended',
        () => quote()?.status === 'SUSPENDED' && !source.status().connected,
      );
      expect(quote()?.runners.map((runner) => runner.status)).toEqual(['SUSPENDED', 'SUSPENDED']);

      // The exchange moves on while the adapter is away.
      server.push(30);
      server.accept();
      await until('the resumed prices', () => shows(quote(), bookAt(recording, AT + 30)));
      expect(subscriptions(server).at(-1)).toMatchObject({
        initialClk: server.initialClk,
        clk: String(AT),
      });
      expect(server.sent.map((message) => message.ct)).toEqual(['SUB_IMAGE', 'RESUB_DELTA']);
      expect(source.status().connected).toBe(true);
      expect(source.status().reconnects).toBeGreaterThanOrEqual(1);
    });

    it('shows nothing of an image cut mid-way, and the whole image the reconnection brings', async () => {
      const { server, seen, quotes, quote, until } = await open({ segments: 3, cutMidImage: true });
      await until('a try refused after the cut', () => server.refused >= 1);
      expect(seen.filter((update) => update.kind !== 'heartbeat')).toEqual([]);

      server.accept();
      await until('the whole image', () => shows(quote(), bookAt(recording, AT)));
      expect(quotes()[0]).toEqual(quote());
      expect(subscriptions(server).at(-1)).not.toHaveProperty('clk');
      expect(server.sent.map((message) => message.segmentType)).toEqual([
        'SEG_START',
        'SEG',
        'SEG_START',
        'SEG',
        'SEG_END',
      ]);
    });

    it('shows no stale prices as ACTIVE while a segmented RESUB_DELTA is not yet whole', async () => {
      const { server, source, quotes, quote, until } = await open({ segments: 3 });
      await until('the image', () => shows(quote(), bookAt(recording, AT)));
      server.refuse();
      server.cut();
      await until('the markets suspended', () => quote()?.status === 'SUSPENDED');
      const suspendedAt = quotes().length;
      const reconnects = source.status().reconnects;

      // The exchange moves on; the resubscription's answer stops after SEG_START and one SEG, and
      // the adapter ticks on until it gives that connection up (two heartbeats of silence).
      server.push(30);
      server.stallMidImage();
      server.accept();
      await until(
        'the stalled connection given up',
        () => server.sent.length === 5 && source.status().reconnects > reconnects + 1,
      );
      expect(
        quotes()
          .slice(suspendedAt)
          .map((each) => each.status),
      ).not.toContain('ACTIVE');

      server.accept();
      await until('the resumed prices', () => shows(quote(), bookAt(recording, AT + 30)));
      expect(server.sent.slice(3).map((message) => `${message.ct} ${message.segmentType}`)).toEqual(
        [
          'RESUB_DELTA SEG_START',
          'RESUB_DELTA SEG',
          'RESUB_DELTA SEG_START',
          'RESUB_DELTA SEG',
          'RESUB_DELTA SEG_END',
        ],
      );
    });

    it('connects again by itself when the stream is silent past two heartbeats', async () => {
      const { server, source, quote, until } = await open();
      await until('the image', () => shows(quote(), bookAt(recording, AT)));

      server.refuse();
      server.silence();
      await until(
        'the silence noticed',
        () => source.status().reconnects >= 1 && quote()?.status === 'SUSPENDED',
      );
      server.accept();
      server.push(10);
      await until('the resumed prices', () => shows(quote(), bookAt(recording, AT + 10)));
      expect(server.connections).toBe(2);
      expect(subscriptions(server).at(-1)).toMatchObject({ clk: String(AT) });
    });

    it('counts a malformed line and shows no prices until a fresh image, which a subscription without clk brings', async () => {
      const { server, source, quote, until } = await open();
      await until('the image', () => shows(quote(), bookAt(recording, AT)));

      server.refuse();
      server.sendRaw('{"op":"mcm","pt":');
      await until('the markets broken', () => quote()?.status === 'SUSPENDED');
      expect(source.status().malformed).toBe(1);
      // The adapter dropped its connection; the exchange hears it a moment later. Until it
      // does, what it sends goes to a socket the adapter has closed.
      await until('the old connection closed', () => server.subscribers === 0);
      expect(quote()?.runners).toEqual([
        { selectionId: MUMBAI, status: 'SUSPENDED', back: [], lay: [] },
        { selectionId: SAURASHTRA, status: 'SUSPENDED', back: [], lay: [] },
      ]);

      server.push(10);
      server.accept();
      await until('the fresh image', () => shows(quote(), bookAt(recording, AT + 10)));
      const last = subscriptions(server).at(-1);
      expect(last).not.toHaveProperty('clk');
      expect(last).not.toHaveProperty('initialClk');
      expect(server.sent.map((message) => message.ct)).toEqual(['SUB_IMAGE', 'SUB_IMAGE']);
      expect(source.status()).toMatchObject({ connected: true, malformed: 1 });
    });

    it('resubscribes without clk for a fresh image when a market change cannot be applied, showing that market without prices meanwhile', async () => {
      const { server, source, quote, until } = await open();
      await until('the image', () => shows(quote(), bookAt(recording, AT)));

      server.refuse();
      // A line that reads, with a ladder entry that does not: only an image makes the market whole.
      server.sendRaw(
        JSON.stringify({
          op: 'mcm',
          id: 2,
          clk: server.clk,
          pt: recording[AT]!.pt,
          mc: [{ id: MARKET, rc: [{ id: MUMBAI, atb: [[1.5]] }] }],
        }),
      );
      await until(
        'the market broken',
        () => quote()?.status === 'SUSPENDED' && quote()?.runners[0]?.back.length === 0,
      );
      expect(source.status().malformed).toBe(1);
      await until('the old connection closed', () => server.subscribers === 0);

      server.push(10);
      server.accept();
      await until('the fresh image', () => shows(quote(), bookAt(recording, AT + 10)));
      expect(subscriptions(server).at(-1)).not.toHaveProperty('clk');
      expect(server.sent.map((message) => message.ct)).toEqual(['SUB_IMAGE', 'SUB_IMAGE']);
    });

    it('counts a 503 as lagging and keeps the connection', async () => {
      const { server, source, quote, until } = await open();
      await until('the image', () => shows(quote(), bookAt(recording, AT)));

      server.send503();
      server.push(5);
      await until('the next deltas', () => shows(quote(), bookAt(recording, AT + 5)));
      expect(source.status()).toMatchObject({ lagging: 1, reconnects: 0, connected: true });
      expect(server.connections).toBe(1);
    });

    it('asks for a fresh session when the exchange refuses the one it has, then subscribes', async () => {
      const { server, source, asked, quote, until } = await open({}, (fresh) =>
        fresh ? SESSION : 'expired',
      );
      await until('the image', () => shows(quote(), bookAt(recording, AT)));
      expect(asked.sessions).toEqual([false, true]);
      expect(
        server.received
          .filter((request) => request.op === 'authentication')
          .map((request) => request.session),
      ).toEqual(['expired', SESSION]);
      expect(subscriptions(server)).toHaveLength(1);
      expect(source.status()).toMatchObject({ connected: true, reconnects: 1 });
    });

    it('asks the catalogue again for a market it did not name no sooner than 30 s later, not at every tick', async () => {
      const { source, asked, seen, until } = await open({ stripNames: true });
      await until('the catalogue asked', () => asked.catalogue.length === 1);
      const start = Date.now();
      let ticks = 0;
      await until('fifty ticks', () => ++ticks === 50);
      expect(asked.catalogue).toEqual([[SESSION, [MARKET]]]);
      expect(seen.filter((update) => update.kind === 'event')).toEqual([]);
      // 30 s on, by the feed's clock: it is asked once more.
      source.tick(new Date(start + 31_000));
      source.tick(new Date(start + 31_000));
      expect(asked.catalogue).toEqual([
        [SESSION, [MARKET]],
        [SESSION, [MARKET]],
      ]);
    });

    it("asks the catalogue for the names the live stream lacks, and names the event with the catalogue's", async () => {
      const names: CatalogueNames = {
        eventName: 'Mumbai v Saurashtra (catalogue)',
        competition: 'Vijay Hazare Trophy',
        marketName: 'Match Odds (catalogue)',
        runners: new Map([
          [MUMBAI, 'Mumbai (catalogue)'],
          [SAURASHTRA, 'Saurashtra (catalogue)'],
        ]),
      };
      const { server, asked, seen, quote, until } = await open(
        { stripNames: true },
        undefined,
        new Map([[MARKET, names]]),
      );
      await until('the named event', () => seen.some((update) => update.kind === 'event'));
      await until('the image', () => shows(quote(), bookAt(recording, AT)));
      expect(server.sent[0]?.mc?.[0]?.marketDefinition).not.toHaveProperty('eventName');
      expect(asked.catalogue).toEqual([[SESSION, [MARKET]]]);
      expect(seen.filter((update) => update.kind === 'event')).toMatchObject([
        {
          event: {
            eventId: EVENT,
            name: 'Mumbai v Saurashtra (catalogue)',
            seriesName: 'Vijay Hazare Trophy',
            markets: [
              {
                marketId: MARKET,
                name: 'Match Odds (catalogue)',
                runners: [
                  { selectionId: MUMBAI, name: 'Mumbai (catalogue)' },
                  { selectionId: SAURASHTRA, name: 'Saurashtra (catalogue)' },
                ],
              },
            ],
          },
        },
      ]);
    });
  },
);
