-- A bet in one call (docs/architecture.md, "The path of a bet"): bet_place locks, checks, writes
-- the bet and records the idempotency key; bet_lock_position is its first step alone.
--
-- Applied after the migrations whenever this file's text changed (src/db/migrate.ts): every
-- function is defined here once, with CREATE OR REPLACE, and edited in place.

-- Locks what bet_place locks, up to the client's position, and answers it: the first step of a
-- bet alone, its wallet locked by wallet_lock_client.
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

-- A bet: its market rows, the wallet and the position locked, the checks, the bet written, the
-- position held and the answer stored with its key. The client's limits are checked before the
-- hold (safer_refusal): the client's row is read once for its betting lock and whether it has
-- limits, so that a client without limits pays nothing more.
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
  v_client_locked boolean;
  v_has_limits boolean;
  v_exposure_limit bigint;
  v_takes bigint;
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

  -- The client's own row only: its lock, an ancestor's lock (copied down when set), its limits,
  -- its exposure limit and the takes the bet is placed under (docs/agents.md).
  SELECT betting_locked_at IS NOT NULL OR ancestor_betting_locked OR login_locked_at IS NOT NULL
      OR ancestor_login_locked,
    has_limits, exposure_limit_paise, takes_id
  INTO v_client_locked, v_has_limits, v_exposure_limit, v_takes
  FROM clients WHERE id = p_client;
  IF NOT v_found THEN
    v_refusal := p_messages ->> 'notFound';
  ELSIF v_market_closed OR v_event_closed
    OR EXISTS (SELECT 1 FROM result_declarations WHERE target = p_position)
    OR EXISTS (SELECT 1 FROM settlements WHERE target = p_position) THEN
    v_refusal := p_messages ->> 'closed';
  ELSIF v_locked THEN
    v_refusal := p_messages ->> 'locked';
  ELSIF v_client_locked THEN
    v_refusal := p_messages ->> 'clientLocked';
  ELSIF v_suspended THEN
    v_refusal := p_messages ->> 'suspended';
  ELSE
    IF v_exposure_limit IS NOT NULL AND v_wallet.exposure_paise + p_exposure
        - coalesce(v_position.exposure_paise, 0) > v_exposure_limit
        AND p_exposure > coalesce(v_position.exposure_paise, 0) THEN
      v_refusal := p_messages ->> 'exposureLimit';
    END IF;
    IF v_refusal IS NULL AND v_has_limits THEN
      v_refusal := safer_refusal(p_client, p_at, v_wallet.exposure_paise,
        p_exposure - coalesce(v_position.exposure_paise, 0), p_stake * 100::bigint, p_messages);
    END IF;
    IF v_refusal IS NULL THEN
      v_version := wallet_hold_on(v_wallet, p_client, p_position, p_event,
        coalesce(v_position.exposure_paise, 0), p_exposure, false);
      IF v_version IS NULL THEN
        v_refusal := p_messages ->> 'insufficient';
      END IF;
    END IF;
  END IF;

  IF v_refusal IS NULL THEN
    INSERT INTO bets (client_id, event_id, market_id, market_type, position_key, selection_id,
      selection_name, bet_type, odds, price, stake, profit_paise, liability_paise, created_at,
      takes_id)
    VALUES (p_client, p_event, p_market_id, p_market_type, p_position, p_selection_id,
      p_selection_name, p_bet_type, p_odds, p_price, p_stake, p_profit, p_liability, p_at,
      v_takes);
    v_answer := jsonb_build_object('Status', true, 'Result', p_messages ->> 'placed');
  ELSE
    v_answer := jsonb_build_object('Status', false, 'Result', v_refusal);
  END IF;
  IF p_key IS NOT NULL THEN
    UPDATE idempotency_keys SET response = v_answer WHERE client_id = p_client AND key = p_key;
  END IF;
  RETURN jsonb_build_object('outcome', 'answered', 'answer', v_answer, 'version', v_version);
END $$;
