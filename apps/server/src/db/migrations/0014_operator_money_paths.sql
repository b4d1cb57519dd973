-- Operator voids and rollbacks of casino rounds and matka markets (docs/architecture.md,
-- "Operator voids and rollbacks (casino, matka)"). PostgreSQL 15 SQL.

-- Casino. A refused Debit is kept against its round id (status 'refused', its answer in
-- debit_answer), so the same request gets the same refusal and another one the 409 of a used
-- round id; a refused round holds nothing (no stake) and, when the provider session was unknown,
-- names no client or game. An open round an operator voids releases its stake once ('voided').
ALTER TABLE casino_rounds
  ALTER COLUMN client_id DROP NOT NULL,
  ALTER COLUMN game_id DROP NOT NULL,
  ALTER COLUMN stake_paise DROP NOT NULL,
  ADD COLUMN voided_at timestamptz,
  ADD COLUMN void_reason text;
ALTER TABLE casino_rounds DROP CONSTRAINT casino_rounds_status_check;
ALTER TABLE casino_rounds
  ADD CONSTRAINT casino_rounds_status_check
    CHECK (status IN ('open', 'settled', 'refused', 'voided')),
  ADD CONSTRAINT casino_rounds_refused_holds_nothing
    CHECK ((status = 'refused') = (stake_paise IS NULL)),
  ADD CONSTRAINT casino_rounds_player_known
    CHECK (status = 'refused' OR (client_id IS NOT NULL AND game_id IS NOT NULL)),
  ADD CONSTRAINT casino_rounds_voided
    CHECK ((status = 'voided') = (voided_at IS NOT NULL)
      AND (voided_at IS NULL) = (void_reason IS NULL));
CREATE INDEX casino_rounds_open ON casino_rounds (created_at, id) WHERE status = 'open';

-- Matka. A market with no result may be voided (every open stake back); a settled or voided one
-- may be rolled back (compensating ledger rows, bets Pending again). A market once rolled back is
-- never drawn at close again and takes no more bets: only an operator's declaration settles it.
ALTER TABLE matka_markets
  ADD COLUMN voided_at timestamptz,
  ADD COLUMN void_reason text,
  ADD COLUMN rolled_back_at timestamptz,
  ADD COLUMN rollback_reason text,
  ADD CONSTRAINT matka_markets_voided
    CHECK ((voided_at IS NULL) = (void_reason IS NULL) AND (voided_at IS NULL OR result IS NULL)),
  ADD CONSTRAINT matka_markets_rolled_back
    CHECK ((rolled_back_at IS NULL) = (rollback_reason IS NULL));
DROP INDEX matka_markets_due;
CREATE INDEX matka_markets_due ON matka_markets (closes_at)
  WHERE result IS NULL AND voided_at IS NULL AND rolled_back_at IS NULL;
CREATE INDEX matka_markets_recent ON matka_markets (opens_at DESC);

-- A voided bet got its stake back: P/L 0, with the operator's reason.
ALTER TABLE matka_bets ADD COLUMN void_reason text;
ALTER TABLE matka_bets DROP CONSTRAINT matka_bets_status_check;
ALTER TABLE matka_bets
  ADD CONSTRAINT matka_bets_status_check
    CHECK (status IN ('Pending', 'Settled', 'Lost', 'Voided')),
  ADD CONSTRAINT matka_bets_voided
    CHECK ((status = 'Voided') = (void_reason IS NOT NULL)
      AND (status <> 'Voided' OR pl_paise = 0));
