import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FeedUpdate, RunnerQuote, SportId } from '../types.js';
import { ladderHas } from './ladder.js';
import { simulatedMarketIdParse } from './markets.js';
import {
  createSimulator,
  HEARTBEAT_EVERY_MS,
  restoreSimulator,
  type Simulator,
} from './simulator.js';
import type { SimulatorSnapshot } from './state.js';

const START = Date.parse('2030-03-01T12:00:00Z');

/** Ticks `simulator` at START + each offset (real ms) and returns each tick's updates. */
function run(simulator: Simulator, offsets: readonly number[]): FeedUpdate[][] {
  return offsets.map((offset) => simulator.tick(new Date(START + offset)));
}

const every = (stepMs: number, count: number, from = 0): number[] =>
  Array.from({ length: count }, (_, i) => from + (i + 1) * stepMs);

const withoutHeartbeats = (ticks: readonly FeedUpdate[][]): FeedUpdate[] =>
  ticks.flat().filter((u) => u.kind !== 'heartbeat');

/** 12 simulated hours: speed 600, a tick every real second. */
const LONG_TICKS = every(1000, 72);
const long = (() => {
  const simulator = createSimulator({ seed: 2024, speed: 600, start: new Date(START) });
  const ticks = run(simulator, LONG_TICKS);
  return { ticks, snapshot: simulator.snapshot() };
})();

