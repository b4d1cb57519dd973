-- Clients, accounts with the house, the append-only double-entry ledger, wallets, sessions,
-- login records and throttling, news. PostgreSQL 15 SQL (docs/decisions.md#stack).
--
-- The ledger's guards (append-only, balanced at commit) are in src/db/functions/ledger.sql.

CREATE TABLE clients (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  username text NOT NULL CHECK (username ~ '^[A-Za-z0-9_.-]{3,32}$'),
  password_hash text NOT NULL,
  -- commission on a net market win, in basis points (docs/decisions.md#money; default 0)
  commission_bp integer NOT NULL DEFAULT 0 CHECK (commission_bp BETWEEN 0 AND 10000),
  created_at timestamptz NOT NULL
);
CREATE UNIQUE INDEX clients_username_key ON clients (lower(username));

-- Every holder of money: the house (exactly one) and one account per client.
CREATE TABLE accounts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('house', 'client')),
  client_id bigint UNIQUE REFERENCES clients (id),
  CHECK ((kind = 'house') = (client_id IS NULL))
);
CREATE UNIQUE INDEX accounts_one_house ON accounts (kind) WHERE kind = 'house';
INSERT INTO accounts (kind) VALUES ('house');

-- The wallet is the row a money-moving transaction locks (FOR UPDATE) and the running totals of
-- the ledger: credit_paise = sum of 'credit' rows, pl_paise = sum of every other row.
CREATE TABLE wallets (
  account_id bigint PRIMARY KEY REFERENCES accounts (id),
  credit_paise bigint NOT NULL DEFAULT 0,
  pl_paise bigint NOT NULL DEFAULT 0,
  exposure_paise bigint NOT NULL DEFAULT 0 CHECK (exposure_paise >= 0)
);
INSERT INTO wallets (account_id) SELECT id FROM accounts WHERE kind = 'house';

-- Statement types (docs/decisions.md#silent-rules): credit = Balance, settlement = Settlement, profit_loss = ProfitLoss.
CREATE TABLE ledger_entries (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  txn_id uuid NOT NULL,
  account_id bigint NOT NULL REFERENCES accounts (id),
  kind text NOT NULL CHECK (kind IN ('credit', 'settlement', 'profit_loss')),
  amount_paise bigint NOT NULL CHECK (amount_paise <> 0),
  remark text NOT NULL,
  description text NOT NULL DEFAULT '',
  event_id bigint,
  market_id text,
  market_type text,
  created_at timestamptz NOT NULL
);
CREATE INDEX ledger_entries_account ON ledger_entries (account_id, created_at, id);
CREATE INDEX ledger_entries_txn ON ledger_entries (txn_id);

CREATE TABLE sessions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  client_id bigint NOT NULL REFERENCES clients (id),
  token_hash bytea NOT NULL UNIQUE,
  -- docs/product.md#states's IsValidToken: a random per-session value, never the token
  validity_value text NOT NULL,
  created_at timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL,
  revoked_at timestamptz,
  revoked_reason text
);
CREATE INDEX sessions_client_active ON sessions (client_id) WHERE revoked_at IS NULL;

CREATE TABLE login_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  client_id bigint REFERENCES clients (id),
  username text NOT NULL,
  socket_address text NOT NULL,
  -- the client's own claim (the ipAddress query): recorded, never trusted
  claimed_address text,
  lat_long text NOT NULL,
  outcome text NOT NULL CHECK (outcome IN ('success', 'bad_credentials', 'throttled')),
  created_at timestamptz NOT NULL
);
CREATE INDEX login_events_client ON login_events (client_id, created_at);

CREATE TABLE login_throttle (
  key text PRIMARY KEY,
  failures integer NOT NULL,
  blocked_until timestamptz,
  last_failure_at timestamptz NOT NULL
);

CREATE TABLE news (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  message text NOT NULL CHECK (length(message) BETWEEN 1 AND 500),
  created_at timestamptz NOT NULL
);
CREATE INDEX news_created ON news (created_at DESC, id DESC);
