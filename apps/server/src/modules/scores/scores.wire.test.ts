import { otherScore } from '@backlay/contract/scores';
import { describe, expect, it } from 'vitest';
import type { OtherScore } from '../../feed/types.js';
import { otherScoreWire, tennisPointCalls } from './scores.wire.js';

const game = (home: number, away: number, isTiebreak = false) =>
  tennisPointCalls({ home, away, isTiebreak });

describe('tennis point calls', () => {
  it('calls 0, 15, 30 and 40 up to three points', () => {
    expect(game(0, 0)).toEqual({ home: '0', away: '0', isTiebreak: false });
    expect(game(1, 0)).toEqual({ home: '15', away: '0', isTiebreak: false });
    expect(game(2, 3)).toEqual({ home: '30', away: '40', isTiebreak: false });
  });

  it('calls deuce 40 all and the one a point ahead AD, however long the game', () => {
    expect(game(3, 3)).toEqual({ home: '40', away: '40', isTiebreak: false });
    expect(game(4, 3)).toEqual({ home: 'AD', away: '40', isTiebreak: false });
    expect(game(6, 7)).toEqual({ home: '40', away: 'AD', isTiebreak: false });
    expect(game(8, 8)).toEqual({ home: '40', away: '40', isTiebreak: false });
  });

  it('calls a tie-break as counted', () => {
    expect(game(5, 4, true)).toEqual({ home: '5', away: '4', isTiebreak: true });
    expect(game(9, 8, true)).toEqual({ home: '9', away: '8', isTiebreak: true });
  });
});

describe('the tennis and soccer score wire', () => {
  const side = (name: string) => ({ name, score: 0, games: 1, gameSequence: [] });

  it('carries the game in play and the server of a tennis match', () => {
    const score: OtherScore = {
      kind: 'tennis',
      home: side('A Ray'),
      away: side('B Sol'),
      currentSet: 1,
      commentary: '30-15, A Ray serving',
      points: { home: 2, away: 1, isTiebreak: false },
      server: 'home',
    };
    const wire = otherScore.parse(otherScoreWire(score));
    expect(wire.points).toEqual({ home: '30', away: '15', isTiebreak: false });
    expect(wire.server).toBe('home');
  });

  it('leaves points and server out of a soccer score', () => {
    const score: OtherScore = {
      kind: 'soccer',
      home: side('Arsenal'),
      away: side('Chelsea'),
      currentSet: 67,
      commentary: '',
    };
    const wire = otherScore.parse(otherScoreWire(score));
    expect(wire).not.toHaveProperty('points');
    expect(wire).not.toHaveProperty('server');
    expect(wire.eventTypeId).toBe(1);
  });
});
