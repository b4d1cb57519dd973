import {
  bookmakerMarketId,
  DEFAULT_HOUSE_MARGINS,
  runnersBreaches,
  completedMatchMarketId,
  tiedMatchMarketId,
  fancyRunnerIsHidden,
  tossMarketId,
} from '@backlay/domain';
import { describe, expect, it } from 'vitest';
import type { CricketScore, FeedUpdate, ResultDeclaration } from '../types.js';
import { MINUTE, type StepContext } from './context.js';
import { cricketAnnounce, cricketCreate, cricketStep } from './cricket.js';
import { MATCH_SIXES_SUFFIX } from './cricket-fancy.js';
import { BETWEEN_BALLS, OVER_BREAK } from './cricket-tempo.js';
import { runnerId, simulatedMatchOddsId } from './markets.js';
import { bookmakerBest } from './quote.js';
import { CRICKET_SERIES } from './names.js';
import { rngCreate } from './rng.js';
import type { CricketEvent, Session } from './state.js';

const EVENT_ID = 30_000_001;

interface Step {
  readonly at: number;
  readonly updates: FeedUpdate[];
}

function contextOf(seed: number): StepContext {
  return {
    rng: rngCreate(seed),
    limits: { maxStakeMatch: 500_000, maxStakeSession: 100_000 },
    margins: DEFAULT_HOUSE_MARGINS,
    realTimeOf: (simMs) => new Date(simMs),
  };
}

function newMatch(seed: number, seriesIndex = 0): { event: CricketEvent; ctx: StepContext } {
  const ctx = contextOf(seed);
  const series = CRICKET_SERIES[seriesIndex % CRICKET_SERIES.length];
  const [home, away] = series?.teams ?? [];
  if (series === undefined || home === undefined || away === undefined)
    throw new Error('no series');
  return { event: cricketCreate(ctx.rng, EVENT_ID, series, [home, away], 10 * MINUTE, 0), ctx };
}

/** Plays a whole match step by step; each step with its simulated time. */
function playMatch(seed: number): { event: CricketEvent; steps: Step[] } {
  const { event, ctx } = newMatch(seed);
  const steps: Step[] = [{ at: 0, updates: cricketAnnounce(event, ctx) }];
  while (!event.isClosed) {
    const at = event.nextSimMs;
    steps.push({ at, updates: cricketStep(event, ctx) });
  }
  return { event, steps };
}

const SEEDS = Array.from({ length: 24 }, (_, i) => i + 1);
const matches = SEEDS.map(playMatch);

function declarations(steps: readonly Step[]): ResultDeclaration[] {
  return steps.flatMap((step) =>
    step.updates.flatMap((update) => (update.kind === 'result' ? [update.declaration] : [])),
  );
}

function sessionById(event: CricketEvent, selectionId: string): Session {
  const session = event.sessions.find((s) => s.selectionId === selectionId);
  if (session === undefined) throw new Error(`no session ${selectionId}`);
  return session;
}

/** Walks the updates with the latest score alongside. */
function* withScore(steps: readonly Step[]): Generator<[FeedUpdate, CricketScore | null, Step]> {
  let score: CricketScore | null = null;
  for (const step of steps) {
    for (const update of step.updates) {
      if (update.kind === 'score' && update.score.kind === 'cricket') score = update.score;
      yield [update, score, step];
    }
  }
}

const oversToBalls = (overs: string): number => {
  const [whole = '0', part = '0'] = overs.split('.');
  return Number(whole) * 6 + Number(part);
};

