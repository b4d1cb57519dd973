/**
 * Answers recorded from the server's markets routes (simulator, trimmed), used by the tests;
 * each test parses them with the contract schema so they stay honest.
 */

const list = (
  SportsId: number,
  EventId: number,
  MarketName: string,
  SeriesName: string,
  MarketTime: string,
  MarketStatus: 0 | 1,
) => ({
  SportsId,
  SeriesName,
  MarketName,
  EventId,
  MarketId: `1.${EventId}`,
  MarketTime,
  MarketStatus,
  MarketType: 'MATCH_ODDS',
});

/** GetMarketList?sportsId=0: in play first, as the server orders it. */
export const marketListAnswer = {
  Status: true,
  Result: [
    list(
      4,
      30412871,
      'Mumbai Mavericks v Chennai Chargers',
      'Indian T20 League',
      '2026-03-07T14:00:00+05:30',
      1,
    ),
    list(
      4,
      30413001,
      'Perth Scorchers v Sydney Sixers',
      'Big Bash League',
      '2026-03-07T13:40:00+05:30',
      1,
    ),
    list(
      1,
      31200455,
      'Arsenal v Chelsea',
      'English Premier League',
      '2026-03-07T18:00:00+05:30',
      1,
    ),
    list(2, 32100077, 'Alcaraz v Sinner', 'ATP Indian Wells', '2026-03-07T17:30:00+05:30', 1),
    list(
      4,
      30412872,
      'Delhi Daredevils v Kolkata Knights',
      'Indian T20 League',
      '2026-03-08T19:30:00+05:30',
      0,
    ),
    list(
      1,
      31200456,
      'Liverpool v Everton',
      'English Premier League',
      '2026-03-08T20:30:00+05:30',
      0,
    ),
  ],
};

const level = (price: number, size: number) => ({ price, size });

const runner = (
  selectionId: number,
  back: number,
  backSize: number,
  lay: number,
  laySize: number,
  status = 'ACTIVE',
) => ({
  selectionId,
  status,
  ex: {
    availableToBack: [
      level(back, backSize),
      level(back - 0.02, 41_000),
      level(back - 0.04, 66_000),
    ],
    availableToLay: [level(lay, laySize), level(lay + 0.02, 38_000), level(lay + 0.04, 90_000)],
  },
});

export const cricketBook = {
  marketId: '1.30412871',
  status: 'ACTIVE',
  inplay: true,
  Seq: 412,
  runners: [
    runner(3041287101, 1.9, 12_000, 1.92, 8_500),
    runner(3041287102, 2.06, 9_800, 2.1, 15_250),
  ],
};

export const cricketUpcomingBook = {
  marketId: '1.30412872',
  status: 'ACTIVE',
  inplay: false,
  Seq: 17,
  runners: [
    runner(3041287201, 1.75, 4_000, 1.78, 3_200),
    runner(3041287202, 2.26, 5_500, 2.3, 800),
  ],
};

export const suspendedCricketBook = {
  marketId: '1.30413001',
  status: 'SUSPENDED',
  inplay: true,
  Seq: 903,
  runners: [
    runner(3041300101, 1.45, 2_000, 1.47, 2_400, 'SUSPENDED'),
    runner(3041300102, 3.1, 1_000, 3.2, 1_200, 'SUSPENDED'),
  ],
};

/** Soccer runners come home, away, draw (selection ids +1, +2, +3); the list shows 1, X, 2. */
export const soccerBook = {
  marketId: '1.31200455',
  status: 'ACTIVE',
  inplay: true,
  Seq: 77,
  runners: [
    runner(3120045501, 2.12, 25_000, 2.14, 18_000),
    runner(3120045502, 3.65, 7_400, 3.7, 6_100),
    runner(3120045503, 3.35, 11_200, 3.4, 9_900),
  ],
};

export const tennisBook = {
  marketId: '1.32100077',
  status: 'ACTIVE',
  inplay: true,
  Seq: 1203,
  runners: [
    runner(3210007701, 1.62, 30_500, 1.64, 27_000),
    runner(3210007702, 2.54, 12_000, 2.6, 14_000),
  ],
};

const books = [cricketBook, cricketUpcomingBook, suspendedCricketBook, soccerBook, tennisBook];

/** GetRates?marketids=…: the books of the ids asked for, in that order. */
export function ratesAnswer(marketIds: readonly string[]) {
  return {
    Status: true,
    Result: marketIds.flatMap((id) => books.filter((book) => book.marketId === id)),
  };
}
