-- Safer betting (docs/safer-gambling.md): a client's limits, reality check, time-out and
-- self-exclusion, and the check every stake passes under the wallet's lock. PostgreSQL 15 SQL.
--
-- The limit functions and bet_place's stake check are in src/db/functions/ (safer_betting.sql,
-- bet_place.sql), the session's notice in notify.sql.

-- One row per limit a client has ever set or an operator has capped. Amounts in paise (loss and
-- stake limits) or minutes (session). A raise or removal waits 24 hours: `next_value` (NULL:
-- none) takes the place of `value` from `next_at`, read as such by limit_own; the row is folded
-- when next written. `ceiling` is the operator's: the limit in force is never above it.
CREATE TABLE client_limits (
  client_id bigint NOT NULL REFERENCES clients (id),
  kind text NOT NULL CHECK (kind IN ('lossDay', 'lossWeek', 'lossMonth', 'stake', 'session')),
  value bigint CHECK (value > 0),
  next_value bigint CHECK (next_value > 0),
  next_at timestamptz,
  ceiling bigint CHECK (ceiling > 0),
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (client_id, kind),
  CHECK (next_at IS NOT NULL OR next_value IS NULL)
);

ALTER TABLE clients
  -- set once the client has a row in client_limits: bet_place asks nothing more without it
  ADD COLUMN has_limits boolean NOT NULL DEFAULT false,
  ADD COLUMN reality_check_min integer CHECK (reality_check_min IN (30, 60, 120)),
  -- a time-out or a self-exclusion; excluded_until NULL with a self-exclusion: permanent
  ADD COLUMN excluded_kind text CHECK (excluded_kind IN ('time_out', 'self_exclusion')),
  ADD COLUMN excluded_until timestamptz,
  ADD CONSTRAINT clients_exclusion CHECK (
    (excluded_kind IS NULL AND excluded_until IS NULL)
    OR excluded_kind = 'self_exclusion'
    OR (excluded_kind = 'time_out' AND excluded_until IS NOT NULL));

-- When the client's session limit ends the session (NULL: no limit). A change is heard like a
-- revocation, so that every instance reads the session again.
ALTER TABLE sessions ADD COLUMN ends_at timestamptz;

-- A login with the right password refused by the client's time-out or self-exclusion.
ALTER TABLE login_events DROP CONSTRAINT login_events_outcome_check;
ALTER TABLE login_events ADD CONSTRAINT login_events_outcome_check
  CHECK (outcome IN ('success', 'bad_credentials', 'throttled', 'excluded'));