describe('simulator', () => {
  it('announces the schedule first: events, then their status, prices and rows', () => {
    const [first = []] = run(createSimulator({ seed: 1, speed: 1, start: new Date(START) }), [0]);
    const kinds = first.map((u) => u.kind);
    expect(kinds[0]).toBe('event');
    expect(kinds).toContain('eventStatus');
    expect(kinds).toContain('market');
    expect(kinds).toContain('fancy');
    expect(kinds[kinds.length - 1]).toBe('heartbeat');
  });

  it('replays the same prices and scores from the same seed and clock', () => {
    const offsets = every(500, 240);
    const a = run(createSimulator({ seed: 77, speed: 60, start: new Date(START) }), offsets);
    const b = run(createSimulator({ seed: 77, speed: 60, start: new Date(START) }), offsets);
    const c = run(createSimulator({ seed: 78, speed: 60, start: new Date(START) }), offsets);
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    expect(JSON.stringify(a)).not.toBe(JSON.stringify(c));
    expect(a.flat().filter((u) => u.kind === 'score').length).toBeGreaterThan(100);
  });

  it('plays the same match whatever the tick rhythm (heartbeats aside)', () => {
    const reference = withoutHeartbeats(
      run(createSimulator({ seed: 5, speed: 60, start: new Date(START) }), every(500, 240)),
    );
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 4000 }), { minLength: 1, maxLength: 60 }),
        (gaps) => {
          const offsets: number[] = [];
          let at = 0;
          while (at < 120_000) {
            at = Math.min(120_000, at + (gaps[offsets.length % gaps.length] ?? 500));
            offsets.push(at);
          }
          const other = withoutHeartbeats(
            run(createSimulator({ seed: 5, speed: 60, start: new Date(START) }), offsets),
          );
          expect(JSON.stringify(other)).toBe(JSON.stringify(reference));
        },
      ),
      { numRuns: 8 },
    );
  });

  it('resumes exactly from a snapshot, through JSON', () => {
    for (const cut of [0, 1, 37, 150]) {
      const offsets = every(500, 200);
      const original = createSimulator({ seed: 11, speed: 60, start: new Date(START) });
      run(original, offsets.slice(0, cut));
      const saved = JSON.parse(JSON.stringify(original.snapshot())) as SimulatorSnapshot;
      const restored = restoreSimulator(saved);
      const rest = offsets.slice(cut);
      expect(JSON.stringify(run(restored, rest))).toBe(JSON.stringify(run(original, rest)));
    }
  });

  it('keeps its snapshot plain JSON and leaves a restored snapshot untouched', () => {
    const snapshot = long.snapshot;
    expect(JSON.parse(JSON.stringify(snapshot))).toEqual(snapshot);
    const before = JSON.stringify(snapshot);
    restoreSimulator(snapshot).tick(new Date(START + 80_000));
    expect(JSON.stringify(snapshot)).toBe(before);
  });

  it('keeps at least 6 cricket, 4 soccer and 4 tennis events open across 3 series each, some in play and some upcoming, for 12 hours', () => {
    const open = new Map<number, { sportId: SportId; series: string; status: string }>();
    let lastId = 0;
    long.ticks.forEach((updates, tick) => {
      for (const update of updates) {
        if (update.kind === 'event') {
          expect(update.event.eventId).toBeGreaterThan(lastId);
          lastId = update.event.eventId;
          open.set(update.event.eventId, {
            sportId: update.event.sportId,
            series: update.event.seriesName,
            status: 'upcoming',
          });
        }
        if (update.kind === 'eventStatus') {
          const event = open.get(update.eventId);
          if (update.status === 'closed') open.delete(update.eventId);
          else if (event !== undefined) event.status = update.status;
        }
      }
      for (const [sportId, floor] of [
        [4, 6],
        [1, 4],
        [2, 4],
      ] as const) {
        const events = [...open.values()].filter((e) => e.sportId === sportId);
        expect(events.length).toBeGreaterThanOrEqual(floor);
        expect(new Set(events.map((e) => e.series)).size).toBeGreaterThanOrEqual(3);
        expect(events.some((e) => e.status === 'upcoming')).toBe(true);
        if (tick >= 2) expect(events.some((e) => e.status === 'inplay')).toBe(true);
      }
    });
    const closed = long.ticks
      .flat()
      .filter((u) => u.kind === 'eventStatus' && u.status === 'closed');
    expect(closed.length).toBeGreaterThan(30);
    expect(long.snapshot.events.map((e) => e.eventId).sort()).toEqual([...open.keys()].sort());
  });

  it('declares every market and session it offered exactly once, and quotes nothing but CLOSED after', () => {
    const offered = new Map<string, number>();
    const declared = new Map<string, number>();
    const closedEvents = new Set<number>();
    for (const update of long.ticks.flat()) {
      switch (update.kind) {
        case 'event':
          for (const market of update.event.markets)
            offered.set(market.marketId, update.event.eventId);
          for (const row of update.event.fancy) offered.set(row.selectionId, update.event.eventId);
          break;
        case 'result': {
          const d = update.declaration;
          const id = d.kind === 'market' || d.kind === 'void-market' ? d.marketId : d.selectionId;
          expect(offered.has(id), id).toBe(true);
          expect(declared.has(id), `declared twice: ${id}`).toBe(false);
          declared.set(id, 1);
          break;
        }
        case 'market':
          if (declared.has(update.marketId)) expect(update.status).toBe('CLOSED');
          break;
        case 'fancy':
          for (const row of update.rows) expect(declared.has(row.selectionId)).toBe(false);
          break;
        case 'eventStatus':
          if (update.status === 'closed') closedEvents.add(update.eventId);
          break;
        case 'score':
        case 'heartbeat':
          break;
      }
    }
    for (const [id, eventId] of offered) {
      if (closedEvents.has(eventId)) expect(declared.has(id), id).toBe(true);
    }
    expect(declared.size).toBeGreaterThan(300);
  });

  it('prices the exchange markets and toss on the ladder with back below lay, bookmaker in whole odds, sizes positive', () => {
    let quotes = 0;
    const kinds = new Set<string>();
    // Problems are collected, not asserted one by one: the run quotes several hundred thousand levels.
    const problems: string[] = [];
    for (const update of long.ticks.flat()) {
      if (update.kind !== 'market' || update.status !== 'ACTIVE') continue;
      const kind = simulatedMarketIdParse(update.marketId)?.kind;
      if (kind === undefined) problems.push(`${update.marketId}: not a market id`);
      else kinds.add(kind);
      for (const runner of update.runners) {
        quotes += 1;
        const back = runner.back[0]?.price ?? 0;
        const lay = runner.lay[0]?.price ?? 0;
        if (!(back < lay)) problems.push(`${update.marketId}: back ${back} not below lay ${lay}`);
        for (const level of [...runner.back, ...runner.lay]) {
          if (!(Number.isInteger(level.size) && level.size > 0))
            problems.push(`${update.marketId}: size ${level.size}`);
          const isPrice =
            kind === 'BOOKMAKER'
              ? Number.isInteger(level.price) && level.price >= 1
              : ladderHas(level.price);
          if (!isPrice) problems.push(`${update.marketId}: price ${level.price}`);
        }
      }
    }
    expect(problems.slice(0, 5)).toEqual([]);
    expect(quotes).toBeGreaterThan(10_000);
    expect([...kinds].sort()).toEqual([
      'BOOKMAKER',
      'COMPLETED_MATCH',
      'MATCH_ODDS',
      'OVER_UNDER_15',
      'OVER_UNDER_25',
      'OVER_UNDER_35',
      'SET_WINNER',
      'TIED_MATCH',
      'TOSS',
    ]);
  });

  it('suspends soccer match odds around a goal and reopens them with fresh prices', () => {
    const all = long.ticks.flat();
    let goals = 0;
    all.forEach((update, i) => {
      if (update.kind !== 'score' || !update.score.commentary.includes('GOAL')) return;
      goals += 1;
      const marketId = `1.${update.eventId}`;
      const following = all
        .slice(i + 1)
        .filter((u) => u.kind === 'market' && u.marketId === marketId);
      expect(following[0]).toMatchObject({ status: 'SUSPENDED' });
      // A goal in the run's last seconds has no reopening yet.
      if (following.length > 1) expect(following[1]).toMatchObject({ status: 'ACTIVE' });
    });
    expect(goals).toBeGreaterThan(10);
  });

  it('beats for every open event at least every 3 real seconds', () => {
    const simulator = createSimulator({ seed: 3, speed: 1, start: new Date(START) });
    let lastBeat = START;
    for (const offset of every(500, 60)) {
      const updates = simulator.tick(new Date(START + offset));
      const beat = updates.find((u) => u.kind === 'heartbeat');
      if (beat?.kind === 'heartbeat') {
        expect(beat.eventIds).toEqual(
          simulator
            .snapshot()
            .events.map((e) => e.eventId)
            .sort((a, b) => a - b),
        );
        lastBeat = START + offset;
      }
      expect(START + offset - lastBeat).toBeLessThanOrEqual(3000);
    }
    expect(HEARTBEAT_EVERY_MS).toBeLessThan(3000);
  });

  it('plays at most 15 simulated minutes in one tick after a long pause', () => {
    const simulator = createSimulator({ seed: 4, speed: 60, start: new Date(START) });
    simulator.tick(new Date(START + 1000));
    const before = simulator.snapshot().simMs;
    simulator.tick(new Date(START + 10 * 3600_000));
    expect(simulator.snapshot().simMs - before).toBe(15 * 60_000);
  });
});

