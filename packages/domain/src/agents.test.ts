import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AGENT_LEVELS,
  AGENT_MESSAGES,
  canCreate,
  commissionRateCheck,
  matchCommission,
  referencePl,
  reverseSplit,
  sessionCommission,
  splitCommission,
  splitResult,
  takesOnPath,
  type AgentLevel,
  type LevelBooking,
  type PathLevel,
  type SplitBet,
  type TakeShare,
} from './agents.js';

const level = (userId: string, at: AgentLevel, partnershipBp: number): PathLevel => ({
  userId,
  level: at,
  partnershipBp,
});

/** The takes of a path known to be valid. */
function takesOf(path: readonly PathLevel[]): TakeShare[] {
  const result = takesOnPath(path);
  if (!result.ok) throw new Error(result.message);
  return result.takes.map(({ userId, takeBp }) => ({ userId, takeBp }));
}

/** The bookings of a split known to be valid, as { userId: paise }. */
function booked(result: ReturnType<typeof splitResult>): Record<string, bigint> {
  if (!result.ok) throw new Error(result.message);
  return Object.fromEntries(result.bookings.map(({ userId, paise }) => [userId, paise]));
}

function bookingsOf(result: ReturnType<typeof splitResult>): readonly LevelBooking[] {
  if (!result.ok) throw new Error(result.message);
  return result.bookings;
}

/** docs/agents.md, "Worked example": admin → supermaster 90 % → master 80 % → agent 70 %. */
const WORKED_PATH = [
  level('admin', 'admin', 10_000),
  level('sm1', 'supermaster', 9000),
  level('m1', 'master', 8000),
  level('a1', 'agent', 7000),
];

/** docs/agents.md, "Rounding": admin → master 66.67 % → agent 33.34 %. */
const THIRDS_PATH = [
  level('admin', 'admin', 10_000),
  level('m2', 'master', 6667),
  level('a2', 'agent', 3334),
];

describe('canCreate', () => {
  it('lets a user create any level below its own and nothing else', () => {
    expect(canCreate('admin', 'supermaster')).toBe(true);
    expect(canCreate('admin', 'client')).toBe(true);
    expect(canCreate('master', 'agent')).toBe(true);
    expect(canCreate('master', 'client')).toBe(true);
    expect(canCreate('agent', 'client')).toBe(true);
    expect(canCreate('agent', 'master')).toBe(false);
    expect(canCreate('master', 'master')).toBe(false);
    expect(canCreate('supermaster', 'admin')).toBe(false);
    expect(canCreate('client', 'client')).toBe(false);
  });

  it('is exactly "strictly lower in the list admin, supermaster, master, agent, client"', () => {
    expect(AGENT_LEVELS).toEqual(['admin', 'supermaster', 'master', 'agent', 'client']);
    for (const [i, parent] of AGENT_LEVELS.entries())
      for (const [j, child] of AGENT_LEVELS.entries()) expect(canCreate(parent, child)).toBe(j > i);
  });
});

