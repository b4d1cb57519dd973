-- Fewer statements per bet (docs/architecture.md, "The path of a bet"). PostgreSQL 15 SQL.
--
-- PostgreSQL's time per bet goes mostly to setting up the executor for each statement that
-- bet_place runs (bench/RESULTS.md, bets). A bet ran three of them only to find again what an
-- earlier one had: the client's account (for wallet_lock), the wallet just locked (wallet_hold
-- read it again) and the position's exposure row (read for its version, then again by
-- wallet_hold for what it held). Each is now read once, by a wallet function, and handed on:
--   wallet_lock_client   the wallet locked FOR UPDATE, found by its client, in one statement;
--   wallet_position      the position's row: its version and what it holds;
--   wallet_hold_on       wallet_hold on a wallet locked and a holding read by the caller.
-- wallet_hold keeps its arguments and does what it did, through wallet_hold_on. The functions
-- are PL/pgSQL, whose statements' plans each session keeps (a SQL function's body was planned
-- again on every call before PostgreSQL 18).

-- Locks a client's wallet FOR UPDATE; raises no_data_found when the client has no account.
CREATE FUNCTION wallet_lock_client(p_client bigint) RETURNS wallets LANGUAGE plpgsql AS $$
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
CREATE FUNCTION wallet_position(p_client bigint, p_position text) RETURNS exposures
LANGUAGE plpgsql AS $$
DECLARE
  v_row exposures;
BEGIN
  SELECT * INTO v_row FROM exposures WHERE client_id = p_client AND position_key = p_position;
  RETURN v_row;
END $$;

