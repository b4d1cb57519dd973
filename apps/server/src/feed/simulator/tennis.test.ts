import { DEFAULT_HOUSE_MARGINS } from '@backlay/domain';
import { setWinnerMarketId } from '@backlay/domain';
import { describe, expect, it } from 'vitest';
import type { FeedUpdate } from '../types.js';
import { MINUTE, type StepContext } from './context.js';
import { runnerId, simulatedMatchOddsId } from './markets.js';
import { rngCreate } from './rng.js';
import type { TennisEvent } from './state.js';
import { tennisAnnounce, tennisCreate, tennisStep } from './tennis.js';

const EVENT_ID = 50_000_001;

function playMatch(seed: number): { event: TennisEvent; updates: FeedUpdate[] } {
  const ctx: StepContext = {
    rng: rngCreate(seed),
    limits: { maxStakeMatch: 500_000, maxStakeSession: 100_000 },
    margins: DEFAULT_HOUSE_MARGINS,
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
      expect(updates.flatMap((u) => (u.kind === 'result' ? [u.declaration] : []))).toContainEqual({
        kind: 'market',
        marketId: simulatedMatchOddsId(EVENT_ID),
        winnerSelectionId: runnerId(EVENT_ID, winner),
      });
    }
    expect(tiebreaks).toBeGreaterThan(0);
  });

  it('declares each set winner as the set ends and voids a third set never played', () => {
    let straight = 0;
    for (const { event, updates } of matches) {
      const results = updates.flatMap((u) => (u.kind === 'result' ? [u.declaration] : []));
      event.setGames.forEach(([home, away], index) => {
        const set = index + 1;
        expect(results).toContainEqual({
          kind: 'market',
          marketId: setWinnerMarketId(EVENT_ID, set),
          winnerSelectionId: EVENT_ID * 100 + 29 + 2 * set + (home > away ? 0 : 1),
        });
      });
      if (event.setGames.length === 2) {
        straight += 1;
        expect(results).toContainEqual({
          kind: 'void-market',
          marketId: setWinnerMarketId(EVENT_ID, 3),
          reason: 'Set not played',
        });
      }
      expect(results).toHaveLength(4);
      // Set 1's market closes when set 1 ends: no open quote of it after.
      const closed = updates.findIndex(
        (u) =>
          u.kind === 'market' &&
          u.marketId === setWinnerMarketId(EVENT_ID, 1) &&
          u.status === 'CLOSED',
      );
      expect(
        updates
          .slice(closed + 1)
          .some((u) => u.kind === 'market' && u.marketId === setWinnerMarketId(EVENT_ID, 1)),
      ).toBe(false);
    }
    expect(straight).toBeGreaterThan(0);
  });

  it('reports sets, games and the finished sets’ games in the score', () => {
    const { updates } = matches[0] ?? { updates: [] };
    const last = updates.filter((u) => u.kind === 'score').at(-1);
    expect(last?.kind === 'score' && last.score.kind === 'tennis').toBe(true);
    if (last?.kind !== 'score' || last.score.kind !== 'tennis') return;
    expect(last.score.home.gameSequence.length).toBe(last.score.home.score + last.score.away.score);
    expect(last.score.commentary).toMatch(/^Game, set and match/);
  });

  it('carries the points of the game in play and who serves next in each score but the last', () => {
    const calls = ['0', '15', '30', '40'];
    let checked = 0;
    for (const { updates } of matches.slice(0, 5)) {
      const scores = updates.flatMap((u) =>
        u.kind === 'score' && u.score.kind === 'tennis' ? [u.score] : [],
      );
      const last = scores.pop();
      expect(last?.points).toBeUndefined();
      expect(last?.server).toBeUndefined();
      for (const score of scores) {
        const { home = -1, away = -1, isTiebreak = true } = score.points ?? {};
        const line = /^(\d+)-(\d+), ([AB]) Player serving$/.exec(score.commentary);
        if (!line || isTiebreak) continue;
        // Within a game the one who served the point serves the next.
        expect([calls[home], calls[away]]).toEqual([line[1], line[2]]);
        expect(score.server).toBe(line[3] === 'A' ? 'home' : 'away');
        checked += 1;
      }
      expect(scores.every((score) => score.server === 'home' || score.server === 'away')).toBe(
        true,
      );
    }
    expect(checked).toBeGreaterThan(100);
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
