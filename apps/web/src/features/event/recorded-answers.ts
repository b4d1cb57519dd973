/**
 * Answers recorded from the server's markets and bets routes (simulator and a scripted fixture,
 * trimmed and renamed), used by the tests; each test parses them with the contract schema so
 * they stay honest.
 */

export const CRICKET_ID = 30412871;
export const SOCCER_ID = 31200455;

const runner = (marketId: string, selectionId: number, RunnerName: string, status = 'ACTIVE') => ({
  selectionId,
  RunnerName,
  status,
  marketId,
});

const market = (
  EventId: number,
  SportsId: number,
  MarketId: string,
  MarketName: string,
  MarketType: string,
  runners: ReturnType<typeof runner>[],
) => ({
  MarketId,
  MarketName,
  SeriesName: SportsId === 4 ? 'Indian T20 League' : 'English Premier League',
  EventId,
  MarketType,
  SportsId,
  MinStake: 500,
  MaxStake: 500000,
  BetDelay: 0,
  runners,
});

const C = CRICKET_ID;

/** GetEventDetail?eventId=30412871: match odds, bookmaker and toss; fancy on, betting open. */
export const cricketDetailAnswer = {
  Status: true,
  Result: {
    EventId: C,
    EventName: 'Mumbai Mavericks v Chennai Chargers',
    SeriesName: 'Indian T20 League',
    SportsId: 4,
    MarketTime: '2026-03-07T08:30:00.000Z',
    MarketStatus: 1,
    TvUrl: null as string | null,
    MarketList: [
      market(C, 4, `1.${C}`, 'Match Odds', 'MATCH_ODDS', [
        runner(`1.${C}`, C * 10 + 1, 'Mumbai Mavericks'),
        runner(`1.${C}`, C * 10 + 2, 'Chennai Chargers'),
      ]),
      market(C, 4, `${C}B`, 'Bookmaker', 'BOOKMAKER', [
        runner(`${C}B`, C * 10 + 4, 'Mumbai Mavericks'),
        runner(`${C}B`, C * 10 + 5, 'Chennai Chargers'),
      ]),
      market(C, 4, `${C}T`, 'Toss', 'TOSS', [
        runner(`${C}T`, C * 10 + 6, 'Mumbai Mavericks'),
        runner(`${C}T`, C * 10 + 7, 'Chennai Chargers'),
      ]),
    ],
    Seq: 400,
    fancy: {
      IsFancyActive: true,
      EvBetStatus: true,
      SessionMinStake: 100,
      SessionMaxStake: 100000,
      BetDelay: 0,
    },
  },
};

const S = SOCCER_ID;

/** GetEventDetail?eventId=31200455: three runners, home, away, draw. */
export const soccerDetailAnswer = {
  Status: true,
  Result: {
    EventId: S,
    EventName: 'Arsenal v Chelsea',
    SeriesName: 'English Premier League',
    SportsId: 1,
    MarketTime: '2026-03-07T12:30:00.000Z',
    MarketStatus: 1,
    TvUrl: 'http://127.0.0.1:8091/tv/31200455' as string | null,
    MarketList: [
      market(S, 1, `1.${S}`, 'Match Odds', 'MATCH_ODDS', [
        runner(`1.${S}`, S * 100 + 1, 'Arsenal'),
        runner(`1.${S}`, S * 100 + 2, 'Chelsea'),
        runner(`1.${S}`, S * 100 + 3, 'The Draw'),
      ]),
    ],
    Seq: 70,
    fancy: {
      IsFancyActive: false,
      EvBetStatus: true,
      SessionMinStake: 100,
      SessionMaxStake: 100000,
      BetDelay: 0,
    },
  },
};

const level = (price: number, size: number) => ({ price, size });

const exchangeRunner = (
  selectionId: number,
  back: number,
  backSize: number,
  lay: number,
  laySize: number,
  status = 'ACTIVE',
) => ({
  selectionId,
  status,
  exchange: {
    availableToBack: [level(back, backSize), level(back - 0.02, 41_000)],
    availableToLay: [level(lay, laySize), level(lay + 0.02, 38_000)],
  },
});

