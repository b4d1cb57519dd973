-- The football cancel rule (docs/architecture.md, "Cancelling a bet"). PostgreSQL 15 SQL.
--
-- A client may cancel an open football bet for 3 minutes after it was accepted, unless its market
-- was suspended or closed since (the server judges that from its clock and the feed). A cancelled
-- bet keeps its row, with status Cancelled and the time; no money moved, so it has no ledger
-- pair: the account statement lists it from this row with 0.
--
-- position_open_bets, idempotency_claim and bet_cancel are defined in src/db/functions/
-- (bet_cancel.sql, idempotency.sql).

ALTER TABLE bets DROP CONSTRAINT bets_status_check;
ALTER TABLE bets ADD CONSTRAINT bets_status_check
  CHECK (status IN ('Pending', 'Settled', 'Lost', 'Cancelled'));
ALTER TABLE bets ADD COLUMN cancelled_at timestamptz;
ALTER TABLE bets ADD CONSTRAINT bets_cancelled_at
  CHECK ((status = 'Cancelled') = (cancelled_at IS NOT NULL));
CREATE INDEX bets_cancelled ON bets (client_id, cancelled_at) WHERE status = 'Cancelled';
