import { describe, expect, it } from 'vitest';
import { createMemoryPriceBook } from './price-book.js';
import type { FeedSource } from './runner.js';
import { createScriptedSource, SCRIPTED_HEARTBEAT_MS } from './scripted.js';
import { HEARTBEAT_EVERY_MS } from './simulator/index.js';
import { createSimulatorSource } from './simulator-source.js';
import { FEED_TICK_MS, heartbeatEveryMs } from './start.js';

const START = Date.parse('2026-11-21T10:00:00Z');

/**
 * Plays `source` for `seconds` of ticks FEED_TICK_MS apart plus `lagMs` each (a step's own time),
 * with the priced book of every event it announces in a PriceBook of `staleS`, and returns every
 * moment a book read stale. Quiet books live on heartbeats alone.
 */
function staleMoments(source: FeedSource, staleS: number, seconds: number, lagMs: number) {
  const book = createMemoryPriceBook(staleS * 1000);
  const known = new Set<number>();
  const stale: string[] = [];
  for (let at = START; at < START + seconds * 1000; at += FEED_TICK_MS + lagMs) {
    for (const update of source.tick(new Date(at))) {
      if (update.kind === 'event' && !known.has(update.event.eventId)) {
        known.add(update.event.eventId);
        book.register(`q${update.event.eventId}`, update.event.eventId, at);
        book.putMarket(`q${update.event.eventId}`, 'ACTIVE', [], at);
      }
      if (update.kind === 'heartbeat') book.heartbeat(update.eventIds, at);
    }
    for (const eventId of known)
      if (book.market(`q${eventId}`, at)?.isStale) stale.push(`${eventId} at ${at - START} ms`);
  }
  return { stale, events: known.size };
}

describe('heartbeats and the stale window', () => {
  it('beats at most a third of the window apart, never faster than the ticks', () => {
    expect(heartbeatEveryMs(10, SCRIPTED_HEARTBEAT_MS)).toBe(SCRIPTED_HEARTBEAT_MS);
    expect(heartbeatEveryMs(10, HEARTBEAT_EVERY_MS)).toBe(HEARTBEAT_EVERY_MS);
    expect(heartbeatEveryMs(2, HEARTBEAT_EVERY_MS)).toBe(666);
    expect(heartbeatEveryMs(1, SCRIPTED_HEARTBEAT_MS)).toBe(FEED_TICK_MS);
  });

  // Regression: with FEED_STALE_S=2 the scripted feed beat every 2 s and the simulator every
  // 2.5 s, so every quiet market of a live feed went stale, and stayed suspended for good.
  it.each([2, 3, 10])('keeps a live scripted feed fresh with FEED_STALE_S=%i', (staleS) => {
    const source = createScriptedSource({
      start: new Date(START),
      heartbeatMs: heartbeatEveryMs(staleS, SCRIPTED_HEARTBEAT_MS),
      fixture: {
        steps: [
          {
            atMs: 0,
            update: {
              kind: 'event',
              event: {
                eventId: 5,
                sportId: 4,
                seriesName: 'Cup',
                name: 'A v B',
                startTime: new Date(START),
                markets: [],
                fancy: [],
                sessionMinStake: 100,
                sessionMaxStake: 100_000,
              },
            },
          },
        ],
      },
    });
    const { stale, events } = staleMoments(source, staleS, 30, 15);
    expect(events).toBe(1);
    expect(stale).toEqual([]);
  });

  it.each([2, 3, 10])('keeps a live simulator fresh with FEED_STALE_S=%i', (staleS) => {
    const source = createSimulatorSource({
      saved: undefined,
      seed: 9,
      speed: 1,
      start: new Date(START),
      heartbeatMs: heartbeatEveryMs(staleS, HEARTBEAT_EVERY_MS),
    });
    const { stale, events } = staleMoments(source, staleS, 30, 15);
    expect(events).toBeGreaterThan(0);
    expect(stale).toEqual([]);
  });

  it('shows the old rhythm failing the 2 s window', () => {
    const source = createSimulatorSource({
      saved: undefined,
      seed: 9,
      speed: 1,
      start: new Date(START),
    });
    expect(staleMoments(source, 2, 30, 15).stale.length).toBeGreaterThan(0);
  });
});
