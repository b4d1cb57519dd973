-- The back office (docs/backoffice.md): operator accounts with a TOTP second factor and roles,
-- their sessions, the append-only audit log of every operator action, operators' idempotency
-- keys, and a client's betting lock. PostgreSQL 15 SQL.

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

CREATE FUNCTION operator_audit_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'operator_audit is append-only' USING ERRCODE = 'insufficient_privilege';
END $$;
CREATE TRIGGER operator_audit_append_only BEFORE UPDATE OR DELETE ON operator_audit
  FOR EACH ROW EXECUTE FUNCTION operator_audit_append_only();
CREATE TRIGGER operator_audit_no_truncate BEFORE TRUNCATE ON operator_audit
  FOR EACH STATEMENT EXECUTE FUNCTION operator_audit_append_only();

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

-- bet_place as in migration 0011, step for step, refusing a client whose betting is locked.
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
  ELSIF EXISTS (SELECT 1 FROM clients WHERE id = p_client AND betting_locked_at IS NOT NULL) THEN
    v_refusal := p_messages ->> 'clientLocked';
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