/** Odds/Market/1.30412871: match odds and toss, runners under `exchange`, keyed by id. */
export const cricketOddsAnswer = (Seq = 412, back = 1.9) => ({
  Status: true,
  Result: {
    [`1.${C}`]: {
      marketId: `1.${C}`,
      status: 'ACTIVE',
      inplay: true,
      Seq,
      runners: [
        exchangeRunner(C * 10 + 1, back, 12_000, 1.92, 8_500),
        exchangeRunner(C * 10 + 2, 2.06, 9_800, 2.1, 15_250, 'SUSPENDED'),
      ],
    },
    [`${C}T`]: {
      marketId: `${C}T`,
      status: 'ACTIVE',
      inplay: true,
      Seq: 90,
      runners: [
        exchangeRunner(C * 10 + 6, 1.95, 5_000, 1.98, 5_000),
        exchangeRunner(C * 10 + 7, 1.95, 5_000, 1.98, 5_000),
      ],
    },
  },
});

/** Odds/Toss?marketids=30412871T: the toss book, a newer Seq than the one in Odds/Market. */
export const cricketTossAnswer = {
  Status: true,
  Result: [
    {
      marketId: `${C}T`,
      status: 'ACTIVE',
      inplay: true,
      Seq: 91,
      runners: [
        {
          selectionId: C * 10 + 6,
          status: 'ACTIVE',
          ex: { availableToBack: [level(1.96, 4_000)], availableToLay: [level(1.99, 4_000)] },
        },
        {
          selectionId: C * 10 + 7,
          status: 'ACTIVE',
          ex: { availableToBack: [level(1.94, 4_000)], availableToLay: [level(1.97, 4_000)] },
        },
      ],
    },
  ],
};

/** Odds/Market/1.31200455: home, away, draw (selection ids +1, +2, +3). */
export const soccerOddsAnswer = {
  Status: true,
  Result: {
    [`1.${S}`]: {
      marketId: `1.${S}`,
      status: 'ACTIVE',
      inplay: true,
      Seq: 77,
      runners: [
        exchangeRunner(S * 100 + 1, 2.12, 25_000, 2.14, 18_000),
        exchangeRunner(S * 100 + 2, 3.65, 7_400, 3.7, 6_100),
        exchangeRunner(S * 100 + 3, 3.35, 11_200, 3.4, 9_900),
      ],
    },
  },
};

const fancyRow = (
  n: number,
  RunnerName: string,
  yes: number,
  no: number,
  GameStatus = '',
  yesRate = 100,
  noRate = 100,
) => ({
  SelectionId: `${C}-${n}`,
  RunnerName,
  BackPrice1: yes,
  BackSize1: yesRate,
  LayPrice1: no,
  LaySize1: noRate,
  GameStatus,
});

/**
 * Odds/BmFancy/30412871: bookmaker rows (per 100) and the fancy rate rows of the feed, each part
 * with its own Seq.
 */
export const cricketBmFancyAnswer = (FancySeq = 3000, BMSeq = 2000) => ({
  Status: true,
  Result: {
    EventId: C,
    Marketid: `${C}B`,
    BMSeq,
    FancySeq,
    BMList: [
      {
        MarketId: `${C}B`,
        selectionId: C * 10 + 4,
        RunnerName: 'Mumbai Mavericks',
        status: 'ACTIVE',
        BackPrice1: 88,
        BackSize1: 100_000,
        LayPrice1: 92,
        LaySize1: 100_000,
      },
      {
        MarketId: `${C}B`,
        selectionId: C * 10 + 5,
        RunnerName: 'Chennai Chargers',
        status: 'ACTIVE',
        BackPrice1: 105,
        BackSize1: 100_000,
        LayPrice1: 110,
        LaySize1: 100_000,
      },
    ],
    fancyList: [
      fancyRow(1, '6 over runs MUM', 49, 48, '', 110, 90),
      fancyRow(2, '10 over runs MUM', 81, 80, 'Ball Running'),
      // 29 characters: scrolls on mobile.
      fancyRow(3, 'Mumbai Mavericks 20 over runs', 171, 170),
      // Hidden by the SPEC §5 words and ball markers.
      fancyRow(4, 'Total boundaries MUM', 24, 23),
      fancyRow(5, '6.1 over runs MUM', 50, 49),
      fancyRow(6, 'Runs by R Sharma', 31, 30),
      // A rate row as BmFancy carries it: the session's limits, no operator flags, no position.
    ].map((row) => ({
      ...row,
      min: 100,
      max: 100_000,
      isCustome: false,
      isActive: false,
      profitLoss: 0,
    })),
  },
});