-- Hold on a wallet the caller has locked and read (p_wallet) and a position's holding it has
-- read (p_held, 0 for none): sets the position's exposure to p_exposure and moves the wallet's by
-- the difference. Refused (NULL, nothing changed) when the difference adds exposure the main
-- balance cannot cover (wallet_can_hold), unless p_may_overdraw. Answers the position's new
-- version.
CREATE FUNCTION wallet_hold_on(
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

-- wallet_hold as before (migration 0009), for the callers that hold the lock by account.
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

-- The position's version (0: no open bets), through wallet_position.
CREATE OR REPLACE FUNCTION wallet_position_version(p_client bigint, p_position text)
RETURNS bigint LANGUAGE sql AS $$
  SELECT coalesce((wallet_position(p_client, p_position)).version, 0)
$$;

-- bet_place as in migration 0009, step for step (its comment there holds), with the wallet and
-- the position each read once.
CREATE OR REPLACE FUNCTION bet_place(
  p_client bigint, p_key text, p_hash bytea, p_at timestamptz, p_version bigint, p_exposure bigint,
  p_event bigint, p_market_id text, p_market_type text, p_position text, p_selection_id text,
  p_selection_name text, p_bet_type text, p_odds integer, p_price integer, p_stake integer,
  p_profit bigint, p_liability bigint, p_messages jsonb
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_found boolean := false;
  v_market_closed boolean := false;
  v_suspended boolean := false;
  v_event_closed boolean := false;
  v_locked boolean := false;
  v_wallet wallets;
  v_position exposures;
  v_current bigint;
  v_refusal text;
  v_version bigint;
  v_hash bytea;
  v_answer jsonb;
BEGIN
  IF p_market_type = 'FANCY' THEN
    SELECT true INTO v_found FROM fancy_runners
    WHERE selection_id = p_position AND event_id = p_event FOR SHARE;
    SELECT status = 'closed', bet_locked INTO v_event_closed, v_locked
    FROM events WHERE id = p_event FOR SHARE;
  ELSE
    SELECT true, m.status = 'CLOSED', m.operator_suspended, e.status = 'closed', e.bet_locked
    INTO v_found, v_market_closed, v_suspended, v_event_closed, v_locked
    FROM markets m JOIN events e ON e.id = m.event_id
    WHERE m.id = p_market_id AND m.event_id = p_event FOR SHARE OF m;
  END IF;

  v_wallet := wallet_lock_client(p_client);

  v_position := wallet_position(p_client, p_position);
  v_current := coalesce(v_position.version, 0);
  IF v_current <> p_version THEN
    RETURN jsonb_build_object('outcome', 'stale', 'version', v_current, 'bets', (
      SELECT coalesce(jsonb_agg(jsonb_build_array(
        selection_id, bet_type, odds, profit_paise, liability_paise) ORDER BY id), '[]')
      FROM bets WHERE client_id = p_client AND position_key = p_position AND status = 'Pending'));
  END IF;

  IF p_key IS NOT NULL THEN
    INSERT INTO idempotency_keys (client_id, key, request_hash, response, created_at)
    VALUES (p_client, p_key, p_hash, NULL, p_at)
    ON CONFLICT (client_id, key) DO NOTHING;
    IF NOT FOUND THEN
      SELECT request_hash, response INTO v_hash, v_answer
      FROM idempotency_keys WHERE client_id = p_client AND key = p_key;
      IF v_hash <> p_hash THEN
        RETURN '{"outcome":"conflict"}';
      END IF;
      RETURN jsonb_build_object('outcome', 'replay', 'answer', v_answer);
    END IF;
  END IF;

  IF NOT v_found THEN
    v_refusal := p_messages ->> 'notFound';
  ELSIF v_market_closed OR v_event_closed
    OR EXISTS (SELECT 1 FROM result_declarations WHERE target = p_position)
    OR EXISTS (SELECT 1 FROM settlements WHERE target = p_position) THEN
    v_refusal := p_messages ->> 'closed';
  ELSIF v_locked THEN
    v_refusal := p_messages ->> 'locked';
  ELSIF v_suspended THEN
    v_refusal := p_messages ->> 'suspended';
  ELSE
    v_version := wallet_hold_on(v_wallet, p_client, p_position, p_event,
      coalesce(v_position.exposure_paise, 0), p_exposure, false);
    IF v_version IS NULL THEN
      v_refusal := p_messages ->> 'insufficient';
    END IF;
  END IF;

  IF v_refusal IS NULL THEN
    INSERT INTO bets (client_id, event_id, market_id, market_type, position_key, selection_id,
      selection_name, bet_type, odds, price, stake, profit_paise, liability_paise, created_at)
    VALUES (p_client, p_event, p_market_id, p_market_type, p_position, p_selection_id,
      p_selection_name, p_bet_type, p_odds, p_price, p_stake, p_profit, p_liability, p_at);
    v_answer := jsonb_build_object('Status', true, 'Result', p_messages ->> 'placed');
  ELSE
    v_answer := jsonb_build_object('Status', false, 'Result', v_refusal);
  END IF;
  IF p_key IS NOT NULL THEN
    UPDATE idempotency_keys SET response = v_answer WHERE client_id = p_client AND key = p_key;
  END IF;
  RETURN jsonb_build_object('outcome', 'answered', 'answer', v_answer, 'version', v_version);
END $$;

-- bet_lock_position as in migration 0009, its wallet locked by wallet_lock_client.
CREATE OR REPLACE FUNCTION bet_lock_position(
  p_client bigint, p_event bigint, p_market_id text, p_market_type text, p_position text
) RETURNS jsonb LANGUAGE plpgsql AS $$
BEGIN
  IF p_market_type = 'FANCY' THEN
    PERFORM 1 FROM fancy_runners WHERE selection_id = p_position AND event_id = p_event FOR SHARE;
    PERFORM 1 FROM events WHERE id = p_event FOR SHARE;
  ELSE
    PERFORM 1 FROM markets WHERE id = p_market_id AND event_id = p_event FOR SHARE;
  END IF;
  PERFORM wallet_lock_client(p_client);
  RETURN jsonb_build_object('version', wallet_position_version(p_client, p_position), 'bets', (
    SELECT coalesce(jsonb_agg(jsonb_build_array(
      selection_id, bet_type, odds, profit_paise, liability_paise) ORDER BY id), '[]')
    FROM bets WHERE client_id = p_client AND position_key = p_position AND status = 'Pending'));
END $$;
