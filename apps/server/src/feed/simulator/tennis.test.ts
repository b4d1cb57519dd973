import { matchOddsMarketId } from '@backlay/domain';
import { describe, expect, it } from 'vitest';
import type { FeedUpdate } from '../types.js';
import { MINUTE, type StepContext } from './context.js';
import { runnerId } from './markets.js';
import { rngCreate } from './rng.js';
import type { TennisEvent } from './state.js';
import { tennisAnnounce, tennisCreate, tennisStep } from './tennis.js';

const EVENT_ID = 50_000_001;

function playMatch(seed: number): { event: TennisEvent; updates: FeedUpdate[] } {
  const ctx: StepContext = {
    rng: rngCreate(seed),
    limits: { maxStakeMatch: 500_000, maxStakeSession: 100_000 },
    realTimeOf: (simMs) => new Date(simMs),
  };
  const event = tennisCreate(
    ctx.rng,
    EVENT_ID,
    'Harbour Open',
    'A Player',
    'B Player',
    5 * MINUTE,
    0,
  );
  const updates = tennisAnnounce(event, ctx);
  while (!event.isClosed) updates.push(...tennisStep(event, ctx));
  return { event, updates };
}

const matches = Array.from({ length: 40 }, (_, i) => playMatch(i + 1));

const isFinishedSet = ([a, b]: readonly [number, number]): boolean => {
  const [high, low] = a > b ? [a, b] : [b, a];
  return (high === 6 && low <= 4) || (high === 7 && (low === 5 || low === 6));
};

describe('a simulated tennis match', () => {
  it('ends when a player wins two sets of legal scores, and declares that player', () => {
    let tiebreaks = 0;
    for (const { event, updates } of matches) {
      expect(Math.max(...event.sets)).toBe(2);
      expect(event.setGames.every(isFinishedSet)).toBe(true);
      tiebreaks += event.setGames.filter(([a, b]) => a + b === 13).length;
      const winner = event.sets[0] === 2 ? 'home' : 'away';
      expect(updates.find((u) => u.kind === 'result')).toEqual({
        kind: 'result',
        declaration: {
          kind: 'market',
          marketId: matchOddsMarketId(EVENT_ID),
          winnerSelectionId: runnerId(EVENT_ID, winner),
        },
      });
    }
    expect(tiebreaks).toBeGreaterThan(0);
  });

  it('reports sets, games and the finished sets’ games in the score', () => {
    const { updates } = matches[0] ?? { updates: [] };
    const last = updates.filter((u) => u.kind === 'score').at(-1);
    expect(last?.kind === 'score' && last.score.kind === 'tennis').toBe(true);
    if (last?.kind !== 'score' || last.score.kind !== 'tennis') return;
    expect(last.score.home.gameSequence.length).toBe(last.score.home.score + last.score.away.score);
    expect(last.score.commentary).toMatch(/^Game, set and match/);
  });

  it('shortens the price of the player who wins more points', () => {
    // The better server wins more often than not.
    const favourites = matches.filter(({ event }) => {
      const better = event.serveWin[0] > event.serveWin[1] ? 0 : 1;
      return event.sets[better] === 2;
    });
    expect(favourites.length).toBeGreaterThan(matches.length / 2);
  });
});
