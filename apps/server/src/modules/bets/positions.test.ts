import type { Paise } from '@backlay/domain';
import { describe, expect, it } from 'vitest';
import { manualClock } from '../../seams.js';
import type { BetCall, PlaceOutcome } from './bet-calls.queries.js';
import type { OpenBet } from './bets.queries.js';
import { betMessagesJson, make } from './make.js';
import type { Placement } from './placement.js';
import {
  createPositionMemory,
  onPosition,
  UNSEEN,
  type Position,
  type PositionCalls,
  type PositionLock,
} from './positions.js';
import { createOnceInFlight, createTurns } from './turns.js';

/*
 * docs/architecture.md, "The path of a bet": the position's memory, its turns, the keys in
 * flight, and a bet made optimistically then under the locks, with bet_place faked.
 */

const LOCK: PositionLock = {
  clientId: '11',
  eventId: 9,
  marketId: '1.9',
  marketType: 'MATCH_ODDS',
  positionKey: '1.9',
};
const OPEN: OpenBet = {
  selectionId: '1',
  betType: 'Back',
  odds: 200,
  profitPaise: 10_000,
  liabilityPaise: 10_000,
};
const placed = (version: string | null): PlaceOutcome => ({
  outcome: 'answered',
  answer: { Status: true, Result: 'Bet placed successfully' },
  version,
});
const stale = (version: string, bets: OpenBet[] = [OPEN]): PlaceOutcome => ({
  outcome: 'stale',
  version,
  bets,
});

/** bet_place faked: answers in order, recording the versions it was called on. */
function fakeCalls(
  optimistic: PlaceOutcome[],
  locked: { position: Position; outcome: PlaceOutcome },
) {
  const seen = { optimistic: [] as string[], locked: [] as PositionLock[] };
  const calls: PositionCalls<{ version: string }> = {
    async optimistic(call) {
      seen.optimistic.push(call.version);
      const next = optimistic.shift();
      if (!next) throw new Error('no more answers');
      return next;
    },
    async locked(lock, callOf, answered) {
      seen.locked.push(lock);
      callOf(locked.position);
      return answered(locked.position, locked.outcome);
    },
  };
  return { calls, seen };
}

const versionCall = (position: Position) => ({ version: position.version });

describe('onPosition', () => {
  it('calls on the position as remembered (an unseen one guessed empty, version 0)', async () => {
    const memory = createPositionMemory();
    const { calls, seen } = fakeCalls([placed('1')], { position: UNSEEN, outcome: placed('9') });
    const answer = await onPosition(memory, 'p', calls, {
      lock: LOCK,
      callOf: versionCall,
      answered: (position, outcome) => ({ position, outcome }),
    });
    expect(seen.optimistic).toEqual(['0']);
    expect(answer.position).toBe(UNSEEN);
    expect(seen.locked).toEqual([]);
  });

  it('calls again on the position a stale answer gave, and remembers it', async () => {
    const memory = createPositionMemory();
    const { calls, seen } = fakeCalls([stale('4'), placed('5')], {
      position: UNSEEN,
      outcome: placed('9'),
    });
    const answer = await onPosition(memory, 'p', calls, {
      lock: LOCK,
      callOf: versionCall,
      answered: (position) => position,
    });
    expect(seen.optimistic).toEqual(['0', '4']);
    expect(answer).toEqual({ version: '4', bets: [OPEN] });
    expect(memory.get('p')).toEqual({ version: '4', bets: [OPEN] });
  });

  it('takes the locks first after two stale answers (contended), on the position read under them', async () => {
    const memory = createPositionMemory();
    const underLocks: Position = { version: '7', bets: [OPEN, OPEN] };
    const { calls, seen } = fakeCalls([stale('4'), stale('6')], {
      position: underLocks,
      outcome: placed('8'),
    });
    const answer = await onPosition(memory, 'p', calls, {
      lock: LOCK,
      callOf: versionCall,
      answered: (position) => position,
    });
    expect(seen.optimistic).toEqual(['0', '4']);
    expect(seen.locked).toEqual([LOCK]);
    expect(answer).toBe(underLocks);
  });

  it('fails when the position changed under its own locks', async () => {
    const memory = createPositionMemory();
    const { calls } = fakeCalls([stale('4'), stale('6')], {
      position: UNSEEN,
      outcome: stale('7'),
    });
    await expect(
      onPosition(memory, 'p', calls, { lock: LOCK, callOf: versionCall, answered: () => 0 }),
    ).rejects.toThrow('a locked position changed');
  });
});

describe('the position memory', () => {
  it('forgets the position remembered longest ago beyond its size', () => {
    const memory = createPositionMemory(2);
    memory.remember('a', { version: '1', bets: [] });
    memory.remember('b', { version: '1', bets: [] });
    memory.remember('a', { version: '2', bets: [] });
    memory.remember('c', { version: '1', bets: [] });
    expect(memory.get('b')).toBe(UNSEEN);
    expect(memory.get('a').version).toBe('2');
    expect(memory.get('c').version).toBe('1');
  });
});

