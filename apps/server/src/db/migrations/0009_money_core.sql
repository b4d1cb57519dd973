-- money-core (docs/architecture.md, "Money" and "The path of a bet"). PostgreSQL 15 SQL.
--
-- 1. The wallet's operations as functions: the only SQL, beside the wallet module's queries, that
--    reads or writes wallets, exposures and ledger_entries. Callers hold the locks in the order of
--    docs/decisions.md#money (market rows, then wallets by ascending account) and decide what to hold or post.
-- 2. A bet in one call: bet_place locks, checks, writes and records the idempotency key.
-- 3. Triggers that announce changes with NOTIFY, so that every instance's caches (the catalog of
--    markets and sessions, src/db/changes.ts) follow whoever wrote.
--
-- The functions and triggers are in src/db/functions/ (wallet.sql, idempotency.sql, bet_place.sql,
-- notify.sql), each defined once and applied after the migrations; here is what they need.

-- Every change of a position gets a new version from this sequence (never reused), so a cached
-- position with version v is exactly the open bets of that version; no row means no open bets.
CREATE SEQUENCE position_versions;
ALTER TABLE exposures ADD COLUMN version bigint NOT NULL DEFAULT nextval('position_versions');
