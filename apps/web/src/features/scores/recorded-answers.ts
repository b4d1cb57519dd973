/**
 * Answers recorded from the server's score routes (simulator), used by the tests; each test
 * parses them with the contract schema so they stay honest.
 */

/** GET /api/Score/Cricket/30412871 in the second innings. */
export const cricketAnswer = {
  Status: true,
  Result: {
    Innings: [
      { Team: 'Mumbai Mavericks', Summary: '182/6', Overs: '20.0', CRR: 9.1 },
      { Team: 'Chennai Chargers', Summary: '97/3', Overs: '11.4', CRR: 8.31 },
    ],
    CurrentOver: { Balls: ['1', '4', 'W', '0'] },
    LastOver: { Balls: ['1', '1', '6', '0', '1wd', '2', '1'] },
    RequiredRunRate: 10.2,
    MatchCommentary: 'Rathore to Iyer, OUT! Caught at long-on, Chennai Chargers 97/3.',
  },
};

/** Before the first ball the cricket score is null. */
export const cricketNotStartedAnswer = { Status: true, Result: null };

/** GET /api/Score/Other/2/32100077 in the third set, 40-15 on Alcaraz's serve. */
export const tennisAnswer = {
  Status: true,
  Result: [
    {
      eventTypeId: 2,
      score: {
        home: { name: 'Alcaraz', score: 1, games: 3, gameSequence: [6, 4] },
        away: { name: 'Sinner', score: 1, games: 2, gameSequence: [4, 6] },
      },
      currentSet: 3,
      points: { home: '40', away: '15', isTiebreak: false },
      server: 'home',
    },
  ],
};

/** GET /api/Score/Other/2/32100078: advantage Sinner, on Sinner's serve, in the first set. */
export const tennisAdvantageAnswer = {
  Status: true,
  Result: [
    {
      eventTypeId: 2,
      score: {
        home: { name: 'Alcaraz', score: 0, games: 4, gameSequence: [] },
        away: { name: 'Sinner', score: 0, games: 4, gameSequence: [] },
      },
      currentSet: 1,
      points: { home: '40', away: 'AD', isTiebreak: false },
      server: 'away',
    },
  ],
};

/** GET /api/Score/Other/2/32100079: a first-set tie-break at 5-4, Alcaraz to serve. */
export const tennisTiebreakAnswer = {
  Status: true,
  Result: [
    {
      eventTypeId: 2,
      score: {
        home: { name: 'Alcaraz', score: 0, games: 6, gameSequence: [] },
        away: { name: 'Sinner', score: 0, games: 6, gameSequence: [] },
      },
      currentSet: 1,
      points: { home: '5', away: '4', isTiebreak: true },
      server: 'home',
    },
  ],
};

/** GET /api/Score/Other/2/32100080 after the match: no game in play, nobody serving. */
export const tennisOverAnswer = {
  Status: true,
  Result: [
    {
      eventTypeId: 2,
      score: {
        home: { name: 'Alcaraz', score: 2, games: 0, gameSequence: [6, 7] },
        away: { name: 'Sinner', score: 0, games: 0, gameSequence: [4, 6] },
      },
      currentSet: 3,
    },
  ],
};

/** GET /api/Score/Other/1/31200455 in the 67th minute. */
export const soccerAnswer = {
  Status: true,
  Result: [
    {
      eventTypeId: 1,
      score: {
        home: { name: 'Arsenal', score: 2, games: 0, gameSequence: [] },
        away: { name: 'Chelsea', score: 1, games: 0, gameSequence: [] },
      },
      currentSet: 67,
    },
  ],
};