describe('turns', () => {
  it("runs one position's work one at a time, other positions' alongside, past a failure", async () => {
    const inTurn = createTurns();
    const order: string[] = [];
    let release = () => {};
    const first = inTurn('p', async () => {
      order.push('p1 start');
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      order.push('p1 end');
      throw new Error('p1 failed');
    });
    const second = inTurn('p', async () => {
      order.push('p2');
      return 2;
    });
    const other = inTurn('q', async () => {
      order.push('q1');
      return 'q';
    });
    expect(await other).toBe('q');
    expect(order).toEqual(['p1 start', 'q1']);
    release();
    await expect(first).rejects.toThrow('p1 failed');
    expect(await second).toBe(2);
    expect(order).toEqual(['p1 start', 'q1', 'p1 end', 'p2']);
  });

  it('shares the answer of a keyed request in flight with its repeat, not with another request', async () => {
    const onceInFlight = createOnceInFlight<string>();
    const hash = Buffer.from('a');
    let runs = 0;
    let release = () => {};
    const work = () => {
      runs += 1;
      return new Promise<string>((resolve) => {
        release = () => resolve(`answer ${runs}`);
      });
    };
    const first = onceInFlight('c', 'key-0001', hash, work);
    const repeat = onceInFlight('c', 'key-0001', Buffer.from('a'), work);
    expect(runs).toBe(1);
    const other = onceInFlight('c', 'key-0001', Buffer.from('b'), async () => 'other request');
    release();
    expect(await first).toBe('answer 1');
    expect(await repeat).toBe('answer 1');
    expect(await other).toBe('other request');
    // Once answered it is forgotten: PostgreSQL's record of the key answers a later repeat.
    const later = onceInFlight('c', 'key-0001', hash, async () => 'decided again');
    expect(await later).toBe('decided again');
    // Without a key every request is decided.
    expect(await onceInFlight('c', undefined, null, async () => 'no key')).toBe('no key');
  });
});

describe('make', () => {
  const placement = (marketType: Placement['marketType']): Placement => ({
    eventId: 9,
    marketId: '1.9',
    marketType,
    positionKey: '1.9',
    selectionId: '1',
    selectionName: 'Home',
    betType: 'Back',
    odds: 200,
    askedOdds: 200,
    price: 0,
    stake: 100,
    figures: { profit: 10_000 as Paise, liability: 10_000 as Paise },
    bet: OPEN,
    exposureWith: (open) => BigInt(10_000 * (open.length + 1)),
    delayS: 0,
    downAt: 0,
  });

  function maker(outcomes: PlaceOutcome[]) {
    const positions = createPositionMemory();
    const made: BetCall[] = [];
    const fancy: string[] = [];
    const deps = {
      clock: manualClock(new Date('2026-01-01T12:00:00Z')),
      positions,
      calls: {
        async optimistic(call: BetCall) {
          made.push(call);
          const next = outcomes.shift();
          if (!next) throw new Error('no more answers');
          return next;
        },
        locked: () => Promise.reject(new Error('not contended')),
      },
      fancyPlaced: (clientId: string, eventId: number) => fancy.push(`${clientId}:${eventId}`),
      messages: betMessagesJson('Asia/Kolkata'),
    };
    return { deps, positions, made, fancy };
  }

  it('calls bet_place with the exposure on the known position, and remembers the bet in it', async () => {
    const { deps, positions, made, fancy } = maker([stale('3'), placed('4')]);
    const request = { clientId: '11', key: 'key-0001', hash: Buffer.from('h') };
    expect(await make(deps, '11|1.9', placement('MATCH_ODDS'), request)).toEqual({
      Status: true,
      Result: 'Bet placed successfully',
    });
    expect(made.map((call) => [call.version, call.exposure, call.key])).toEqual([
      ['0', 10_000n, 'key-0001'],
      ['3', 20_000n, 'key-0001'],
    ]);
    expect(positions.get('11|1.9')).toEqual({ version: '4', bets: [OPEN, OPEN] });
    expect(fancy).toEqual([]);
  });

  it('asks bet_place to answer "Bet placed successfully at 1.85" for a bet made at a better price than asked', async () => {
    const { deps, made } = maker([placed('1'), placed('2'), placed('3')]);
    const request = { clientId: '11', key: undefined, hash: null };
    const improved = { ...placement('MATCH_ODDS'), odds: 185, askedOdds: 180 };
    await make(deps, '11|1.9', improved, request);
    await make(deps, '11|1.9', placement('MATCH_ODDS'), request);
    await make(deps, '11|9B', { ...placement('BOOKMAKER'), odds: 45, askedOdds: 45 }, request);
    expect(made.map((call) => [call.odds, call.placed])).toEqual([
      [185, 'Bet placed successfully at 1.85'],
      [200, 'Bet placed successfully'],
      [45, 'Bet placed successfully'],
    ]);
  });

  it("tells a fancy bet placed; remembers nothing of a refusal; answers a key's replay", async () => {
    const fancyBet = maker([placed('1')]);
    await make(fancyBet.deps, '11|9-1', placement('FANCY'), {
      clientId: '11',
      key: undefined,
      hash: null,
    });
    expect(fancyBet.fancy).toEqual(['11:9']);

    const refused = maker([
      {
        outcome: 'answered',
        answer: { Status: false, Result: 'Insufficient balance' },
        version: null,
      },
    ]);
    expect(
      await make(refused.deps, '11|1.9', placement('MATCH_ODDS'), {
        clientId: '11',
        key: undefined,
        hash: null,
      }),
    ).toEqual({ Status: false, Result: 'Insufficient balance' });
    expect(refused.positions.get('11|1.9')).toBe(UNSEEN);

    const replay = maker([{ outcome: 'replay', answer: { Status: true, Result: 'earlier' } }]);
    expect(
      await make(replay.deps, '11|1.9', placement('MATCH_ODDS'), {
        clientId: '11',
        key: 'key-0001',
        hash: Buffer.from('h'),
      }),
    ).toEqual({ Status: true, Result: 'earlier' });

    const conflict = maker([{ outcome: 'conflict' }]);
    await expect(
      make(conflict.deps, '11|1.9', placement('MATCH_ODDS'), {
        clientId: '11',
        key: 'key-0001',
        hash: Buffer.from('h'),
      }),
    ).rejects.toThrow('Idempotency-Key');
  });
});
