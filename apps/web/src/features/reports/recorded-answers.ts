/**
 * Report answers as the server gives them (recorded from a scripted run: back 1000 at 1.90 and
 * lay 500 at 2.10 on Lions, Lions won; plus a fancy session from the server's report tests).
 * Tests parse them with the contract's schemas before use.
 */
export const EVENT_ID = 90000001;
export const FANCY_EVENT_ID = 90000012;

export const statementAnswer = {
  Status: true,
  Result: [
    {
      createdOn: '2026-11-22T00:46:27.579Z',
      Amount: 100000,
      Balance: 100000,
      Remark: 'Demo credit',
      Discription: '',
      EventId: null,
      MarketType: null,
      SqlCount: 2,
    },
    {
      createdOn: '2026-11-22T00:46:39.681Z',
      Amount: 350,
      Balance: 100350,
      Remark: 'Match Odds: Lions won',
      Discription: 'Lions v Tigers - Match Odds',
      EventId: EVENT_ID,
      MarketType: 'MATCH_ODDS',
    },
  ],
  OpenBalance: 0,
  CloseBalance: 100350,
};

export const profitLossAnswer = {
  Status: true,
  Result: [
    {
      Discription: 'Lions v Tigers',
      Amount: 350,
      Commission: 0,
      createdOn: '2026-11-22T00:46:39.681Z',
      EventId: EVENT_ID,
    },
    {
      Discription: 'Panthers v Jaguars',
      Amount: -600,
      Commission: 0,
      createdOn: '2026-11-21T18:10:00.000Z',
      EventId: FANCY_EVENT_ID,
    },
  ],
  count: 2,
};

export const lionsBets = [
  {
    createdOn: '2026-11-22T00:46:39.671Z',
    MatchName: 'Lions v Tigers',
    SelectionName: 'Lions',
    BetType: 'Lay',
    Odds: 2.1,
    Price: 0,
    Stack: 500,
    BetStatus: 'Lost',
    Exposure: 550,
    ReturnBalance: -550,
    MarketType: 'MATCH_ODDS',
    Role: 'Client',
    Remark: null,
    VoidReason: null,
    CancelledOn: null,
  },
  {
    createdOn: '2026-11-22T00:46:39.634Z',
    MatchName: 'Lions v Tigers',
    SelectionName: 'Lions',
    BetType: 'Back',
    Odds: 1.9,
    Price: 0,
    Stack: 1000,
    BetStatus: 'Settled',
    Exposure: 1000,
    ReturnBalance: 900,
    MarketType: 'MATCH_ODDS',
    Role: 'Client',
    Remark: null,
    VoidReason: null,
    CancelledOn: null,
  },
] as const;

export const fancyBet = {
  createdOn: '2026-11-02T13:50:00.000Z',
  MatchName: 'Panthers v Jaguars',
  SelectionName: '6 over runs Panthers',
  BetType: 'Yes',
  Odds: 50,
  Price: 110,
  Stack: 100,
  BetStatus: 'Pending',
  Exposure: 100,
  ReturnBalance: 110,
  MarketType: 'FANCY',
  Role: 'Client',
  Remark: null,
  VoidReason: null,
  CancelledOn: null,
} as const;

/** A bet on a market voided with a reason: Settled at zero, with the remark Void. */
export const voidBet = {
  createdOn: '2026-11-22T00:40:00.000Z',
  MatchName: 'Eagles v Falcons',
  SelectionName: 'Falcons',
  BetType: 'Back',
  Odds: 1.9,
  Price: 0,
  Stack: 700,
  BetStatus: 'Settled',
  Exposure: 700,
  ReturnBalance: 0,
  MarketType: 'MATCH_ODDS',
  Role: 'Client',
  Remark: 'Void',
  VoidReason: 'Abandoned',
  CancelledOn: null,
} as const;

export const betHistoryAnswer = {
  Status: true,
  Result: [fancyBet, ...lionsBets, voidBet],
  count: 4,
};

export const matchBetAnswer = {
  Status: true,
  Result: [
    {
      MarketName: 'Match Odds',
      marketType: 'MATCH_ODDS',
      profitLoss: -800,
      commission: 0,
      marketId: `1.${FANCY_EVENT_ID}`,
      userId: 3,
      Selectionid: null,
    },
    {
      MarketName: '6 over runs Panthers',
      marketType: 'FANCY',
      profitLoss: 200,
      commission: 0,
      marketId: String(FANCY_EVENT_ID),
      userId: 3,
      Selectionid: `${FANCY_EVENT_ID}-1`,
    },
  ],
};

export const myMarketsAnswer = {
  Status: true,
  Result: [
    {
      EventId: 90000013,
      SportsId: 4,
      MarketName: 'Royals v Titans',
      SeriesName: 'Report Cup',
      MarketType: 'MATCH_ODDS',
      Runners: [
        { selectionId: 9000001301, RunnerName: 'Royals', profitLoss: 2400 },
        { selectionId: 9000001302, RunnerName: 'Titans', profitLoss: -2660 },
      ],
    },
    {
      EventId: 90000013,
      SportsId: 4,
      MarketName: 'Royals v Titans',
      SeriesName: 'Report Cup',
      MarketType: 'FANCY',
      Runners: [
        { selectionId: '90000013-1', RunnerName: '6 over runs Royals', profitLoss: -135.5 },
      ],
    },
    {
      EventId: 90000014,
      SportsId: 1,
      MarketName: 'Rovers v United',
      SeriesName: 'Report League',
      MarketType: 'MATCH_ODDS',
      Runners: [
        { selectionId: 9000001401, RunnerName: 'Rovers', profitLoss: 850 },
        { selectionId: 9000001402, RunnerName: 'United', profitLoss: -2000 },
        { selectionId: 9000001403, RunnerName: 'The Draw', profitLoss: -1050 },
      ],
    },
  ],
};
