import { DEFAULT_HOUSE_MARGINS } from '@backlay/domain';
import { overUnderMarketId } from '@backlay/domain';
import { describe, expect, it } from 'vitest';
import type { FeedUpdate, OtherScore } from '../types.js';
import { MINUTE, type StepContext } from './context.js';
import { runnerId, simulatedMatchOddsId } from './markets.js';
import { rngCreate } from './rng.js';
import { soccerAnnounce, soccerCreate, soccerStep } from './soccer.js';
import type { SoccerEvent } from './state.js';

const EVENT_ID = 40_000_001;

function playMatch(seed: number): { event: SoccerEvent; updates: FeedUpdate[] } {
  const ctx: StepContext = {
    rng: rngCreate(seed),
    limits: { maxStakeMatch: 500_000, maxStakeSession: 100_000 },
    margins: DEFAULT_HOUSE_MARGINS,
    realTimeOf: (simMs) => new Date(simMs),
  };
  const event = soccerCreate(
    ctx.rng,
    EVENT_ID,
    'Atlantic Cup',
    'Home FC',
    'Away FC',
    5 * MINUTE,
    0,
  );
  const updates = soccerAnnounce(event, ctx);
  while (!event.isClosed) updates.push(...soccerStep(event, ctx));
  return { event, updates };
}

const matches = Array.from({ length: 30 }, (_, i) => playMatch(i + 1));

describe('a simulated soccer match', () => {
  it('offers home, away and The Draw in that order', () => {
    const [announce] = matches[0]?.updates ?? [];
    expect(
      announce?.kind === 'event' && announce.event.markets[0]?.runners.map((r) => r.name),
    ).toEqual(['Home FC', 'Away FC', 'The Draw']);
  });

  it('declares the winner of the final score, The Draw included, then closes', () => {
    const winners = new Set<number>();
    for (const { event, updates } of matches) {
      const result = updates.find((u) => u.kind === 'result');
      const expected =
        event.homeGoals > event.awayGoals
          ? 'home'
          : event.homeGoals < event.awayGoals
            ? 'away'
            : 'draw';
      const results = updates.flatMap((u) => (u.kind === 'result' ? [u.declaration] : []));
      expect(results).toContainEqual({
        kind: 'market',
        marketId: simulatedMatchOddsId(EVENT_ID),
        winnerSelectionId: runnerId(EVENT_ID, expected),
      });
      expect(result).toBeDefined();
      winners.add(runnerId(EVENT_ID, expected));
      expect(updates.at(-1)).toMatchObject({ kind: 'eventStatus', status: 'closed' });
      expect(updates.at(-2)).toMatchObject({ kind: 'market', status: 'CLOSED' });
    }
    expect(winners.size).toBe(3);
  });

  it('settles each over/under line once: Over at the goal that passes it, else Under at full time', () => {
    let early = 0;
    for (const { event, updates } of matches) {
      const goals = event.homeGoals + event.awayGoals;
      for (const [kind, line, under] of [
        ['OVER_UNDER_15', 1, 21],
        ['OVER_UNDER_25', 2, 23],
        ['OVER_UNDER_35', 3, 25],
      ] as const) {
        const marketId = overUnderMarketId(EVENT_ID, kind);
        const at = updates.findIndex(
          (u) =>
            u.kind === 'result' &&
            u.declaration.kind === 'market' &&
            u.declaration.marketId === marketId,
        );
        const declared = updates[at];
        expect(
          updates.filter(
            (u) =>
              u.kind === 'result' &&
              'marketId' in u.declaration &&
              u.declaration.marketId === marketId,
          ),
        ).toHaveLength(1);
        expect(declared?.kind === 'result' && declared.declaration).toEqual({
          kind: 'market',
          marketId,
          winnerSelectionId: EVENT_ID * 100 + under + (goals > line ? 1 : 0),
        });
        // Nothing but CLOSED quotes after the declaration.
        expect(
          updates
            .slice(at + 1)
            .every((u) => u.kind !== 'market' || u.marketId !== marketId || u.status === 'CLOSED'),
        ).toBe(true);
        if (
          goals > line &&
          updates.slice(at).some((u) => u.kind === 'score' && u.score.commentary.includes('GOAL'))
        )
          early += 1;
      }
    }
    expect(early).toBeGreaterThan(10);
  });

  it('prices Over 2.5 from the goals so far and the minutes left: 0-0 at kick-off is odds-against, 2-0 late odds-on', () => {
    const over = (u: FeedUpdate | undefined) =>
      u?.kind === 'market' ? u.runners[1]?.back[0]?.price : undefined;
    const marketId = overUnderMarketId(EVENT_ID, 'OVER_UNDER_25');
    for (const { updates } of matches.slice(0, 5)) {
      const first = updates.find((u) => u.kind === 'market' && u.marketId === marketId);
      expect(over(first)).toBeGreaterThan(150);
      expect(over(first)).toBeLessThan(300);
    }
  });

  it('plays 90 minutes and stoppage minute by minute with a score each minute', () => {
    for (const { event, updates } of matches.slice(0, 5)) {
      const scores = updates.flatMap((u) => (u.kind === 'score' ? [u.score as OtherScore] : []));
      expect(event.minute).toBe(90 + event.stoppage[1]);
      expect(scores.length).toBeGreaterThanOrEqual(90);
      expect(Math.max(...scores.map((s) => s.currentSet))).toBe(90);
    }
  });

  it('scores about 2.5 goals a match, the home side more often', () => {
    const home = matches.reduce((sum, m) => sum + m.event.homeGoals, 0);
    const away = matches.reduce((sum, m) => sum + m.event.awayGoals, 0);
    expect((home + away) / matches.length).toBeGreaterThan(1.5);
    expect((home + away) / matches.length).toBeLessThan(4);
    expect(home).toBeGreaterThan(away);
  });
});