describe('takesOnPath', () => {
  it('gives each level its partnership less its child’s: 10/10/10/70 % in the worked example', () => {
    expect(takesOnPath(WORKED_PATH)).toEqual({
      ok: true,
      takes: [
        { userId: 'admin', level: 'admin', takeBp: 1000 },
        { userId: 'sm1', level: 'supermaster', takeBp: 1000 },
        { userId: 'm1', level: 'master', takeBp: 1000 },
        { userId: 'a1', level: 'agent', takeBp: 7000 },
      ],
    });
  });

  it('skips absent levels: a master creating clients directly keeps its whole partnership', () => {
    expect(takesOnPath(THIRDS_PATH)).toEqual({
      ok: true,
      takes: [
        { userId: 'admin', level: 'admin', takeBp: 3333 },
        { userId: 'm2', level: 'master', takeBp: 3333 },
        { userId: 'a2', level: 'agent', takeBp: 3334 },
      ],
    });
  });

  it('gives the admin all of a client it created itself, and nothing to a level at 0 %', () => {
    expect(takesOnPath([level('admin', 'admin', 10_000)])).toEqual({
      ok: true,
      takes: [{ userId: 'admin', level: 'admin', takeBp: 10_000 }],
    });
    expect(takesOnPath([level('admin', 'admin', 10_000), level('a', 'agent', 0)])).toMatchObject({
      ok: true,
      takes: [{ takeBp: 10_000 }, { takeBp: 0 }],
    });
  });

  it('refuses a path that breaks the rules, saying which user and why', () => {
    const admin = level('admin', 'admin', 10_000);
    expect(takesOnPath([])).toEqual({ ok: false, message: AGENT_MESSAGES.emptyPath });
    expect(takesOnPath([level('m1', 'master', 8000)])).toEqual({
      ok: false,
      message: 'A path starts with the admin, not m1 (master)',
    });
    expect(takesOnPath([admin, level('m1', 'master', 10_001)])).toEqual({
      ok: false,
      message:
        'The partnership of m1 must be whole basis points from 0 to 10000 (0 to 100 %), not 10001',
    });
    expect(takesOnPath([admin, level('m1', 'master', 55.5)])).toMatchObject({ ok: false });
    expect(takesOnPath([admin, level('m1', 'master', -1)])).toMatchObject({ ok: false });
    expect(takesOnPath([level('admin', 'admin', 9000)])).toEqual({
      ok: false,
      message: "The admin's partnership is 100 %, not 90 % (admin)",
    });
    expect(takesOnPath([admin, level('c1', 'client', 0)])).toEqual({
      ok: false,
      message: "c1 is a client: a path ends at the client's parent and a client has no partnership",
    });
    expect(
      takesOnPath([admin, level('m1', 'master', 8000), level('s1', 'supermaster', 7000)]),
    ).toEqual({
      ok: false,
      message: "s1 (supermaster) cannot be below m1 (master): each level is below its parent's",
    });
    expect(takesOnPath([admin, level('m1', 'master', 8000), level('m2', 'master', 7000)])).toEqual({
      ok: false,
      message: "m2 (master) cannot be below m1 (master): each level is below its parent's",
    });
    expect(takesOnPath([admin, level('m1', 'master', 6667), level('a1', 'agent', 7000)])).toEqual({
      ok: false,
      message: "The partnership of a1, 70 %, is above its parent m1's 66.67 %",
    });
    expect(takesOnPath([admin, level('admin', 'master', 8000)])).toEqual({
      ok: false,
      message: 'admin appears twice',
    });
  });
});

describe('the worked example (docs/agents.md)', () => {
  const takes = takesOf(WORKED_PATH);

  it('splits a client’s loss of ₹1,000 as +₹100, +₹100, +₹100 and +₹700', () => {
    expect(booked(splitResult([{ resultPaise: -100_000n, takes }]))).toEqual({
      admin: 10_000n,
      sm1: 10_000n,
      m1: 10_000n,
      a1: 70_000n,
    });
  });

  it('pays the client ₹10 of match commission at 1 %, borne ₹1, ₹1, ₹1 and ₹7', () => {
    const commission = matchCommission(-100_000n, 100);
    expect(commission).toBe(1000n);
    expect(booked(splitCommission(commission, takes))).toEqual({
      admin: -100n,
      sm1: -100n,
      m1: -100n,
      a1: -700n,
    });
  });

  it('leaves each credit reference’s P/L at what that user owes its parent', () => {
    const rupees = (amount: number) => BigInt(amount) * 100n;
    const split = booked(splitResult([{ resultPaise: -100_000n, takes }]));
    const borne = booked(splitCommission(matchCommission(-100_000n, 100), takes));
    const net = (userId: string) => (split[userId] ?? 0n) + (borne[userId] ?? 0n);
    // Lent: sm1 ₹10,00,000, m1 ₹5,00,000, a1 ₹1,00,000, c1 ₹10,000, each as that many chips.
    const c1 = rupees(10_000) - 100_000n + 1000n;
    const a1 = rupees(1_00_000 - 10_000) + net('a1') + c1;
    const m1 = rupees(5_00_000 - 1_00_000) + net('m1') + a1;
    const sm1 = rupees(10_00_000 - 5_00_000) + net('sm1') + m1;
    expect([c1, a1, m1, sm1]).toEqual([
      rupees(9010),
      rupees(99_703),
      rupees(4_99_802),
      rupees(9_99_901),
    ]);
    expect(referencePl(c1, rupees(10_000))).toBe(rupees(-990));
    expect(referencePl(a1, rupees(1_00_000))).toBe(rupees(-297));
    expect(referencePl(m1, rupees(5_00_000))).toBe(rupees(-198));
    expect(referencePl(sm1, rupees(10_00_000))).toBe(rupees(-99));
    expect(net('admin')).toBe(rupees(99));
  });

  it('splits bets placed under two versions each by its own takes', () => {
    // The master lowers the agent to 60 % between the two bets: version 2 is 10/10/20/60 %.
    const version2 = takesOf([
      level('admin', 'admin', 10_000),
      level('sm1', 'supermaster', 9000),
      level('m1', 'master', 8000),
      level('a1', 'agent', 6000),
    ]);
    const bets = [
      { resultPaise: -60_000n, takes },
      { resultPaise: 10_000n, takes: version2 },
    ];
    expect(booked(splitResult(bets))).toEqual({ admin: 5000n, sm1: 5000n, m1: 4000n, a1: 36_000n });
    // Net loss ₹500 at 1 %: ₹5, borne by the takes of the latest bet's version.
    expect(booked(splitCommission(matchCommission(-50_000n, 100), version2))).toEqual({
      admin: -50n,
      sm1: -50n,
      m1: -100n,
      a1: -300n,
    });
  });
});

