-- Casino (docs/decisions.md#silent-rules "Casino"; docs/product.md#screens, #constants house rules): one-use launch tokens, the provider's
-- sessions, the rounds its wallet calls hold and settle, and the per-client winning limit.
-- PostgreSQL 15 SQL.

-- Net winnings of one round above this are not paid; null = the server's CASINO_WIN_LIMIT.
ALTER TABLE clients ADD COLUMN casino_win_limit_paise bigint CHECK (casino_win_limit_paise >= 0);

-- A launch token names one client, game and minute; only its SHA-256 is kept. The provider
-- exchanges it once (used_at) for a provider session.
CREATE TABLE casino_launches (
  token_hash bytea PRIMARY KEY,
  client_id bigint NOT NULL REFERENCES clients (id),
  -- the bearer session it was minted from: a revoked session ends the game too
  session_id bigint NOT NULL REFERENCES sessions (id),
  game_id text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  CHECK (expires_at > created_at)
);
CREATE INDEX casino_launches_expiry ON casino_launches (expires_at);

-- The opaque session the provider names in its wallet calls; ends after 30 minutes idle.
CREATE TABLE casino_sessions (
  session_hash bytea PRIMARY KEY,
  client_id bigint NOT NULL REFERENCES clients (id),
  session_id bigint NOT NULL REFERENCES sessions (id),
  game_id text NOT NULL,
  created_at timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL
);
CREATE INDEX casino_sessions_idle ON casino_sessions (last_seen_at);

-- One round of a game: Debit opens it (the stake held as exposure under position key
-- casino:{round_id}), Credit settles it once. The request hashes make both calls idempotent per
-- round id: the same payload gets the stored answer, another payload a 409.
CREATE TABLE casino_rounds (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  round_id text NOT NULL UNIQUE CHECK (round_id ~ '^[A-Za-z0-9_-]{8,64}$'),
  client_id bigint NOT NULL REFERENCES clients (id),
  game_id text NOT NULL,
  stake_paise bigint NOT NULL CHECK (stake_paise > 0),
  debit_hash bytea NOT NULL,
  debit_answer jsonb NOT NULL,
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'settled')),
  -- what the provider asked to pay back (stake included) and what was paid after the limit
  payout_paise bigint CHECK (payout_paise >= 0),
  paid_paise bigint CHECK (paid_paise >= 0),
  detail text,
  credit_hash bytea,
  credit_answer jsonb,
  -- the ledger transaction of the result; null when the round broke even
  txn_id uuid,
  created_at timestamptz NOT NULL,
  settled_at timestamptz,
  CHECK ((status = 'settled') = (settled_at IS NOT NULL)),
  CHECK ((status = 'settled') = (payout_paise IS NOT NULL AND paid_paise IS NOT NULL
    AND credit_hash IS NOT NULL AND credit_answer IS NOT NULL)),
  CHECK (paid_paise <= payout_paise)
);
CREATE INDEX casino_rounds_client ON casino_rounds (client_id, created_at DESC);