describe('the opening board', () => {
  const opening = () => {
    const simulator = createSimulator({ seed: 31, speed: 1, start: new Date(START) });
    const [first = []] = run(simulator, [0]);
    return { simulator, first };
  };
  const statuses = (updates: readonly FeedUpdate[]) =>
    new Map(
      updates.flatMap((u) => (u.kind === 'eventStatus' ? [[u.eventId, u.status] as const] : [])),
    );
  const sportOf = (updates: readonly FeedUpdate[]) =>
    new Map(
      updates.flatMap((u) =>
        u.kind === 'event' ? [[u.event.eventId, u.event.sportId] as const] : [],
      ),
    );
  const scores = (updates: readonly FeedUpdate[]) =>
    updates.flatMap((u) => (u.kind === 'score' ? [{ eventId: u.eventId, score: u.score }] : []));

  it('shows matches in play at once: a T20 in its 14th over, a soccer match in the second half, a tennis match in the third set', () => {
    const { first } = opening();
    const inPlay = [...statuses(first)].filter(([, status]) => status === 'inplay');
    const sports = sportOf(first);
    for (const sport of [4, 1, 2]) {
      expect(inPlay.filter(([id]) => sports.get(id) === sport).length).toBeGreaterThanOrEqual(2);
    }
    const cricket = scores(first).flatMap(({ score }) => (score.kind === 'cricket' ? [score] : []));
    expect(
      cricket.some(
        (score) => score.innings.length === 1 && score.innings[0]?.overs.startsWith('13.'),
      ),
    ).toBe(true);
    expect(cricket.some((score) => score.innings.length === 2)).toBe(true);
    const others = scores(first).flatMap(({ score }) => (score.kind === 'cricket' ? [] : [score]));
    expect(others.some((score) => score.kind === 'soccer' && score.currentSet > 45)).toBe(true);
    expect(others.some((score) => score.kind === 'tennis' && score.currentSet === 3)).toBe(true);
  });

  it('starts the rest over the next minutes, and a match in play offers no toss and no declared session', () => {
    const { first } = opening();
    const status = statuses(first);
    const announced = first.flatMap((u) => (u.kind === 'event' ? [u.event] : []));
    const upcomingStarts = announced
      .filter((event) => status.get(event.eventId) === 'upcoming')
      .map((event) => (event.startTime.getTime() - START) / 60_000);
    expect(Math.min(...upcomingStarts)).toBeLessThanOrEqual(2);
    expect(upcomingStarts.filter((minutes) => minutes <= 15).length).toBeGreaterThanOrEqual(6);
    for (const event of announced.filter((e) => status.get(e.eventId) === 'inplay')) {
      expect(event.startTime.getTime()).toBeLessThan(START);
      expect(event.markets.map((m) => m.marketType)).not.toContain('TOSS');
    }
    const cricket = announced.filter((e) => e.sportId === 4);
    for (const event of cricket.filter((e) => status.get(e.eventId) === 'upcoming'))
      expect(event.markets.map((m) => m.marketType)).toContain('TOSS');
  });

  it('bowls, scores or serves within seconds and moves in-play best prices or sizes within 15 s', () => {
    const { simulator, first } = opening();
    const inPlay = new Set(
      [...statuses(first)].filter(([, s]) => s === 'inplay').map(([id]) => `1.${id}`),
    );
    const best = (runners: readonly RunnerQuote[]) =>
      JSON.stringify(runners.map((r) => [r.back[0], r.lay[0]]));
    const opened = new Map(
      first.flatMap((u) =>
        u.kind === 'market' && inPlay.has(u.marketId) ? [[u.marketId, best(u.runners)]] : [],
      ),
    );
    const later = run(simulator, every(500, 30)).flat();
    const moved = new Set(
      later.flatMap((u) =>
        u.kind === 'market' &&
        inPlay.has(u.marketId) &&
        u.status === 'ACTIVE' &&
        opened.get(u.marketId) !== best(u.runners)
          ? [u.marketId]
          : [],
      ),
    );
    expect(moved.size).toBe(inPlay.size);
    const played = new Set(later.flatMap((u) => (u.kind === 'score' ? [u.eventId] : [])));
    expect(played.size).toBeGreaterThanOrEqual(4);
  });

  it('replays the opening board exactly from SIM_SEED', () => {
    const a = run(createSimulator({ seed: 8, speed: 1, start: new Date(START) }), every(500, 20));
    const b = run(createSimulator({ seed: 8, speed: 1, start: new Date(START) }), every(500, 20));
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
  });

  it('resumes a snapshot saved before the ladder lived (version 1)', () => {
    const original = createSimulator({ seed: 12, speed: 60, start: new Date(START) });
    run(original, every(500, 10));
    // What a version 1 snapshot held: no ladder fields, no sixes count.
    const v1 = JSON.parse(JSON.stringify(original.snapshot()), (key, value: unknown) =>
      ['ladderRng', 'nextLadderSimMs', 'books', 'sixes'].includes(key) ? undefined : value,
    ) as Parameters<typeof restoreSimulator>[0] & { version: number };
    v1.version = 1;
    const restored = restoreSimulator(v1);
    const next = run(restored, every(500, 20, 5000)).flat();
    expect(next.some((u) => u.kind === 'score')).toBe(true);
    expect(restored.snapshot().version).toBe(2);
  });
});