describe('a simulated T20 match', () => {
  it('declares the match odds, bookmaker, toss, tied match, completed match and every session exactly once', () => {
    for (const { event, steps } of matches) {
      const declared = declarations(steps).map((d) =>
        d.kind === 'market' || d.kind === 'void-market' ? d.marketId : d.selectionId,
      );
      const expected = [
        simulatedMatchOddsId(EVENT_ID),
        bookmakerMarketId(EVENT_ID),
        tossMarketId(EVENT_ID),
        tiedMatchMarketId(EVENT_ID),
        completedMatchMarketId(EVENT_ID),
        ...event.sessions.map((s) => s.selectionId),
      ];
      expect([...declared].sort()).toEqual([...expected].sort());
      const [first, second] = event.innings;
      const isTie = first?.runs === second?.runs;
      // Tied match: No (…12) unless tied; completed match: Yes (…13), never abandoned.
      expect(declarations(steps)).toContainEqual({
        kind: 'market',
        marketId: tiedMatchMarketId(EVENT_ID),
        winnerSelectionId: EVENT_ID * 100 + (isTie ? 11 : 12),
      });
      expect(declarations(steps)).toContainEqual({
        kind: 'market',
        marketId: completedMatchMarketId(EVENT_ID),
        winnerSelectionId: EVENT_ID * 100 + 13,
      });
      expect(event.sessions.length).toBeGreaterThanOrEqual(8);
    }
  });

  it('settles over sessions when their over completes, or on the innings total when the innings ends early', () => {
    let early = 0;
    let onTime = 0;
    for (const { event, steps } of matches) {
      for (const [update, score] of withScore(steps)) {
        if (update.kind !== 'result' || update.declaration.kind !== 'fancy') continue;
        const session = sessionById(event, update.declaration.selectionId);
        if (session.kind !== 'overRuns') continue;
        const innings = score?.innings.find((i) => i.team === event.sides[session.side].name);
        expect(innings?.runs).toBe(update.declaration.runs);
        const balls = oversToBalls(innings?.overs ?? '0.0');
        if (balls === session.param) {
          onTime += 1;
        } else {
          // Ended early: all out, or the chase won.
          expect(balls).toBeLessThan(session.param);
          const first = score?.innings[0];
          const isChaseWon =
            innings !== first && innings !== undefined && innings.runs > (first?.runs ?? 0);
          expect(innings?.wickets === 10 || isChaseWon).toBe(true);
          early += 1;
        }
      }
    }
    expect(onTime).toBeGreaterThan(0);
    expect(early).toBeGreaterThan(0);
  });

  it('settles fall-of-wicket sessions on the score at that wicket, or the innings total if it never falls', () => {
    for (const { event, steps } of matches) {
      for (const [update, score] of withScore(steps)) {
        if (update.kind !== 'result' || update.declaration.kind !== 'fancy') continue;
        const session = sessionById(event, update.declaration.selectionId);
        if (session.kind !== 'wicketFall') continue;
        const innings = score?.innings.find((i) => i.team === event.sides[session.side].name);
        expect(innings?.runs).toBe(update.declaration.runs);
        const first = score?.innings[0];
        const hasEnded =
          innings?.overs === '20.0' ||
          innings?.wickets === 10 ||
          (innings !== first && (innings?.runs ?? 0) > (first?.runs ?? 0));
        expect(innings?.wickets === session.param || hasEnded).toBe(true);
      }
    }
  });

  it('voids the ball session when its ball is never bowled and settles it on that ball otherwise', () => {
    for (const { event, steps } of matches) {
      const ball = event.sessions.find((s) => s.kind === 'ballRuns');
      const declared = declarations(steps).find(
        (d) => 'selectionId' in d && d.selectionId === ball?.selectionId,
      );
      if (declared?.kind === 'fancy') {
        expect([0, 1, 2, 3, 4, 6]).toContain(declared.runs);
      } else {
        expect(declared).toMatchObject({ kind: 'void-fancy', reason: 'Ball not bowled' });
      }
    }
  });

  it('suspends match odds, bookmaker, tied and completed match and sessions when a wicket falls and reopens them 20–40 s later with fresh prices', () => {
    let wickets = 0;
    for (const { steps } of matches) {
      steps.forEach((step, i) => {
        const suspended = step.updates.filter(
          (u) => u.kind === 'market' && u.status === 'SUSPENDED',
        );
        const isWicket = step.updates.some(
          (u) => u.kind === 'score' && u.score.commentary.includes('OUT'),
        );
        if (!isWicket || suspended.length === 0) return;
        wickets += 1;
        expect(suspended.map((u) => (u.kind === 'market' ? u.marketId : ''))).toEqual([
          simulatedMatchOddsId(EVENT_ID),
          bookmakerMarketId(EVENT_ID),
          tiedMatchMarketId(EVENT_ID),
          completedMatchMarketId(EVENT_ID),
        ]);
        const rows = step.updates.find((u) => u.kind === 'fancy');
        expect(rows?.kind === 'fancy' && rows.rows.every((r) => r.gameStatus === 'SUSPENDED')).toBe(
          true,
        );
        const next = steps[i + 1];
        expect((next?.at ?? 0) - step.at).toBeGreaterThanOrEqual(20_000);
        expect((next?.at ?? 0) - step.at).toBeLessThanOrEqual(40_000);
        const reopened = next?.updates.filter((u) => u.kind === 'market') ?? [];
        expect(reopened.map((u) => (u.kind === 'market' ? u.status : ''))).toEqual([
          'ACTIVE',
          'ACTIVE',
          'ACTIVE',
          'ACTIVE',
        ]);
      });
    }
    expect(wickets).toBeGreaterThan(50);
  });

  it('raises the batting side’s back price when it loses a wicket', () => {
    let higher = 0;
    let total = 0;
    for (const { event, steps } of matches) {
      let lastActive = new Map<number, number>();
      let battingSide: 0 | 1 | null = null;
      steps.forEach((step, i) => {
        for (const update of step.updates) {
          if (update.kind === 'score' && update.score.kind === 'cricket') {
            const team = update.score.innings[update.score.innings.length - 1]?.team;
            battingSide = team === event.sides[0].name ? 0 : 1;
          }
        }
        const isWicket = step.updates.some(
          (u) =>
            u.kind === 'market' &&
            u.marketId === simulatedMatchOddsId(EVENT_ID) &&
            u.status === 'SUSPENDED',
        );
        if (isWicket && battingSide !== null) {
          const id = runnerId(EVENT_ID, battingSide === 0 ? 'home' : 'away');
          const after = steps[i + 1]?.updates.find(
            (u) => u.kind === 'market' && u.marketId === simulatedMatchOddsId(EVENT_ID),
          );
          const afterPrice =
            after?.kind === 'market'
              ? after.runners.find((r) => r.selectionId === id)?.back[0]?.price
              : undefined;
          const before = lastActive.get(id);
          if (afterPrice !== undefined && before !== undefined) {
            expect(afterPrice).toBeGreaterThanOrEqual(before);
            total += 1;
            if (afterPrice > before) higher += 1;
          }
        }
        for (const update of step.updates) {
          if (
            update.kind === 'market' &&
            update.marketId === simulatedMatchOddsId(EVENT_ID) &&
            update.status === 'ACTIVE'
          ) {
            lastActive = new Map(update.runners.map((r) => [r.selectionId, r.back[0]?.price ?? 0]));
          }
        }
      });
    }
    expect(total).toBeGreaterThan(50);
    expect(higher / total).toBeGreaterThan(0.8);
  });

  it('shows the open sessions as Ball Running and suspends the bookmaker while each ball is bowled, match odds staying open', () => {
    const steps: readonly Step[] = matches[0]?.steps ?? [];
    const running = steps.filter((step) =>
      step.updates.some(
        (u) => u.kind === 'fancy' && u.rows.some((r) => r.gameStatus === 'Ball Running'),
      ),
    );
    expect(running.length).toBeGreaterThan(200);
    for (const [i, step] of running.entries()) {
      const [bookmaker, fancy] = step.updates;
      expect(step.updates).toHaveLength(2);
      expect(bookmaker).toMatchObject({
        kind: 'market',
        marketId: bookmakerMarketId(EVENT_ID),
        status: 'SUSPENDED',
      });
      expect(fancy?.kind).toBe('fancy');
      // The ball lands 5 s later: the bookmaker reopens with the ball's new prices, unless the
      // ball took a wicket (suspended on) or ended the match (closed).
      const landed = steps[steps.indexOf(step) + 1];
      expect(landed?.at).toBe(step.at + 5000);
      const isWicket = landed?.updates.some(
        (u) =>
          u.kind === 'score' && u.score.kind === 'cricket' && u.score.commentary.includes('OUT'),
      );
      const bookmakerAfter = landed?.updates.find(
        (u) => u.kind === 'market' && u.marketId === bookmakerMarketId(EVENT_ID),
      );
      expect(bookmakerAfter).toMatchObject({
        status: i === running.length - 1 ? 'CLOSED' : isWicket ? 'SUSPENDED' : 'ACTIVE',
      });
    }
  });

  it('offers the toss at 1.95/2.06 (laying both sides loses) before the start and closes it with its result at the start', () => {
    for (const { steps } of matches) {
      const all = steps.flatMap((s) => s.updates);
      const toss = tossMarketId(EVENT_ID);
      const resultAt = all.findIndex(
        (u) =>
          u.kind === 'result' && u.declaration.kind === 'market' && u.declaration.marketId === toss,
      );
      const inPlayAt = all.findIndex((u) => u.kind === 'eventStatus' && u.status === 'inplay');
      expect(resultAt).toBeGreaterThan(0);
      expect(resultAt).toBeLessThan(inPlayAt);
      const tossQuotes = all.filter((u) => u.kind === 'market' && u.marketId === toss);
      for (const [i, quote] of tossQuotes.entries()) {
        if (quote.kind !== 'market') continue;
        if (i === tossQuotes.length - 1) {
          expect(quote.status).toBe('CLOSED');
        } else {
          expect(quote.runners.map((r) => [r.back[0]?.price, r.lay[0]?.price])).toEqual([
            [195, 206],
            [195, 206],
          ]);
        }
      }
    }
  });

  it('quotes the bookmaker in whole odds per 100 with back below lay, outside the exchange spread', () => {
    for (const { steps } of matches.slice(0, 4)) {
      for (const step of steps) {
        const exchange = step.updates.find(
          (update) =>
            update.kind === 'market' && update.marketId === simulatedMatchOddsId(EVENT_ID),
        );
        for (const update of step.updates) {
          if (
            update.kind !== 'market' ||
            update.marketId !== bookmakerMarketId(EVENT_ID) ||
            update.status !== 'ACTIVE'
          )
            continue;
          update.runners.forEach((runner, i) => {
            const back = runner.back[0]?.price;
            const lay = runner.lay[0]?.price ?? 0;
            const ex = exchange?.kind === 'market' ? exchange.runners[i] : undefined;
            // No back where the exchange's own is at 1.01 or 1.02: none would be below it.
            if (back === undefined) expect(ex?.back[0]?.price).toBeLessThanOrEqual(102);
            else expect(Number.isInteger(back) && back >= 1 && back < lay).toBe(true);
            if (ex && back !== undefined) expect(100 + back).toBeLessThan(ex.back[0]?.price ?? 0);
            if (ex) expect(100 + lay).toBeGreaterThan(ex.lay[0]?.price ?? Infinity);
          });
          expect(runnersBreaches(bookmakerBest(update.runners), DEFAULT_HOUSE_MARGINS)).toEqual([]);
        }
      }
    }
  });

  it('moves session lines ball by ball in the rate convention', () => {
    const { steps } = matches[0] ?? { steps: [] };
    const lines = new Set<string>();
    for (const step of steps) {
      for (const update of step.updates) {
        if (update.kind !== 'fancy') continue;
        for (const row of update.rows) {
          expect(row.noLine).toBeLessThanOrEqual(row.yesLine);
          expect(row.noRate).toBeLessThanOrEqual(row.yesRate);
          if (row.noLine === row.yesLine) {
            expect(row.noRate).toBeLessThan(row.yesRate);
          }
          lines.add(`${row.selectionId}:${row.noLine}`);
        }
      }
    }
    expect(lines.size).toBeGreaterThan(100);
  });

  it('names every session so that the hidden-runner rule hides only the deliberate rows', () => {
    for (let seed = 1; seed <= 60; seed += 1) {
      const { event } = newMatch(seed, seed);
      for (const session of event.sessions) {
        const isDeliberate = session.kind === 'boundaries' || session.kind === 'ballRuns';
        expect(fancyRunnerIsHidden(session.name), session.name).toBe(isDeliberate);
      }
    }
  });

  it('voids the match markets on a tie, settles the tied match Yes and the sessions as usual', () => {
    let tie: { event: CricketEvent; steps: Step[] } | undefined;
    for (let seed = 1000; seed < 1400 && tie === undefined; seed += 1) {
      const match = playMatch(seed);
      const [first, second] = match.event.innings;
      if (first !== undefined && second !== undefined && first.runs === second.runs) tie = match;
    }
    expect(tie).toBeDefined();
    const declared = declarations(tie?.steps ?? []);
    expect(declared).toContainEqual({
      kind: 'void-market',
      marketId: simulatedMatchOddsId(EVENT_ID),
      reason: 'Match tied',
    });
    expect(declared).toContainEqual({
      kind: 'void-market',
      marketId: bookmakerMarketId(EVENT_ID),
      reason: 'Match tied',
    });
    expect(declared).toContainEqual({
      kind: 'market',
      marketId: tiedMatchMarketId(EVENT_ID),
      winnerSelectionId: EVENT_ID * 100 + 11,
    });
  });

  it('prices a tie long (Yes about 50–100 before the start) and completion short (Yes 1.01–1.05)', () => {
    for (const { steps } of matches) {
      const opening = steps[0]?.updates ?? [];
      const book = (marketId: string) => {
        const update = opening.find((u) => u.kind === 'market' && u.marketId === marketId);
        return update?.kind === 'market' ? update.runners.map((r) => r.back[0]?.price) : [];
      };
      const [tiedYes = 0, tiedNo = 0] = book(tiedMatchMarketId(EVENT_ID));
      expect(tiedYes).toBeGreaterThanOrEqual(5000);
      expect(tiedYes).toBeLessThanOrEqual(10_000);
      expect(tiedNo).toBe(101);
      const [completedYes = 0, completedNo = 0] = book(completedMatchMarketId(EVENT_ID));
      expect(completedYes).toBeGreaterThanOrEqual(101);
      expect(completedYes).toBeLessThanOrEqual(105);
      expect(completedNo).toBeGreaterThan(1000);
    }
  });

  it('bowls at a real T20 tempo: a ball every 35–45 s, 30–60 s more between overs', () => {
    const inOver: number[] = [];
    const overBreaks: number[] = [];
    for (const { steps } of matches) {
      const deliveries = steps.filter((step) =>
        step.updates.some(
          (u) => u.kind === 'fancy' && u.rows.some((r) => r.gameStatus === 'Ball Running'),
        ),
      );
      deliveries.forEach((step, i) => {
        const next = deliveries[i + 1];
        const landed = steps[steps.indexOf(step) + 1];
        const score = landed?.updates.find((u) => u.kind === 'score');
        if (next === undefined || score?.kind !== 'score' || score.score.kind !== 'cricket') return;
        const { commentary, currentOver } = score.score;
        // A wicket, an innings break or a new innings in between: not a plain gap.
        if (commentary.includes('OUT') || next.at - step.at > 5 * MINUTE) return;
        (currentOver.length === 0 ? overBreaks : inOver).push(next.at - step.at);
      });
    }
    const [low, high] = BETWEEN_BALLS;
    expect(inOver.length).toBeGreaterThan(2000);
    for (const gap of inOver) {
      expect(gap).toBeGreaterThanOrEqual(low + 5000);
      expect(gap).toBeLessThanOrEqual(high + 5000);
    }
    const mean = inOver.reduce((sum, gap) => sum + gap, 0) / inOver.length;
    expect(mean).toBeGreaterThan(38_000);
    expect(mean).toBeLessThan(42_000);
    expect(overBreaks.length).toBeGreaterThan(300);
    for (const gap of overBreaks) {
      expect(gap).toBeGreaterThanOrEqual(low + 5000 + OVER_BREAK[0]);
      expect(gap).toBeLessThanOrEqual(high + 5000 + OVER_BREAK[1]);
    }
  });

  it('quotes open sessions both ways: pairs at 100/100 and single lines with No below 100 and Yes above', () => {
    let withRates = 0;
    let openUpdates = 0;
    const rates = new Set<string>();
    for (const { steps } of matches) {
      for (const step of steps) {
        for (const update of step.updates) {
          if (update.kind !== 'fancy') continue;
          const open = update.rows.filter((row) => row.gameStatus === '');
          if (open.length === 0) continue;
          openUpdates += 1;
          for (const row of open) {
            if (row.noLine === row.yesLine) {
              expect(row.noRate).toBeLessThan(row.yesRate);
              rates.add(`${row.noRate}/${row.yesRate}`);
            } else {
              expect(row.yesLine).toBe(row.noLine + 1);
              expect([row.noRate, row.yesRate]).toEqual([100, 100]);
            }
          }
          if (
            open.some(
              (row) => row.noLine === row.yesLine && row.noRate !== 100 && row.yesRate !== 100,
            )
          )
            withRates += 1;
        }
      }
    }
    // Nearly always a line at rates open between balls (the next wicket's, an over's last two).
    expect(withRates / openUpdates).toBeGreaterThan(0.9);
    expect(rates.size).toBeGreaterThan(5);
  });

  it('quotes a batter only at the crease and only the next wicket of each side', () => {
    for (const seed of SEEDS.slice(0, 6)) {
      const { event, ctx } = newMatch(seed);
      cricketAnnounce(event, ctx);
      let checked = 0;
      while (!event.isClosed) {
        for (const update of cricketStep(event, ctx)) {
          if (update.kind !== 'fancy' || event.isClosed) continue;
          const innings = event.innings[event.innings.length - 1];
          for (const row of update.rows) {
            const session = sessionById(event, row.selectionId);
            if (session.kind === 'batter') {
              expect(innings?.side).toBe(session.side);
              expect([innings?.striker, innings?.nonStriker]).toContain(session.param);
              checked += 1;
            }
            if (session.kind === 'wicketFall') {
              const wickets = event.innings.find((i) => i.side === session.side)?.wickets ?? 0;
              expect(session.param).toBe(wickets + 1);
            }
          }
        }
      }
      expect(checked).toBeGreaterThan(100);
    }
  });

  it('settles a batter who never batted as void and the match sixes on the sixes hit', () => {
    let didNotBat = 0;
    let sixes = 0;
    for (const { event, steps } of matches) {
      for (const declaration of declarations(steps)) {
        const id = 'selectionId' in declaration ? declaration.selectionId : '';
        const session = event.sessions.find((s) => s.selectionId === id);
        if (session?.kind === 'batter' && declaration.kind === 'void-fancy') {
          expect(declaration.reason).toBe('Did not bat');
          const innings = event.innings.find((i) => i.side === session.side);
          expect(session.param).toBeGreaterThanOrEqual(innings?.nextBatter ?? 0);
          didNotBat += 1;
        }
        if (session?.kind === 'sixes') {
          expect(session.name.endsWith(MATCH_SIXES_SUFFIX)).toBe(true);
          expect(declaration).toEqual({ kind: 'fancy', selectionId: id, runs: event.sixes });
          expect(event.sixes).toBeLessThanOrEqual(event.boundaries);
          sixes += event.sixes;
        }
      }
    }
    expect(didNotBat).toBeGreaterThan(0);
    // About a dozen sixes a match.
    expect(sixes / matches.length).toBeGreaterThan(6);
    expect(sixes / matches.length).toBeLessThan(20);
  });
});