describe('largest-remainder rounding (docs/agents.md)', () => {
  const takes = takesOf(THIRDS_PATH);

  it('splits a loss of ₹333.33 over 33.33/33.33/33.34 % as ₹111.10, ₹111.10 and ₹111.13', () => {
    // Exact shares 111.098889, 111.098889, 111.132222: ₹111.09, ₹111.09, ₹111.13 rounded down
    // leave 2 paise, which go to the two largest remainders (0.8889 each).
    expect(booked(splitResult([{ resultPaise: -33_333n, takes }]))).toEqual({
      admin: 11_110n,
      m2: 11_110n,
      a2: 11_113n,
    });
  });

  it('pays ₹3.33 of commission on it at 1 % (₹3.3333 rounded down), borne ₹1.11 each', () => {
    const commission = matchCommission(-33_333n, 100);
    expect(commission).toBe(333n);
    // Exact −110.9889, −110.9889, −111.0222: rounded down to −111, −111, −112 (one paisa too
    // many), and the agent's remainder (0.9778) is the largest.
    expect(booked(splitCommission(commission, takes))).toEqual({
      admin: -111n,
      m2: -111n,
      a2: -111n,
    });
  });

  it('breaks a tie of remainders to the higher level', () => {
    const halves = takesOf([level('admin', 'admin', 10_000), level('a3', 'agent', 5000)]);
    expect(booked(splitResult([{ resultPaise: -1n, takes: halves }]))).toEqual({
      admin: 1n,
      a3: 0n,
    });
    expect(booked(splitResult([{ resultPaise: 1n, takes: halves }]))).toEqual({
      admin: 0n,
      a3: -1n,
    });
  });

  it('reverses what was booked, not a new split of the negated result', () => {
    const halves = takesOf([level('admin', 'admin', 10_000), level('a3', 'agent', 5000)]);
    const loss = bookingsOf(splitResult([{ resultPaise: -1n, takes: halves }]));
    expect(reverseSplit(loss)).toEqual([
      { userId: 'admin', paise: -1n },
      { userId: 'a3', paise: 0n },
    ]);
  });
});

describe('splitResult', () => {
  it('books nothing for no bets and a zero for a level whose take is 0', () => {
    expect(splitResult([])).toEqual({ ok: true, bookings: [] });
    expect(
      booked(
        splitResult([
          {
            resultPaise: -500n,
            takes: [
              { userId: 'admin', takeBp: 10_000 },
              { userId: 'a', takeBp: 0 },
            ],
          },
        ]),
      ),
    ).toEqual({ admin: 500n, a: 0n });
  });

  it('refuses takes that are not a whole 100 %, naming the bet', () => {
    const good = { resultPaise: 100n, takes: [{ userId: 'admin', takeBp: 10_000 }] };
    expect(
      splitResult([
        good,
        {
          resultPaise: 100n,
          takes: [
            { userId: 'admin', takeBp: 3333 },
            { userId: 'a', takeBp: 6666 },
          ],
        },
      ]),
    ).toEqual({ ok: false, message: 'Bet 2: the takes sum to 99.99 %, not 100 %' });
    expect(splitResult([{ resultPaise: 100n, takes: [] }])).toEqual({
      ok: false,
      message: 'Bet 1: the takes sum to 0 %, not 100 %',
    });
    expect(
      splitResult([
        {
          resultPaise: 100n,
          takes: [
            { userId: 'admin', takeBp: 10_500 },
            { userId: 'a', takeBp: -500 },
          ],
        },
      ]),
    ).toEqual({
      ok: false,
      message: 'Bet 1: the take of admin must be whole basis points from 0 to 10000, not 10500',
    });
    expect(
      splitResult([
        {
          resultPaise: 100n,
          takes: [
            { userId: 'admin', takeBp: 5000 },
            { userId: 'admin', takeBp: 5000 },
          ],
        },
      ]),
    ).toEqual({ ok: false, message: 'Bet 1: admin has two takes' });
  });
});

