import { expect, it } from 'vitest';
import {
  CRICKET_FILE,
  describeWithRecordings,
  recordingPath,
  recordingsMissing,
  referenceBook,
  type ReferenceSide,
  RECORDINGS_DIR,
} from '../../../test/betfair-recordings.js';
import type { FeedUpdate, RunnerQuote } from '../types.js';
import { readRecordings } from './recording.js';
import { createReplaySource } from './replay.js';
import type { TranslateSettings } from './translate.js';

const SETTINGS: TranslateSettings = {
  sizeRate: 100,
  eventTypes: [4, 1, 2],
  marketTypes: ['MATCH_ODDS'],
  maxStakeMatch: 500_000,
  maxStakeSession: 100_000,
};
const MUMBAI = 2696769;
const SAURASHTRA = 4297085;
const OFF = Date.parse('2021-03-09T03:30:01.183Z');
const SUSPENDED_AT = Date.parse('2021-03-09T10:49:17.789Z');
const CLOSED_AT = Date.parse('2021-03-09T10:50:49.991Z');

/** The reference's side in the feed's units: hundredths, sizes × 100 rounded, at least 1. */
const feedUnits = (side: ReferenceSide) =>
  side.map(([price, size]) => ({
    price: Math.round(price * 100),
    size: Math.max(1, Math.round(size * 100)),
  }));

async function replayHeldAt(files: string[], until: number | undefined, speed = 0) {
  const recording = await readRecordings(files, () => {});
  const logs: string[] = [];
  const source = createReplaySource({
    files,
    messages: recording.messages,
    malformed: recording.malformed,
    speed,
    until,
    settings: SETTINGS,
    heartbeatMs: 1000,
    log: (line) => logs.push(line),
  });
  return { source, logs, recording };
}

/** The last market update of each market in these batches. */
function lastQuotes(batches: FeedUpdate[][]) {
  const quotes = new Map<string, Extract<FeedUpdate, { kind: 'market' }>>();
  for (const update of batches.flat())
    if (update.kind === 'market') quotes.set(update.marketId, update);
  return quotes;
}

const prices = (runner: RunnerQuote | undefined) => ({ back: runner?.back, lay: runner?.lay });

