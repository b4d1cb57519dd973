import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bestOffers, createStreamCache } from './cache.js';
import type { MarketChangeMessage, MarketDefinition } from './messages.js';
import { createTranslator, rupeeSize } from './translate.js';

/* The market cache by Betfair's rules (docs/feeds.md, "The stream's rules"), message by message. */

const definition = (overrides: Partial<MarketDefinition> = {}): MarketDefinition => ({
  eventId: '100',
  eventTypeId: '4',
  marketType: 'MATCH_ODDS',
  status: 'OPEN',
  inPlay: false,
  betDelay: 0,
  eventName: 'Home v Away',
  name: 'Match Odds',
  runners: [
    { id: 1, status: 'ACTIVE', sortPriority: 1, name: 'Home' },
    { id: 2, status: 'ACTIVE', sortPriority: 2, name: 'Away' },
  ],
  ...overrides,
});

const mcm = (mc: MarketChangeMessage['mc'], pt = 1): MarketChangeMessage => ({ op: 'mcm', pt, mc });

describe('the stream cache', () => {
  it('keys full ladders by price and removes a price whose size is 0; a delta changes only what it names', () => {
    const cache = createStreamCache({ firstIsImage: false });
    cache.apply(
      mcm([
        {
          id: '1.5',
          img: true,
          marketDefinition: definition(),
          rc: [
            {
              id: 1,
              atb: [
                [1.9, 10],
                [1.88, 20],
                [1.87, 5],
                [1.8, 1],
              ],
              atl: [[1.92, 7]],
            },
          ],
        },
      ]),
    );
    cache.apply(
      mcm([
        {
          id: '1.5',
          rc: [
            {
              id: 1,
              atb: [
                [1.9, 0],
                [1.89, 3],
              ],
            },
          ],
        },
      ]),
    );
    const runner = cache.market('1.5')!.runners.get('1:0')!;
    expect(bestOffers(runner, 'back', 3)).toEqual([
      [1.89, 3],
      [1.88, 20],
      [1.87, 5],
    ]);
    expect(bestOffers(runner, 'lay', 3)).toEqual([[1.92, 7]]);
  });

  it('keeps the best three through any run of changes as a sort of the whole ladder finds them', () => {
    const price = fc.integer({ min: 101, max: 140 }).map((hundredths) => hundredths / 100);
    const change = fc.array(
      fc.tuple(price, fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 50 }))),
      {
        maxLength: 6,
      },
    );
    fc.assert(
      fc.property(fc.array(fc.tuple(change, change), { maxLength: 40 }), (changes) => {
        const cache = createStreamCache({ firstIsImage: false });
        cache.apply(
          mcm([{ id: '1.5', img: true, marketDefinition: definition(), rc: [{ id: 1 }] }]),
        );
        const ladders = { atb: new Map<number, number>(), atl: new Map<number, number>() };
        for (const [atb, atl] of changes) {
          cache.apply(mcm([{ id: '1.5', rc: [{ id: 1, atb, atl }] }]));
          for (const [side, entries] of [
            [ladders.atb, atb],
            [ladders.atl, atl],
          ] as const) {
            for (const [p, size] of entries) {
              if (size === 0) side.delete(p);
              else side.set(p, size);
            }
          }
          const runner = cache.market('1.5')!.runners.get('1:0')!;
          const top = (side: Map<number, number>, descending: boolean) =>
            [...side].sort((a, b) => (descending ? b[0] - a[0] : a[0] - b[0])).slice(0, 3);
          expect(bestOffers(runner, 'back', 3)).toEqual(top(ladders.atb, true));
          expect(bestOffers(runner, 'lay', 3)).toEqual(top(ladders.atl, false));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('keys best-offer ladders by level, and prefers them to the full ladder', () => {
    const cache = createStreamCache({ firstIsImage: false });
    cache.apply(
      mcm([
        {
          id: '1.5',
          img: true,
          marketDefinition: definition(),
          rc: [
            {
              id: 1,
              batb: [
                [0, 2.0, 5],
                [1, 1.99, 8],
                [2, 1.98, 1],
              ],
              atb: [[5, 1]],
            },
          ],
        },
      ]),
    );
    cache.apply(
      mcm([
        {
          id: '1.5',
          rc: [
            {
              id: 1,
              batb: [
                [0, 2.02, 4],
                [2, 0, 0],
              ],
            },
          ],
        },
      ]),
    );
    expect(bestOffers(cache.market('1.5')!.runners.get('1:0')!, 'back', 3)).toEqual([
      [2.02, 4],
      [1.99, 8],
    ]);
  });

  it("starts a market afresh on an image, and takes a historic file's first line as one", () => {
    const cache = createStreamCache({ firstIsImage: true });
    cache.apply(
      mcm([
        { id: '1.5', img: false, marketDefinition: definition(), rc: [{ id: 1, atb: [[2, 5]] }] },
      ]),
    );
    expect(cache.market('1.5')!.runners.get('1:0')!.atb.get(2)).toBe(5);
    cache.apply(mcm([{ id: '1.5', img: true, rc: [{ id: 2, atl: [[3, 1]] }] }]));
    expect(cache.market('1.5')!.runners.has('1:0')).toBe(false);
    expect(cache.market('1.5')!.definition?.eventName).toBe('Home v Away');
  });

  it('counts a delta for a market it never imaged on the live stream, and takes nothing of it', () => {
    const cache = createStreamCache({ firstIsImage: false });
    expect(cache.apply(mcm([{ id: '1.9', rc: [{ id: 1, atb: [[2, 5]] }] }]))).toEqual([]);
    expect(cache.unknown).toBe(1);
    expect(cache.market('1.9')).toBeUndefined();
  });

  it('breaks a market on a change it cannot apply until its next image', () => {
    const cache = createStreamCache({ firstIsImage: false });
    cache.apply(
      mcm([
        { id: '1.5', img: true, marketDefinition: definition(), rc: [{ id: 1, atb: [[2, 5]] }] },
      ]),
    );
    cache.apply(mcm([{ id: '1.5', rc: [{ id: 1, atb: [['x', 5]] as never }] }]));
    expect(cache.malformed).toBe(1);
    expect(cache.market('1.5')!.broken).not.toBeNull();
    cache.apply(mcm([{ id: '1.5', rc: [{ id: 1, atb: [[2.1, 5]] }] }]));
    expect(cache.market('1.5')!.runners.get('1:0')!.atb.has(2.1)).toBe(false);
    cache.apply(mcm([{ id: '1.5', img: true, rc: [{ id: 1, atb: [[2.2, 5]] }] }]));
    expect(cache.market('1.5')!.broken).toBeNull();
  });
});

describe('the translation to feed updates', () => {
  const settings = {
    sizeRate: 100,
    eventTypes: [4, 1, 2],
    marketTypes: ['MATCH_ODDS'],
    maxStakeMatch: 500_000,
    maxStakeSession: 100_000,
  };

  it('rounds sizes to the rupee, at least ₹1 while Betfair shows any', () => {
    expect(rupeeSize(12.345, 100)).toBe(1235);
    expect(rupeeSize(0.001, 100)).toBe(1);
    expect(rupeeSize(2, 82.5)).toBe(165);
  });

  it('suspends a crossed book and shows none of its prices', () => {
    const cache = createStreamCache({ firstIsImage: false });
    const translator = createTranslator({ settings, log: () => {} });
    cache.apply(
      mcm([
        {
          id: '1.5',
          img: true,
          marketDefinition: definition(),
          rc: [
            { id: 1, atb: [[2.0, 5]], atl: [[2.0, 5]] },
            { id: 2, atb: [[1.9, 5]], atl: [[2.1, 5]] },
          ],
        },
      ]),
    );
    const market = translator.updates(cache, ['1.5']).find((update) => update.kind === 'market');
    expect(market).toMatchObject({ status: 'SUSPENDED' });
    expect(
      market?.kind === 'market' &&
        market.runners.every((r) => r.back.length === 0 && r.lay.length === 0),
    ).toBe(true);
    expect(translator.counts.crossed).toBe(1);
  });

  it('leaves out removed runners, voids a market closed with no winner and closes its event', () => {
    const cache = createStreamCache({ firstIsImage: false });
    const translator = createTranslator({ settings, log: () => {} });
    cache.apply(
      mcm([
        {
          id: '1.5',
          img: true,
          marketDefinition: definition({
            runners: [
              { id: 1, status: 'ACTIVE', sortPriority: 1, name: 'Home' },
              { id: 2, status: 'ACTIVE', sortPriority: 2, name: 'Away' },
              { id: 3, status: 'REMOVED', sortPriority: 3, name: 'Gone' },
            ],
          }),
        },
      ]),
    );
    const made = translator.updates(cache, ['1.5']);
    expect(made[0]).toMatchObject({
      kind: 'event',
      event: { markets: [{ runners: [{ selectionId: 1 }, { selectionId: 2 }] }] },
    });
    cache.apply(
      mcm([
        {
          id: '1.5',
          marketDefinition: definition({
            status: 'CLOSED',
            runners: [
              { id: 1, status: 'LOSER', name: 'Home' },
              { id: 2, status: 'LOSER', name: 'Away' },
            ],
          }),
        },
      ]),
    );
    const closed = translator.updates(cache, ['1.5']);
    expect(closed).toContainEqual({
      kind: 'result',
      declaration: { kind: 'void-market', marketId: '1.5', reason: 'Voided by the exchange' },
    });
    expect(closed).toContainEqual({ kind: 'eventStatus', eventId: 100, status: 'closed' });
  });

  it("waits for the catalogue's names when the definition has none, then makes the market with them", () => {
    const cache = createStreamCache({ firstIsImage: false });
    let names:
      Parameters<NonNullable<Parameters<typeof createTranslator>[0]['names']>>[0] | undefined;
    const catalogue = new Map([
      [
        '1.5',
        {
          eventName: 'Lions v Tigers',
          competition: 'Cup',
          marketName: 'Match Odds',
          runners: new Map([
            [1, 'Lions'],
            [2, 'Tigers'],
          ]),
        },
      ],
    ]);
    let ready = false;
    const translator = createTranslator({
      settings,
      names: (id) => {
        names = id;
        return ready ? catalogue.get(id) : undefined;
      },
      log: () => {},
    });
    // The live stream's definitions name nothing.
    const bare = JSON.parse(
      JSON.stringify(definition(), (key, value: unknown) =>
        key === 'name' || key === 'eventName' ? undefined : value,
      ),
    ) as MarketDefinition;
    cache.apply(mcm([{ id: '1.5', img: true, marketDefinition: bare }]));
    expect(translator.updates(cache, ['1.5'])).toEqual([]);
    expect(names).toBe('1.5');
    expect(translator.takeWaiting()).toEqual(['1.5']);
    ready = true;
    expect(translator.updates(cache, ['1.5'])[0]).toMatchObject({
      kind: 'event',
      event: {
        name: 'Lions v Tigers',
        seriesName: 'Cup',
        markets: [{ runners: [{ name: 'Lions' }, { name: 'Tigers' }] }],
      },
    });
  });
});
