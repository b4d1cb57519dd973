-- Settlement (docs/decisions.md#money): one row per market or fancy runner with its current result and epoch,
-- and one line per client and epoch with the money that moved. PostgreSQL 15 SQL.

CREATE TABLE settlements (
  -- the market id, or the fancy runner's selection id (the bets' position_key)
  target text PRIMARY KEY,
  event_id bigint NOT NULL REFERENCES events (id),
  market_type text NOT NULL CHECK (market_type IN ('MATCH_ODDS', 'BOOKMAKER', 'TOSS', 'FANCY')),
  state text NOT NULL CHECK (state IN ('settled', 'voided', 'rolled_back')),
  -- the winning selection id, the final runs, or 'VOID'
  result text NOT NULL,
  -- 1 at the first settlement; each settlement after a rollback is the next epoch
  epoch integer NOT NULL CHECK (epoch >= 1),
  reason text,
  updated_at timestamptz NOT NULL
);

CREATE TABLE settlement_lines (
  target text NOT NULL REFERENCES settlements (target),
  epoch integer NOT NULL,
  client_id bigint NOT NULL REFERENCES clients (id),
  -- the client's net result before commission, the commission, and the ledger transaction
  gross_paise bigint NOT NULL,
  commission_paise bigint NOT NULL CHECK (commission_paise >= 0),
  txn_id uuid,
  rolled_back boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (target, epoch, client_id)
);
CREATE INDEX settlement_lines_client ON settlement_lines (client_id, created_at);
