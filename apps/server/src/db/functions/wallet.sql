-- The wallet's operations (docs/architecture.md, "Money"): the only SQL, beside the wallet
-- module's queries, that reads or writes wallets, exposures and ledger_entries. Callers hold the
-- locks in the order of docs/decisions.md#money (market rows, then wallets by ascending account)
-- and decide what to hold or post. The functions are PL/pgSQL where they run per bet, whose
-- statements' plans each session keeps.
--
-- Applied after the migrations whenever this file's text changed (src/db/migrate.ts): every
-- function is defined here once, with CREATE OR REPLACE, and edited in place.

-- The main-balance rule (docs/decisions.md#money), the twin of canHold in packages/domain/src/money.ts (a
-- property test runs both on the same generated wallets): a change that does not add exposure is
-- always allowed; one that adds exposure needs MainBalance = credit + PL − exposure ≥ the addition.
CREATE OR REPLACE FUNCTION wallet_can_hold(p_credit bigint, p_pl bigint, p_exposure bigint, p_delta bigint)
RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT p_delta <= 0 OR p_credit + p_pl - p_exposure - p_delta >= 0
$$;

-- Locks one wallet FOR UPDATE.
CREATE OR REPLACE FUNCTION wallet_lock(p_account bigint) RETURNS wallets LANGUAGE sql AS $$
  SELECT * FROM wallets WHERE account_id = p_account FOR UPDATE
$$;

-- Each of the next three reads once what a bet needs and hands it on (bench/RESULTS.md, bets:
-- the time per bet goes mostly to setting up each statement):
--   wallet_lock_client   the wallet locked FOR UPDATE, found by its client, in one statement;
--   wallet_position      the position's row: its version and what it holds;
--   wallet_hold_on       wallet_hold on a wallet locked and a holding read by the caller.
-- Locks a client's wallet FOR UPDATE; raises no_data_found when the client has no account.
CREATE OR REPLACE FUNCTION wallet_lock_client(p_client bigint) RETURNS wallets LANGUAGE plpgsql AS $$
DECLARE
  v_wallet wallets;
BEGIN
  SELECT w.* INTO v_wallet FROM wallets w JOIN accounts a ON a.id = w.account_id
  WHERE a.client_id = p_client FOR UPDATE OF w;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'client % has no wallet', p_client USING ERRCODE = 'no_data_found';
  END IF;
  RETURN v_wallet;
END $$;

-- A client's position: its exposure row, or NULL when it has no open bets (version 0, nothing
-- held).
CREATE OR REPLACE FUNCTION wallet_position(p_client bigint, p_position text) RETURNS exposures
LANGUAGE plpgsql AS $$
DECLARE
  v_row exposures;
BEGIN
  SELECT * INTO v_row FROM exposures WHERE client_id = p_client AND position_key = p_position;
  RETURN v_row;
END $$;

-- The position's version (0: no open bets), through wallet_position.
CREATE OR REPLACE FUNCTION wallet_position_version(p_client bigint, p_position text)
RETURNS bigint LANGUAGE sql AS $$
  SELECT coalesce((wallet_position(p_client, p_position)).version, 0)
$$;

-- Hold on a wallet the caller has locked and read (p_wallet) and a position's holding it has
-- read (p_held, 0 for none): sets the position's exposure to p_exposure and moves the wallet's by
-- the difference. Refused (NULL, nothing changed) when the difference adds exposure the main
-- balance cannot cover (wallet_can_hold), unless p_may_overdraw. Answers the position's new
-- version.
CREATE OR REPLACE FUNCTION wallet_hold_on(
  p_wallet wallets, p_client bigint, p_position text, p_event bigint, p_held bigint,
  p_exposure bigint, p_may_overdraw boolean
) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  v_delta bigint := p_exposure - p_held;
  v_version bigint := nextval('position_versions');
