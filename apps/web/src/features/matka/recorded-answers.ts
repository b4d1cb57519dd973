/**
 * Matka answers as the contract describes them (written by hand from
 * `@backlay/contract/matka` while the server's matka module was being built — not yet recorded
 * from a run). Tests parse them with the contract's schemas before use.
 */
export const GAME = { EventName: 'Kalyan', EventId: 7001, Mid: 880001 } as const;

export const gamesAnswer = {
  Status: true,
  Result: [
    {
      EventName: 'Kalyan',
      hindi: 'कल्याण',
      EventId: GAME.EventId,
      Mid: GAME.Mid,
      DateModify: '2026-11-22T06:00:00+05:30',
      StartTime: '2026-11-22T10:00:00+05:30',
      EndTime: '2026-11-22T16:00:00+05:30',
      id: GAME.Mid,
      isOpen: true,
    },
    {
      EventName: 'Milan Night',
      hindi: 'मिलन नाइट',
      EventId: 7002,
      Mid: 880002,
      DateModify: '2026-11-22T06:00:00+05:30',
      StartTime: '2026-11-22T21:00:00+05:30',
      EndTime: '2026-11-23T01:00:00+05:30',
      id: 880002,
      isOpen: false,
    },
  ],
};

export const myBetsAnswer = {
  Status: true,
  Result: [
    {
      IP_Address: '127.0.0.1',
      MatchName: 'Kalyan',
      betNo: '45',
      Amount: 100,
      CreatedOn: '2026-11-22T11:00:00+05:30',
      MarketId: GAME.Mid,
      PL: 0,
      BetStatus: 'Pending',
    },
  ],
};

export const emptyListAnswer = { Status: true, Result: [] };

export const resultsAnswer = {
  Status: true,
  Result: [
    {
      MarketId: 880000,
      MarketName: 'Kalyan',
      Result: '45',
      CreatedOn: '2026-11-21T16:00:00+05:30',
    },
  ],
};

export const profitLossAnswer = {
  Status: true,
  Result: [
    {
      MarketId: 880000,
      MarketName: 'Kalyan',
      EventId: GAME.EventId,
      Result: '45',
      Amount: 8900,
      createdOn: '2026-11-21T16:00:00+05:30',
    },
  ],
  count: 1,
};

export const placedAnswer = { Status: true, Result: 'Bet placed successfully' };
export const refusedAnswer = { Status: false, Result: 'This game is closed' };
