-- Bets, each client's exposure per market or fancy runner, idempotency records and chip settings.
-- PostgreSQL 15 SQL.

CREATE TABLE bets (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  client_id bigint NOT NULL REFERENCES clients (id),
  event_id bigint NOT NULL REFERENCES events (id),
  -- the market id (match odds, bookmaker, toss) or the event id (fancy), as the draft named it
  market_id text NOT NULL,
  market_type text NOT NULL CHECK (market_type IN ('MATCH_ODDS', 'BOOKMAKER', 'TOSS', 'FANCY')),
  -- where exposure is counted: the market id, or the fancy runner's selection id (docs/decisions.md#money)
  position_key text NOT NULL,
  selection_id text NOT NULL,
  selection_name text NOT NULL,
  bet_type text NOT NULL CHECK (bet_type IN ('Back', 'Lay', 'Yes', 'No')),
  -- hundredths (match odds, toss), per 100 (bookmaker) or the runs line (fancy)
  odds integer NOT NULL CHECK (odds > 0),
  -- 0, or the fancy rate
  price integer NOT NULL CHECK (price >= 0),
  stake integer NOT NULL CHECK (stake > 0),
  profit_paise bigint NOT NULL CHECK (profit_paise >= 0),
  liability_paise bigint NOT NULL CHECK (liability_paise >= 0),
  status text NOT NULL DEFAULT 'Pending' CHECK (status IN ('Pending', 'Settled', 'Lost')),
  pl_paise bigint,
  remark text,
  created_at timestamptz NOT NULL,
  CHECK ((market_type = 'FANCY') = (bet_type IN ('Yes', 'No')))
);
CREATE INDEX bets_open_position ON bets (client_id, position_key) WHERE status = 'Pending';
CREATE INDEX bets_client_event ON bets (client_id, event_id, created_at DESC);
CREATE INDEX bets_open_market ON bets (position_key) WHERE status = 'Pending';

-- The worst loss of each open position; the wallet's exposure is their sum.
CREATE TABLE exposures (
  client_id bigint NOT NULL REFERENCES clients (id),
  position_key text NOT NULL,
  event_id bigint NOT NULL REFERENCES events (id),
  exposure_paise bigint NOT NULL CHECK (exposure_paise >= 0),
  PRIMARY KEY (client_id, position_key)
);

-- docs/decisions.md#api: the same key returns the same answer, refusals included; another payload gets 409.
CREATE TABLE idempotency_keys (
  client_id bigint NOT NULL REFERENCES clients (id),
  key text NOT NULL,
  request_hash bytea NOT NULL,
  response jsonb,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (client_id, key)
);

CREATE TABLE chip_settings (
  client_id bigint PRIMARY KEY REFERENCES clients (id),
  chip_names text NOT NULL,
  chip_values text NOT NULL,
  updated_at timestamptz NOT NULL
);
