import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson, requestHash } from './idempotency.service.js';

/**
 * The canonical form as the hashes stored with Idempotency-Keys were first made: JSON.stringify
 * with each object's entries sorted by localeCompare. A key retried after a deploy must hash the
 * same, so the faster canonicalJson must write exactly this.
 */
const reference = (value: unknown) =>
  JSON.stringify(value, (_key, item: unknown) =>
    item && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => a.localeCompare(b)))
      : item,
  );

describe('request hash', () => {
  it('writes the canonical form exactly as before, on any JSON value and key order', () => {
    const keys = fc.oneof(
      fc.string(),
      fc.constantFrom(
        '',
        'Stack',
        'stack',
        'sportsId',
        'SelectionID',
        '10',
        '2',
        '-1',
        '01',
        'é',
        'a\u0000',
        '\u0000b',
      ),
    );
    const value = fc.letrec((tie) => ({
      node: fc.oneof(
        { depthSize: 'small' },
        fc.jsonValue({ maxDepth: 1 }),
        fc.array(tie('node'), { maxLength: 4 }),
        fc.dictionary(keys, tie('node'), { maxKeys: 6 }),
        fc.constantFrom(undefined, Number.NaN, -0, new Date(0), () => 1),
      ),
    })).node;
    fc.assert(
      fc.property(value, (data) => {
        expect(canonicalJson(data)).toBe(reference(data));
      }),
      { numRuns: 5000 },
    );
  });

  it('hashes a bet draft as before, whatever the order of its fields', () => {
    const draft = { Stack: 500, Odds: 1.9, sportsId: 4, SelectionID: '11', BetType: 'Back' };
    const reordered = { BetType: 'Back', SelectionID: '11', sportsId: 4, Odds: 1.9, Stack: 500 };
    const before = createHash('sha256')
      .update('/api/BetModels/PostUserBet\n')
      .update(reference(draft))
      .digest();
    expect(requestHash('/api/BetModels/PostUserBet', draft)).toEqual(before);
    expect(requestHash('/api/BetModels/PostUserBet', reordered)).toEqual(before);
  });
});