describeWithRecordings([CRICKET_FILE], 'the Betfair replay of the recorded cricket match', () => {
  it('holds at any chosen moment with the best three backs and lays an independent cache of the file gives', async () => {
    // Moments before the off, in play, at the suspension: the file's own and some in between.
    for (const until of [
      Date.parse('2021-03-08T12:00:00Z'),
      OFF - 1,
      OFF + 3_600_000,
      Date.parse('2021-03-09T08:17:42Z'),
      SUSPENDED_AT,
    ]) {
      const { source } = await replayHeldAt([CRICKET_FILE], until);
      const quote = lastQuotes([source.tick(new Date(0))]).get('1.180305278');
      const reference = referenceBook(CRICKET_FILE, until).get('1.180305278')!;
      for (const runnerId of [MUMBAI, SAURASHTRA]) {
        const { back, lay } = reference.get(runnerId)!;
        const expected = { back: feedUnits(back), lay: feedUnits(lay) };
        const shown = quote?.runners.find((runner) => runner.selectionId === runnerId);
        expect(prices(shown), `${new Date(until).toISOString()} ${runnerId}`).toEqual(expected);
      }
      expect(source.replay.status().heldAt).toBe(until);
      expect(source.replay.status().replayAt).toBeLessThanOrEqual(until);
    }
  });

  it('is not in play before the off, in play with a 5 s bet delay after it, suspended at its suspension, and settles Mumbai once', async () => {
    const { source } = await replayHeldAt([CRICKET_FILE], OFF - 1);
    const before = source.tick(new Date(0));
    expect(before.find((update) => update.kind === 'event')).toMatchObject({
      event: {
        eventId: 30339025,
        sportId: 4,
        name: 'Mumbai v Saurashtra',
        markets: [
          {
            marketId: '1.180305278',
            marketType: 'MATCH_ODDS',
            runners: [
              { selectionId: MUMBAI, name: 'Mumbai' },
              { selectionId: SAURASHTRA, name: 'Saurashtra' },
            ],
          },
        ],
      },
    });
    expect(before.some((update) => update.kind === 'eventStatus')).toBe(false);
    expect(lastQuotes([before]).get('1.180305278')).toMatchObject({
      status: 'ACTIVE',
      betDelayS: 0,
    });

    expect(source.replay.holdUntil(OFF + 1000)).toEqual({ ok: true });
    const off = source.tick(new Date(1));
    expect(off).toContainEqual({ kind: 'eventStatus', eventId: 30339025, status: 'inplay' });
    expect(lastQuotes([off]).get('1.180305278')).toMatchObject({
      status: 'ACTIVE',
      betDelayS: 5,
    });

    source.replay.holdUntil(SUSPENDED_AT);
    expect(lastQuotes([source.tick(new Date(2))]).get('1.180305278')?.status).toBe('SUSPENDED');
    // A hold point never moves back.
    expect(source.replay.holdUntil(OFF)).toMatchObject({ ok: false });

    source.replay.holdUntil(CLOSED_AT + 60_000);
    const closed = source.tick(new Date(3));
    expect(closed.filter((update) => update.kind === 'result')).toEqual([
      {
        kind: 'result',
        declaration: { kind: 'market', marketId: '1.180305278', winnerSelectionId: MUMBAI },
      },
    ]);
    expect(closed).toContainEqual({ kind: 'eventStatus', eventId: 30339025, status: 'closed' });
    expect(source.tick(new Date(4)).filter((update) => update.kind === 'result')).toEqual([]);
    expect(source.replay.status()).toMatchObject({ applied: 7685, total: 7685, malformed: 0 });
  });

  it('plays at its speed on the replay clock: 60× moves a minute of the file in a second', async () => {
    const { source, recording } = await replayHeldAt([CRICKET_FILE], undefined, 60);
    const first = recording.messages[0]!.pt;
    source.tick(new Date(1_000_000));
    expect(source.replay.status().replayAt).toBe(first);
    source.tick(new Date(1_001_000));
    const at = source.replay.status().replayAt!;
    expect(at).toBeGreaterThanOrEqual(first);
    expect(at).toBeLessThanOrEqual(first + 60_000);
    const next = recording.messages.find((message) => message.pt > first + 60_000);
    expect(recording.messages.filter((message) => message.pt <= first + 60_000).length).toBe(
      source.replay.status().applied,
    );
    expect(next).toBeDefined();
  });

  it('resumes a saved replay where the last leader was, without settling again', async () => {
    const { source } = await replayHeldAt([CRICKET_FILE], CLOSED_AT + 1);
    source.tick(new Date(0));
    const saved = JSON.parse(JSON.stringify(source.snapshot())) as unknown;
    const { source: next } = await replayHeldAt([CRICKET_FILE], undefined);
    next.restore(saved);
    const resumed = next.tick(new Date(10));
    expect(next.replay.status().replayAt).toBe(CLOSED_AT);
    expect(resumed.filter((update) => update.kind === 'result')).toEqual([]);
  });
});

describeWithRecordings([RECORDINGS_DIR], 'every shared recording, end to end', () => {
  it('shows no crossed book at any moment and reads every line', async () => {
    for (const name of [
      '1-180305278.bz2',
      '1.145405534.bz2',
      '1.185781277.bz2',
      '1.223716976.bz2',
    ]) {
      const path = recordingPath(name);
      if (recordingsMissing(path)) continue;
      const { source, recording } = await replayHeldAt([path], 0);
      // Held at every publish time in turn: each message's book is shown as it stood.
      let shown = 0;
      for (const [tick, message] of recording.messages.entries()) {
        source.replay.holdUntil(message.pt);
        for (const update of source.tick(new Date(tick))) {
          if (update.kind !== 'market' || update.status !== 'ACTIVE') continue;
          shown += 1;
          for (const runner of update.runners) {
            const back = runner.back[0]?.price;
            const lay = runner.lay[0]?.price;
            if (back !== undefined && lay !== undefined) expect(back, name).toBeLessThan(lay);
          }
        }
      }
      expect(source.replay.status(), name).toMatchObject({
        malformed: 0,
        applied: recording.messages.length,
      });
      // The horse race (eventTypeId 7) is not a sport Backlay lists, and both teams to score not a
      // market type it trades: nothing of them is shown, and nothing of them fails.
      if (name === '1.185781277.bz2' || name === '1.145405534.bz2') expect(shown, name).toBe(0);
      else expect(shown, name).toBeGreaterThan(0);
    }
  });
});
