-- The back office (docs/backoffice.md): operator accounts with a TOTP second factor and roles,
-- their sessions, the append-only audit log of every operator action, operators' idempotency
-- keys, and a client's betting lock. PostgreSQL 15 SQL.
--
-- The audit log's guard and bet_place's betting lock are in src/db/functions/ (operator_audit.sql,
-- bet_place.sql).

-- An operator: argon2id password hash, the base32 TOTP secret, one role. A TOTP code is taken
-- once: last_totp_step is the 30-second step of the last code accepted.
CREATE TABLE operators (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  username text NOT NULL,
  password_hash text NOT NULL,
  totp_secret text NOT NULL,
  role text NOT NULL CHECK (role IN ('admin', 'risk', 'support')),
  last_totp_step bigint,
  created_at timestamptz NOT NULL,
  disabled_at timestamptz
);
CREATE UNIQUE INDEX operators_username ON operators (lower(username));

-- An operator's bearer session: only the token's SHA-256 is kept.
CREATE TABLE operator_sessions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  operator_id bigint NOT NULL REFERENCES operators (id),
  token_hash bytea NOT NULL UNIQUE,
  created_at timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL,
  revoked_at timestamptz
);
CREATE INDEX operator_sessions_live ON operator_sessions (operator_id) WHERE revoked_at IS NULL;

-- Every operator action, by a back-office operator (their username) or the CLI ('ops-token'):
-- what was asked, of what, the state before and after, and the answer. Append-only: rows are
-- never changed or removed.
CREATE TABLE operator_audit (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at timestamptz NOT NULL,
  actor text NOT NULL,
  action text NOT NULL,
  target text NOT NULL,
  before jsonb,
  after jsonb,
  outcome text NOT NULL
);
CREATE INDEX operator_audit_latest ON operator_audit (at DESC, id DESC);
CREATE INDEX operator_audit_actor ON operator_audit (actor, at DESC);

-- docs/decisions.md#api for operators: the same key returns the same answer; another payload gets 409. The
-- key, the work and the audit row commit together, so a retried credit pays once.
CREATE TABLE operator_keys (
  actor text NOT NULL,
  key text NOT NULL,
  request_hash bytea NOT NULL,
  response jsonb,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (actor, key)
);

-- An operator's lock on a client's betting: bets are refused while it is set.
ALTER TABLE clients ADD COLUMN betting_locked_at timestamptz;