describe('commission', () => {
  it('pays match commission only on a net loss, rounded down to the paisa', () => {
    expect(matchCommission(100_000n, 100)).toBe(0n);
    expect(matchCommission(0n, 100)).toBe(0n);
    expect(matchCommission(-99n, 100)).toBe(0n);
    expect(matchCommission(-199n, 50)).toBe(0n);
    expect(matchCommission(-200n, 50)).toBe(1n);
    expect(matchCommission(-100_000n, 0)).toBe(0n);
    expect(matchCommission(-100_000n, 10_000)).toBe(100_000n);
  });

  it('pays session commission on the summed stakes, win or lose, rounded down once', () => {
    // ₹100 + ₹250.50 + ₹3.33 = ₹353.83 at 1.5 %: ₹5.30745 → ₹5.30.
    expect(sessionCommission([10_000n, 25_050n, 333n], 150)).toBe(530n);
    // Rounded per bet it would be 0: 3 × 66 paise at 1 % is 0.66 paise each.
    expect(sessionCommission([66n, 66n, 66n], 100)).toBe(1n);
    expect(sessionCommission([], 100)).toBe(0n);
  });

  it('accepts a rate of whole basis points up to the parent’s setting', () => {
    expect(commissionRateCheck(100, 200)).toEqual({ ok: true });
    expect(commissionRateCheck(200, 200)).toEqual({ ok: true });
    expect(commissionRateCheck(0, 0)).toEqual({ ok: true });
    expect(commissionRateCheck(250, 200)).toEqual({
      ok: false,
      message: "A commission rate of 2.50 % is above the parent's 2 %",
    });
    expect(commissionRateCheck(1.5, 200)).toEqual({
      ok: false,
      message: 'A commission rate must be whole basis points from 0 to 10000 (0 to 100 %), not 1.5',
    });
    expect(commissionRateCheck(-1, 200)).toMatchObject({ ok: false });
  });
});

describe('referencePl', () => {
  it('is the balance less the credit reference', () => {
    expect(referencePl(900_000n, 1_000_000n)).toBe(-100_000n);
    expect(referencePl(1_025_050n, 1_000_000n)).toBe(25_050n);
    expect(referencePl(0n, 0n)).toBe(0n);
  });
});

// Properties ----------------------------------------------------------------------------------

/** A valid path: the admin, then any of the three middle levels in order, partnerships falling. */
const pathArb = (tag: string) =>
  fc
    .record({
      present: fc.tuple(fc.boolean(), fc.boolean(), fc.boolean()),
      shares: fc.tuple(
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 0, max: 10_000 }),
      ),
    })
    .map(({ present, shares }) => {
      const falling = [...shares].sort((a, b) => b - a);
      const middle = (['supermaster', 'master', 'agent'] as const).flatMap((at, i) =>
        present[i] ? [level(`${at}${tag}`, at, falling[i] ?? 0)] : [],
      );
      return [level('admin', 'admin', 10_000), ...middle];
    });

const resultArb = fc.bigInt({ min: -1_000_000_000_000n, max: 1_000_000_000_000n });

/**
 * A client's market: up to three versions of its path (the same users, or a moved client's
 * other upline), and bets each under one of them.
 */
const marketArb = fc.tuple(pathArb('1'), pathArb('1'), pathArb('2')).chain((paths) => {
  const versions = paths.map(takesOf);
  return fc
    .array(fc.record({ resultPaise: resultArb, version: fc.nat({ max: 2 }) }), {
      minLength: 1,
      maxLength: 12,
    })
    .map((drawn) =>
      drawn.map(({ resultPaise, version }) => ({
        resultPaise,
        version,
        takes: versions[version] ?? [],
      })),
    );
});

/** Each user's exact share × 10000 (paise): Σ −X·take over the bets. */
function exactShares(bets: readonly SplitBet[]): Map<string, bigint> {
  const shares = new Map<string, bigint>();
  for (const bet of bets)
    for (const { userId, takeBp } of bet.takes)
      shares.set(userId, (shares.get(userId) ?? 0n) - bet.resultPaise * BigInt(takeBp));
  return shares;
}

const sum = (values: readonly bigint[]) => values.reduce((a, b) => a + b, 0n);
const abs = (value: bigint) => (value < 0n ? -value : value);