BEGIN
  IF NOT p_may_overdraw AND NOT wallet_can_hold(
    p_wallet.credit_paise, p_wallet.pl_paise, p_wallet.exposure_paise, v_delta
  ) THEN
    RETURN NULL;
  END IF;
  INSERT INTO exposures (client_id, position_key, event_id, exposure_paise, version)
  VALUES (p_client, p_position, p_event, p_exposure, v_version)
  ON CONFLICT (client_id, position_key)
  DO UPDATE SET exposure_paise = EXCLUDED.exposure_paise, version = EXCLUDED.version;
  IF v_delta <> 0 THEN
    UPDATE wallets SET exposure_paise = exposure_paise + v_delta
    WHERE account_id = p_wallet.account_id;
  END IF;
  RETURN v_version;
END $$;

-- wallet_hold_on for the callers that hold the wallet's lock by account.
CREATE OR REPLACE FUNCTION wallet_hold(
  p_account bigint, p_client bigint, p_position text, p_event bigint, p_exposure bigint,
  p_may_overdraw boolean
) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  v_wallet wallets;
BEGIN
  SELECT * INTO STRICT v_wallet FROM wallets WHERE account_id = p_account;
  RETURN wallet_hold_on(v_wallet, p_client, p_position, p_event,
    coalesce((wallet_position(p_client, p_position)).exposure_paise, 0), p_exposure,
    p_may_overdraw);
END $$;

-- Release: ends a position, taking its exposure off the wallet. Answers what was held (0 when
-- nothing). The caller holds the wallet's lock.
CREATE OR REPLACE FUNCTION wallet_release(p_account bigint, p_client bigint, p_position text)
RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  v_held bigint;
BEGIN
  DELETE FROM exposures WHERE client_id = p_client AND position_key = p_position
  RETURNING exposure_paise INTO v_held;
  IF coalesce(v_held, 0) <> 0 THEN
    UPDATE wallets SET exposure_paise = exposure_paise - v_held WHERE account_id = p_account;
  END IF;
  RETURN coalesce(v_held, 0);
END $$;

-- Post: one ledger pair (the client's amount and the house's opposite), moving both wallets'
-- running totals (credit rows to credit_paise, every other kind to pl_paise). The caller holds
-- both wallets' locks.
CREATE OR REPLACE FUNCTION wallet_post_pair(
  p_txn uuid, p_client_account bigint, p_house_account bigint, p_kind text, p_amount bigint,
  p_remark text, p_description text, p_event bigint, p_market_id text, p_market_type text,
  p_at timestamptz
) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ledger_entries (txn_id, account_id, kind, amount_paise, remark, description,
    event_id, market_id, market_type, created_at)
  VALUES
    (p_txn, p_client_account, p_kind, p_amount, p_remark, p_description, p_event, p_market_id,
      p_market_type, p_at),
    (p_txn, p_house_account, p_kind, -p_amount, p_remark, p_description, p_event, p_market_id,
      p_market_type, p_at);
  -- A clearing moves chips as a deposit does (docs/agents.md#clearing).
  IF p_kind IN ('credit', 'clearing') THEN
    UPDATE wallets SET credit_paise = credit_paise + p_amount WHERE account_id = p_client_account;
    UPDATE wallets SET credit_paise = credit_paise - p_amount WHERE account_id = p_house_account;
  ELSE
    UPDATE wallets SET pl_paise = pl_paise + p_amount WHERE account_id = p_client_account;
    UPDATE wallets SET pl_paise = pl_paise - p_amount WHERE account_id = p_house_account;
  END IF;
END $$;

-- A client's net loss from p_from to p_to: every ledger row of its account but credit (settled
-- bets, commission, casino rounds, matka), negated; negative when the client is ahead.
CREATE OR REPLACE FUNCTION wallet_net_loss(p_client bigint, p_from timestamptz, p_to timestamptz)
RETURNS bigint LANGUAGE sql STABLE AS $$
  SELECT coalesce(-sum(le.amount_paise), 0)::bigint
  FROM ledger_entries le JOIN accounts a ON a.id = le.account_id
  WHERE a.client_id = p_client AND le.kind <> 'credit'
    AND le.created_at >= p_from AND le.created_at <= p_to
$$;
