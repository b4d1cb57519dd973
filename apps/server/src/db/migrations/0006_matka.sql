-- Matka (docs/product.md#entities, #calls; docs/decisions.md#api, #feed): the games on a daily schedule in Asia/Kolkata, one market
-- (Mid) per game and day, the bets on them and their results. PostgreSQL 15 SQL.

-- A game (its id is the EventId). Minutes after midnight Asia/Kolkata; a close at or before the
-- open means the game crosses midnight and closes the next day.
CREATE TABLE matka_games (
  id bigint PRIMARY KEY,
  name text NOT NULL UNIQUE,
  hindi text NOT NULL,
  open_minute integer NOT NULL CHECK (open_minute BETWEEN 0 AND 1439),
  close_minute integer NOT NULL CHECK (close_minute BETWEEN 0 AND 1439),
  CHECK (open_minute <> close_minute)
);

-- One day's market of a game (its id is the Mid). `day` is the Asia/Kolkata day it opens on.
-- The first result wins: drawn at close by the server, or declared by the operator.
CREATE TABLE matka_markets (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  game_id bigint NOT NULL REFERENCES matka_games (id),
  day date NOT NULL,
  opens_at timestamptz NOT NULL,
  closes_at timestamptz NOT NULL,
  result text CHECK (result ~ '^[0-9]{2}$'),
  result_source text CHECK (result_source IN ('draw', 'operator')),
  result_at timestamptz,
  updated_at timestamptz NOT NULL,
  UNIQUE (game_id, day),
  CHECK (closes_at > opens_at),
  CHECK ((result IS NULL) = (result_source IS NULL) AND (result IS NULL) = (result_at IS NULL))
);
CREATE INDEX matka_markets_due ON matka_markets (closes_at) WHERE result IS NULL;
CREATE INDEX matka_markets_results ON matka_markets (result_at DESC) WHERE result IS NOT NULL;

-- Each number of a PlaceBet is its own bet; duplicates are separate bets. `pl_paise` is set at
-- the result: (payout − 1) × amount for a hit (Settled), −amount otherwise (Lost).
CREATE TABLE matka_bets (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  client_id bigint NOT NULL REFERENCES clients (id),
  market_id bigint NOT NULL REFERENCES matka_markets (id),
  bet_no text NOT NULL CHECK (bet_no ~ '^[0-9]{2}$'),
  amount_paise bigint NOT NULL CHECK (amount_paise > 0),
  ip_address text NOT NULL,
  status text NOT NULL DEFAULT 'Pending' CHECK (status IN ('Pending', 'Settled', 'Lost')),
  pl_paise bigint,
  created_at timestamptz NOT NULL,
  CHECK ((status = 'Pending') = (pl_paise IS NULL))
);
CREATE INDEX matka_bets_client ON matka_bets (client_id, created_at DESC);
CREATE INDEX matka_bets_client_market ON matka_bets (client_id, market_id);
CREATE INDEX matka_bets_open ON matka_bets (market_id) WHERE status = 'Pending';

-- A matka market's exposure row (position_key = the Mid) has no sports event.
ALTER TABLE exposures ALTER COLUMN event_id DROP NOT NULL;

-- The demo schedule (Asia/Kolkata), staggered so that at any hour at least one game is open;
-- two cross midnight.
INSERT INTO matka_games (id, name, hindi, open_minute, close_minute) VALUES
  (1, 'Sridevi', 'श्रीदेवी', 6 * 60, 11 * 60 + 30),
  (2, 'Time Bazar', 'टाइम बाज़ार', 9 * 60, 13 * 60),
  (3, 'Milan Day', 'मिलन डे', 11 * 60, 15 * 60),
  (4, 'Kalyan', 'कल्याण', 13 * 60, 17 * 60 + 30),
  (5, 'Sridevi Night', 'श्रीदेवी नाइट', 16 * 60, 19 * 60 + 30),
  (6, 'Milan Night', 'मिलन नाइट', 19 * 60, 23 * 60),
  (7, 'Rajdhani Night', 'राजधानी नाइट', 21 * 60, 1 * 60 + 30),
  (8, 'Main Bazar', 'मेन बाज़ार', 23 * 60 + 30, 6 * 60 + 30);
