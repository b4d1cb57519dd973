-- A bet's cancel in one call (docs/architecture.md, "Cancelling a bet"), and the open bets of a
-- position it and bet_place answer with when the server's look was stale.
--
-- Applied after the migrations whenever this file's text changed (src/db/migrate.ts): every
-- function is defined here once, with CREATE OR REPLACE, and edited in place.

-- A client's open bets on a position as bet_place and bet_lock_position list them when stale:
-- [[selection, type, odds, profit, liability], …] in the order placed.
CREATE OR REPLACE FUNCTION position_open_bets(p_client bigint, p_position text) RETURNS jsonb
LANGUAGE sql STABLE AS $$
  SELECT coalesce(jsonb_agg(jsonb_build_array(
    selection_id, bet_type, odds, profit_paise, liability_paise) ORDER BY id), '[]')
  FROM bets WHERE client_id = p_client AND position_key = p_position AND status = 'Pending'
$$;

-- A cancel, decided in memory by the server (the bet is the client's, on football, inside its
-- window, its market not suspended since; the position's exposure without the bet computed by
-- packages/domain on the open bets of version p_version) and made here in one call, in
-- bet_place's order and with its answers' shapes:
--   1. the bet's market row FOR SHARE (a settlement's FOR UPDATE waits for the cancel or makes
--      it see the market closed), then the client's wallet FOR UPDATE;
--   2. the position still at p_version, or {"outcome":"stale"} with its open bets and version;
--   3. the idempotency key claimed, or the earlier answer ({"outcome":"replay"}) or 409;
--   4. the refusals a change since the server's look may bring: the bet no longer open, its
--      market closed, declared or settled, the window passed at p_at (the server's clock: the
--      window ends p_window_ms after the bet's created_at), or a cancel that would add exposure
--      the main balance cannot cover (a bet that hedged others);
--   5. the position held at p_exposure (released when no open bet is left), the bet marked
--      Cancelled at p_at, and the answer stored with the key.
-- Answers {"outcome":"answered","answer":{Status,Result},"version":v} (v: the position's new
-- version, 0 when released, when cancelled). p_messages holds the answer texts (CANCEL_MESSAGES).
CREATE OR REPLACE FUNCTION bet_cancel(
  p_client bigint, p_bet bigint, p_key text, p_hash bytea, p_at timestamptz, p_window_ms integer,
  p_version bigint, p_exposure bigint, p_messages jsonb
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_bet bets;
  v_found boolean := false;
  v_market_closed boolean := false;
  v_event_closed boolean := false;
  v_wallet wallets;
  v_position exposures;
  v_current bigint;
  v_refusal text;
  v_version bigint;
  v_answer jsonb;
BEGIN
  SELECT * INTO v_bet FROM bets
  WHERE id = p_bet AND client_id = p_client AND market_type <> 'FANCY';
  IF FOUND THEN
    SELECT true, m.status = 'CLOSED', e.status = 'closed'
    INTO v_found, v_market_closed, v_event_closed
    FROM markets m JOIN events e ON e.id = m.event_id
    WHERE m.id = v_bet.market_id FOR SHARE OF m;
  END IF;

  v_wallet := wallet_lock_client(p_client);

  IF v_found THEN
    v_position := wallet_position(p_client, v_bet.position_key);
    v_current := coalesce(v_position.version, 0);
    IF v_current <> p_version THEN
      RETURN jsonb_build_object('outcome', 'stale', 'version', v_current,
        'bets', position_open_bets(p_client, v_bet.position_key));
    END IF;
  END IF;

  IF p_key IS NOT NULL THEN
    v_answer := idempotency_claim(p_client, p_key, p_hash, p_at);
    IF v_answer IS NOT NULL THEN
      RETURN v_answer;
    END IF;
  END IF;

  IF v_found THEN
    -- Read again under the locks: a settlement may have finished it meanwhile.
    SELECT * INTO v_bet FROM bets WHERE id = p_bet;
  END IF;
  IF NOT v_found THEN
    v_refusal := p_messages ->> 'notFound';
  ELSIF v_bet.status <> 'Pending' THEN
    v_refusal := p_messages ->> 'notOpen';
  ELSIF v_market_closed OR v_event_closed
    OR EXISTS (SELECT 1 FROM result_declarations WHERE target = v_bet.position_key)
    OR EXISTS (SELECT 1 FROM settlements WHERE target = v_bet.position_key) THEN
    v_refusal := p_messages ->> 'closed';
  ELSIF p_at >= v_bet.created_at + make_interval(secs => p_window_ms / 1000.0) THEN
    v_refusal := p_messages ->> 'expired';
  ELSIF NOT EXISTS (
    SELECT 1 FROM bets WHERE client_id = p_client AND position_key = v_bet.position_key
      AND status = 'Pending' AND id <> p_bet
  ) THEN
    PERFORM wallet_release(v_wallet.account_id, p_client, v_bet.position_key);
    v_version := 0;
  ELSE
    v_version := wallet_hold_on(v_wallet, p_client, v_bet.position_key, v_bet.event_id,
      coalesce(v_position.exposure_paise, 0), p_exposure, false);
    IF v_version IS NULL THEN
      v_refusal := p_messages ->> 'insufficient';
    END IF;
  END IF;

  IF v_refusal IS NULL THEN
    UPDATE bets SET status = 'Cancelled', cancelled_at = p_at WHERE id = p_bet;
    v_answer := jsonb_build_object('Status', true, 'Result', p_messages ->> 'cancelled');
  ELSE
    v_answer := jsonb_build_object('Status', false, 'Result', v_refusal);
  END IF;
  IF p_key IS NOT NULL THEN
    UPDATE idempotency_keys SET response = v_answer WHERE client_id = p_client AND key = p_key;
  END IF;
  RETURN jsonb_build_object('outcome', 'answered', 'answer', v_answer, 'version', v_version);
END $$;
