/**
 * The prices of the render-cost screen (bench/README.md): one cricket event with match odds,
 * bookmaker and toss (two runners each) and 40 fancy rows. Tick `n` moves every price; the
 * product gets it as one batch of operator fixture steps, the baseline as the same figures in one message.
 */

export const FANCY_ROWS = 40;
export const RUNNERS = ['Lions', 'Tigers'] as const;
export const FANCY_NAMES = Array.from({ length: FANCY_ROWS }, (_, index) =>
  index % 2 === 0 ? `${index + 6} over runs Lions` : `Tigers ${index + 6} over runs`,
);

export interface Side {
  readonly price: number;
  readonly size: number;
}

export interface TickRunner {
  readonly selectionId: number;
  readonly name: string;
  readonly back: Side;
  readonly lay: Side;
}

export interface TickMarket {
  /** 1.<EventId> (match odds), <EventId>B (bookmaker, odds per 100) or <EventId>T (toss). */
  readonly marketId: string;
  readonly name: string;
  readonly runners: readonly TickRunner[];
}

export interface TickFancy {
  readonly selectionId: string;
  readonly name: string;
  readonly noLine: number;
  readonly noRate: number;
  readonly yesLine: number;
  readonly yesRate: number;
}

export interface Tick {
  readonly n: number;
  readonly markets: readonly TickMarket[];
  readonly fancy: readonly TickFancy[];
}

const cents = (value: number) => Math.round(value * 100) / 100;

/**
 * Tick `n` of event `eventId`: every price differs from tick `n - 1`'s, and every quote is one the
 * house would offer (packages/domain/README.md#house-margins), or the PriceBook would show the
 * market SUSPENDED: the match odds' backs make at least 100 % and their lays at most 100 % (the
 * favourite shortens as the outsider drifts), the bookmaker keeps a margin of its own and sits
 * inside the match odds runner by runner, and the toss keeps its margins.
 */
export function tickData(eventId: number, n: number): Tick {
  const step = n % 5;
  const runner = (index: number, back: number, lay: number, size: number): TickRunner => ({
    selectionId: eventId * 100 + index + 1,
    name: RUNNERS[index] ?? `Runner ${index + 1}`,
    back: { price: back, size: size + 37 * n },
    lay: { price: lay, size: size + 500 + 29 * n },
  });
  return {
    n,
    markets: [
      {
        marketId: `1.${eventId}`,
        name: 'Match Odds',
        runners: [
          runner(0, cents(1.8 + step * 0.01), cents(1.82 + step * 0.01), 1000),
          runner(1, cents(2.2 - step * 0.02), cents(2.26 - step * 0.02), 2000),
        ],
      },
      {
        marketId: `${eventId}B`,
        name: 'Bookmaker',
        runners: [
          runner(0, 78 + step, 84 + step, 100_000),
          runner(1, 116 - 2 * step, 130 - 2 * step, 90_000),
        ],
      },
      {
        marketId: `${eventId}T`,
        name: 'Toss',
        runners: [
          runner(0, cents(1.9 + step * 0.01), cents(2.04 + step * 0.02), 5000),
          runner(1, cents(1.86 + step * 0.01), cents(2.08 + step * 0.02), 5000),
        ],
      },
    ],
    fancy: FANCY_NAMES.map((name, index) => {
      const noLine = 40 + index * 3 + (n % 3);
      return {
        selectionId: `${eventId}-${index + 1}`,
        name,
        noLine,
        noRate: 90 + step,
        yesLine: noLine + 1,
        yesRate: 110 - step,
      };
    }),
  };
}

/** The operator fixture steps that play a tick on the product (POST /api/ops/fixture-step). */
export function tickSteps(tick: Tick): object[] {
  return [
    ...tick.markets.map((market) => ({
      kind: 'prices',
      marketId: market.marketId,
      runners: market.runners.map((runner) => ({
        selectionId: runner.selectionId,
        back: [runner.back],
        lay: [runner.lay],
      })),
    })),
    {
      kind: 'fancy',
      rows: tick.fancy.map(({ selectionId, noLine, noRate, yesLine, yesRate }) => ({
        selectionId,
        noLine,
        noRate,
        yesLine,
        yesRate,
      })),
    },
  ];
}