describe('properties', () => {
  it('the takes on any valid path are never negative and sum to exactly 100 %', () => {
    fc.assert(
      fc.property(pathArb(''), (path) => {
        const result = takesOnPath(path);
        expect(result.ok).toBe(true);
        if (!result.ok) return;
        expect(result.takes.every(({ takeBp }) => takeBp >= 0)).toBe(true);
        expect(result.takes.reduce((total, { takeBp }) => total + takeBp, 0)).toBe(10_000);
        expect(result.takes.map(({ userId }) => userId)).toEqual(path.map(({ userId }) => userId));
      }),
      { numRuns: 1000 },
    );
  });

  it('a path with a partnership raised above its parent’s is refused', () => {
    fc.assert(
      fc.property(pathArb(''), fc.integer({ min: 1, max: 10_000 }), (path, raise) => {
        if (path.length < 3) return;
        const [admin, first, ...rest] = path;
        if (admin === undefined || first === undefined || first.partnershipBp === 10_000) return;
        const raised = rest.map((member, i) =>
          i === 0
            ? { ...member, partnershipBp: Math.min(10_000, first.partnershipBp + raise) }
            : member,
        );
        expect(takesOnPath([admin, first, ...raised])).toMatchObject({ ok: false });
      }),
    );
  });

  it('the split always sums to exactly minus the results, each within one paisa of its share', () => {
    fc.assert(
      fc.property(marketArb, (bets) => {
        const bookings = bookingsOf(splitResult(bets));
        expect(sum(bookings.map(({ paise }) => paise))).toBe(-sum(bets.map((b) => b.resultPaise)));
        const exact = exactShares(bets);
        expect(bookings.map(({ userId }) => userId)).toEqual([...exact.keys()]);
        for (const { userId, paise } of bookings)
          expect(abs(paise * 10_000n - (exact.get(userId) ?? 0n))).toBeLessThan(10_000n);
      }),
      { numRuns: 1000 },
    );
  });

  it('a split over many versions is each version’s exact shares summed, within the rounding', () => {
    fc.assert(
      fc.property(marketArb, (bets) => {
        const combined = booked(splitResult(bets));
        const exact = new Map<string, bigint>();
        const roundedPerVersion = new Map<string, bigint>();
        for (const version of [0, 1, 2]) {
          const ofVersion = bets.filter((bet) => bet.version === version);
          for (const [userId, share] of exactShares(ofVersion))
            exact.set(userId, (exact.get(userId) ?? 0n) + share);
          for (const { userId, paise } of bookingsOf(splitResult(ofVersion)))
            roundedPerVersion.set(userId, (roundedPerVersion.get(userId) ?? 0n) + paise);
        }
        for (const [userId, paise] of Object.entries(combined)) {
          expect(abs(paise * 10_000n - (exact.get(userId) ?? 0n))).toBeLessThan(10_000n);
          // Rounding once per version would drift up to a paisa a version; once overall, one.
          expect(abs(paise - (roundedPerVersion.get(userId) ?? 0n))).toBeLessThanOrEqual(3n);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('the reverse of a split undoes it exactly', () => {
    fc.assert(
      fc.property(marketArb, (bets) => {
        const bookings = bookingsOf(splitResult(bets));
        const reversed = reverseSplit(bookings);
        expect(reversed.map(({ userId }) => userId)).toEqual(bookings.map(({ userId }) => userId));
        reversed.forEach(({ paise }, i) => expect(paise + (bookings[i]?.paise ?? 0n)).toBe(0n));
        expect(reverseSplit(reversed)).toEqual(bookings);
      }),
    );
  });

  it('commission is never negative nor above what it is paid on, and no level gains from it', () => {
    const rateArb = fc.integer({ min: 0, max: 10_000 });
    fc.assert(
      fc.property(resultArb, rateArb, pathArb(''), (net, rate, path) => {
        const commission = matchCommission(net, rate);
        expect(commission >= 0n).toBe(true);
        expect(commission <= (net < 0n ? -net : 0n)).toBe(true);
        const bookings = bookingsOf(splitCommission(commission, takesOf(path)));
        expect(sum(bookings.map(({ paise }) => paise))).toBe(-commission);
        expect(bookings.every(({ paise }) => paise <= 0n)).toBe(true);
      }),
      { numRuns: 1000 },
    );
    fc.assert(
      fc.property(
        fc.array(fc.bigInt({ min: 1n, max: 10_000_000_000n })),
        rateArb,
        (stakes, rate) => {
          const commission = sessionCommission(stakes, rate);
          expect(commission >= 0n).toBe(true);
          expect(commission <= sum(stakes)).toBe(true);
        },
      ),
    );
  });
});