/** GetActiveFancy?MarketId=30412871: row 2 takes its own min and max. */
export const activeFancyAnswer = {
  Status: true,
  Result: [
    {
      ...fancyRow(2, '10 over runs MUM', 0, 0),
      BackSize1: 0,
      LaySize1: 0,
      min: 200,
      max: 10_000,
      isCustome: false,
      isActive: true,
    },
  ],
};

/** GetCustomFancy?MarketId=30412871: a custom row the feed lacks. */
export const customFancyAnswer = {
  Status: true,
  Result: [
    {
      ...fancyRow(7, 'Custom 8 over runs', 70, 69, '', 110, 90),
      min: 100,
      max: 25_000,
      isCustome: true,
      isActive: false,
    },
  ],
};

/** GetCustomBookmaker?MarketId=30412871B: Chennai's prices overridden. */
export const customBookmakerAnswer = {
  Status: true,
  Result: [
    {
      MarketId: `${C}B`,
      selectionId: C * 10 + 5,
      RunnerName: 'Chennai Chargers',
      status: 'ACTIVE',
      BackPrice1: 100,
      BackSize1: 50_000,
      LayPrice1: 104,
      LaySize1: 50_000,
      IsCustome: false,
      IsActive: true,
    },
  ],
};

/** GetMatchedBets?marketId=30412871: newest first. */
export const matchedBetsAnswer = {
  Status: true,
  Result: [
    {
      SelectionName: '6 over runs MUM',
      SelectionID: `${C}-1`,
      Odds: 48,
      Price: 90,
      Stack: 100,
      BetType: 'No',
      MarketType: 'FANCY',
      MarketId: String(C),
      createdOn: '2026-03-07T09:41:00.000Z',
      BetId: '703',
      Status: 'Pending',
      CancelUntil: null,
      cancelledOn: null,
    },
    {
      SelectionName: 'Chennai Chargers',
      SelectionID: String(C * 10 + 5),
      Odds: 110,
      Price: 0,
      Stack: 500,
      BetType: 'Lay',
      MarketType: 'BOOKMAKER',
      MarketId: `${C}B`,
      createdOn: '2026-03-07T09:35:00.000Z',
      BetId: '702',
      Status: 'Pending',
      CancelUntil: null,
      cancelledOn: null,
    },
    {
      SelectionName: 'Mumbai Mavericks',
      SelectionID: String(C * 10 + 1),
      Odds: 1.9,
      Price: 0,
      Stack: 1000,
      BetType: 'Back',
      MarketType: 'MATCH_ODDS',
      MarketId: `1.${C}`,
      createdOn: '2026-03-07T09:30:00.000Z',
      BetId: '701',
      Status: 'Pending',
      CancelUntil: null,
      cancelledOn: null,
    },
  ],
};

/** GetProfitLossOnRunners?marketId=1.30412871&sportsId=4. */
export const runnerBookAnswer = {
  Status: true,
  Result: [
    { selectionId: C * 10 + 1, RunnerName: 'Mumbai Mavericks', pL: 900 },
    { selectionId: C * 10 + 2, RunnerName: 'Chennai Chargers', pL: -1000 },
  ],
};

/** GetProfitLossOnRunners of a market with no bets. */
export const emptyRunnerBookAnswer = { Status: true, Result: [] };

/** GetFancyPosition?marketId=30412871. */
export const fancyPositionAnswer = {
  Status: true,
  Result: [{ SelectionId: `${C}-1`, Position: -100 }],
};

/** GetFancyCurrentPosition?selectionId=30412871-1&marketId=30412871. */
export const fancyLadderAnswer = {
  Status: true,
  Result: [
    { RunValue: 47, Pl: 90 },
    { RunValue: 48, Pl: -100 },
    { RunValue: 49, Pl: -100 },
  ],
};

/** GetUserBook?marketId=1.30412871&uid=3: one user, then a figure per runner. */
export const userBookAnswer = {
  Status: true,
  Result: [
    { userName: 'asha', pL: 0, filterOrder: 1 },
    { userName: 'Mumbai Mavericks', pL: 900, filterOrder: 0 },
    { userName: 'Chennai Chargers', pL: -1000, filterOrder: 0 },
  ],
};

/** GetChipModels. */
export const chipsAnswer = {
  Status: true,
  Result: { ChipName: '500,1K,5K', ChipValue: '500,1000,5000' },
};
