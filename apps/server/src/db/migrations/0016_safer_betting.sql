-- Safer betting (docs/safer-gambling.md): a client's limits, reality check, time-out and
-- self-exclusion, and the check every stake passes under the wallet's lock. PostgreSQL 15 SQL.

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
CREATE TRIGGER sessions_notify_ends_at AFTER UPDATE OF ends_at ON sessions
  FOR EACH ROW WHEN (NEW.ends_at IS DISTINCT FROM OLD.ends_at)
  EXECUTE FUNCTION notify_session_revoked();

-- The client's own setting in force at p_at: the waiting value once its time has come.
CREATE FUNCTION limit_own(p_limit client_limits, p_at timestamptz) RETURNS bigint
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN p_limit.next_at IS NOT NULL AND p_limit.next_at <= p_at
    THEN p_limit.next_value ELSE p_limit.value END
$$;

-- The limit in force at p_at: the client's own, capped by the operator's ceiling (least ignores
-- a NULL: a ceiling without an own value is the limit).
CREATE FUNCTION limit_in_force(p_limit client_limits, p_at timestamptz) RETURNS bigint
LANGUAGE sql IMMUTABLE AS $$
  SELECT least(limit_own(p_limit, p_at), p_limit.ceiling)
$$;

-- A loss limit's period around p_at: the calendar day, the ISO week (from Monday) or the month of
-- p_tz (REPORT_TZ), as [start, end).
CREATE FUNCTION loss_period(p_kind text, p_at timestamptz, p_tz text,
  OUT period_start timestamptz, OUT period_end timestamptz)
LANGUAGE sql STABLE AS $$
  SELECT date_trunc(u.unit, p_at AT TIME ZONE p_tz) AT TIME ZONE p_tz,
    (date_trunc(u.unit, p_at AT TIME ZONE p_tz) + ('1 ' || u.unit)::interval) AT TIME ZONE p_tz
  FROM (SELECT CASE p_kind WHEN 'lossDay' THEN 'day' WHEN 'lossWeek' THEN 'week'
    ELSE 'month' END AS unit) u
$$;

-- A client's net loss from p_from to p_to: every ledger row of its account but credit (settled
-- bets, commission, casino rounds, matka), negated; negative when the client is ahead.
CREATE FUNCTION wallet_net_loss(p_client bigint, p_from timestamptz, p_to timestamptz)
RETURNS bigint LANGUAGE sql STABLE AS $$
  SELECT coalesce(-sum(le.amount_paise), 0)::bigint
  FROM ledger_entries le JOIN accounts a ON a.id = le.account_id
  WHERE a.client_id = p_client AND le.kind <> 'credit'
    AND le.created_at >= p_from AND le.created_at <= p_to
$$;

-- Rupees as the refusals write them: Indian digit grouping, two decimals (12,34,567.50).
CREATE FUNCTION rupees_text(p_paise bigint) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT to_char(p_paise / 100.0, 'FM99,99,99,99,99,99,990.00')
$$;

-- Why the client's limits refuse a stake; NULL when they do not. Called under the client's
-- wallet lock (FOR UPDATE), so that two stakes of one client are checked one after the other.
-- p_held: what the client's open bets and rounds could lose (the wallet's exposure) before it;
-- p_added: what the stake adds to that; p_stake: the stake in paise. A stake that adds nothing
-- to what can be lost (a cash out, a hedge) is never refused. Checked: the stake limit, then the
-- loss limits of the day, week and month: the period's net loss and what could be lost with the
-- stake may not pass the limit. p_messages: the texts (stakeLimit, lossLimit, periods) and tz.
CREATE FUNCTION safer_refusal(
  p_client bigint, p_at timestamptz, p_held bigint, p_added bigint, p_stake bigint,
  p_messages jsonb
) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  v_limit client_limits;
  v_value bigint;
  v_loss bigint;
  v_period record;
  v_tz text := p_messages ->> 'tz';
BEGIN
  IF p_added <= 0 THEN
    RETURN NULL;
  END IF;
  FOR v_limit IN SELECT * FROM client_limits WHERE client_id = p_client AND kind <> 'session'
    ORDER BY array_position(ARRAY['stake', 'lossDay', 'lossWeek', 'lossMonth'], kind)
  LOOP
    v_value := limit_in_force(v_limit, p_at);
    CONTINUE WHEN v_value IS NULL;
    IF v_limit.kind = 'stake' THEN
      IF p_stake > v_value THEN
        RETURN format(p_messages ->> 'stakeLimit', rupees_text(v_value));
      END IF;
    ELSE
      v_period := loss_period(v_limit.kind, p_at, v_tz);
      v_loss := wallet_net_loss(p_client, v_period.period_start, p_at);
      IF v_loss + p_held + p_added > v_value THEN
        RETURN format(p_messages ->> 'lossLimit', p_messages -> 'periods' ->> v_limit.kind,
          rupees_text(v_value), rupees_text(greatest(v_value - v_loss - p_held, 0)),
          to_char(v_period.period_end AT TIME ZONE v_tz, 'DD Mon YYYY, HH24:MI'),
          rupees_text(p_added));
      END IF;
    END IF;
  END LOOP;
  RETURN NULL;
END $$;

-- bet_place as in migration 0013, step for step, with the client's limits checked before the
-- hold (safer_refusal): the client's row read once for its betting lock and whether it has
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

  SELECT betting_locked_at IS NOT NULL, has_limits INTO v_client_locked, v_has_limits
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
    IF v_has_limits THEN
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

-- A login with the right password refused by the client's time-out or self-exclusion.
ALTER TABLE login_events DROP CONSTRAINT login_events_outcome_check;
ALTER TABLE login_events ADD CONSTRAINT login_events_outcome_check
  CHECK (outcome IN ('success', 'bad_credentials', 'throttled', 'excluded'));
