-- money-core (docs/architecture.md, "Money" and "The path of a bet"). PostgreSQL 15 SQL.
--
-- 1. The wallet's operations as functions: the only SQL, beside the wallet module's queries, that
--    reads or writes wallets, exposures and ledger_entries. Callers hold the locks in the order of
--    docs/decisions.md#money (market rows, then wallets by ascending account) and decide what to hold or post.
-- 2. A bet in one call: bet_place locks, checks, writes and records the idempotency key.
-- 3. Triggers that announce changes with NOTIFY, so that every instance's caches (the catalog of
--    markets and sessions, src/db/changes.ts) follow whoever wrote.

-- Every change of a position gets a new version from this sequence (never reused), so a cached
-- position with version v is exactly the open bets of that version; no row means no open bets.
CREATE SEQUENCE position_versions;
ALTER TABLE exposures ADD COLUMN version bigint NOT NULL DEFAULT nextval('position_versions');

-- The main-balance rule (docs/decisions.md#money), the twin of canHold in packages/domain/src/money.ts (a
-- property test runs both on the same generated wallets): a change that does not add exposure is
-- always allowed; one that adds exposure needs MainBalance = credit + PL − exposure ≥ the addition.
CREATE FUNCTION wallet_can_hold(p_credit bigint, p_pl bigint, p_exposure bigint, p_delta bigint)
RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT p_delta <= 0 OR p_credit + p_pl - p_exposure - p_delta >= 0
$$;

-- Locks one wallet FOR UPDATE.
CREATE FUNCTION wallet_lock(p_account bigint) RETURNS wallets LANGUAGE sql AS $$
  SELECT * FROM wallets WHERE account_id = p_account FOR UPDATE
$$;

-- The version of a client's position (0: no open position).
CREATE FUNCTION wallet_position_version(p_client bigint, p_position text)
RETURNS bigint LANGUAGE sql STABLE AS $$
  SELECT coalesce(
    (SELECT version FROM exposures WHERE client_id = p_client AND position_key = p_position), 0)
$$;

-- Hold: sets a position's exposure and moves the wallet's exposure by the difference. Refused
-- (NULL, nothing changed) when the difference adds exposure the main balance cannot cover, unless
-- p_may_overdraw (a rollback re-imposing exposure; docs/decisions.md#money). Answers the position's new version.
-- The caller holds the wallet's lock.
CREATE FUNCTION wallet_hold(
  p_account bigint, p_client bigint, p_position text, p_event bigint, p_exposure bigint,
  p_may_overdraw boolean
) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  v_wallet wallets;
  v_delta bigint;
  v_version bigint := nextval('position_versions');
BEGIN
  SELECT * INTO STRICT v_wallet FROM wallets WHERE account_id = p_account;
  v_delta := p_exposure - coalesce(
    (SELECT exposure_paise FROM exposures WHERE client_id = p_client AND position_key = p_position),
    0);
  IF NOT p_may_overdraw AND NOT wallet_can_hold(
    v_wallet.credit_paise, v_wallet.pl_paise, v_wallet.exposure_paise, v_delta
  ) THEN
    RETURN NULL;
  END IF;
  INSERT INTO exposures (client_id, position_key, event_id, exposure_paise, version)
  VALUES (p_client, p_position, p_event, p_exposure, v_version)
  ON CONFLICT (client_id, position_key)
  DO UPDATE SET exposure_paise = EXCLUDED.exposure_paise, version = EXCLUDED.version;
  IF v_delta <> 0 THEN
    UPDATE wallets SET exposure_paise = exposure_paise + v_delta WHERE account_id = p_account;
  END IF;
  RETURN v_version;
END $$;

-- Release: ends a position, taking its exposure off the wallet. Answers what was held (0 when
-- nothing). The caller holds the wallet's lock.
CREATE FUNCTION wallet_release(p_account bigint, p_client bigint, p_position text)
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
CREATE FUNCTION wallet_post_pair(
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
  IF p_kind = 'credit' THEN
    UPDATE wallets SET credit_paise = credit_paise + p_amount WHERE account_id = p_client_account;
    UPDATE wallets SET credit_paise = credit_paise - p_amount WHERE account_id = p_house_account;
  ELSE
    UPDATE wallets SET pl_paise = pl_paise + p_amount WHERE account_id = p_client_account;
    UPDATE wallets SET pl_paise = pl_paise - p_amount WHERE account_id = p_house_account;
  END IF;
END $$;

-- Remembers the answer of a request refused before it reached bet_place (the price check, the
-- stake, a suspended market: decided in memory), unless the key has an answer already. Answers
-- {"outcome":"answered"}, {"outcome":"replay","answer":…} or {"outcome":"conflict"} (the key was
-- used with another request).
CREATE FUNCTION idempotency_remember(
  p_client bigint, p_key text, p_hash bytea, p_answer jsonb, p_at timestamptz
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_hash bytea;
  v_answer jsonb;
BEGIN
  INSERT INTO idempotency_keys (client_id, key, request_hash, response, created_at)
  VALUES (p_client, p_key, p_hash, p_answer, p_at)
  ON CONFLICT (client_id, key) DO NOTHING;
  IF FOUND THEN
    RETURN '{"outcome":"answered"}';
  END IF;
  SELECT request_hash, response INTO v_hash, v_answer
  FROM idempotency_keys WHERE client_id = p_client AND key = p_key;
  IF v_hash <> p_hash THEN
    RETURN '{"outcome":"conflict"}';
  END IF;
  RETURN jsonb_build_object('outcome', 'replay', 'answer', v_answer);
END $$;

-- A bet (docs/decisions.md#money, #hot-paths), decided in memory by the server (catalog, prices, stake, the position's
-- exposure with this bet, computed by packages/domain on the open bets of version p_version) and
-- made here in one call:
--   1. the market row (a fancy session's row, and its event's) FOR SHARE: a settlement's FOR
--      UPDATE either waits for this bet or makes it wait and see the market closed;
--   2. the client's wallet FOR UPDATE: one client's bets run one at a time from here;
--   3. the position still at p_version, or {"outcome":"stale"} with its open bets and version,
--      nothing written (the server computes again and calls again);
--   4. the idempotency key claimed, or the earlier answer ({"outcome":"replay"}) or 409
--      ({"outcome":"conflict"});
--   5. the refusals a change since the server's look may bring (market closed or declared,
--      betting locked, market suspended by the operator) and the main-balance rule (wallet_hold);
--   6. the bet inserted and the answer stored with the key.
-- Answers {"outcome":"answered","answer":{Status,Result},"version":v} (v: the position's new
-- version when placed). p_messages holds the answer texts (BET_MESSAGES in bets.service.ts).
CREATE FUNCTION bet_place(
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
  v_account bigint;
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

  SELECT id INTO STRICT v_account FROM accounts WHERE client_id = p_client;
  PERFORM wallet_lock(v_account);

  v_current := wallet_position_version(p_client, p_position);
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
    v_version := wallet_hold(v_account, p_client, p_position, p_event, p_exposure, false);
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

-- The contended path of a bet: when a position changed under two optimistic attempts (another
-- instance betting on it at the same moment), the server takes bet_place's locks first, in its
-- order, inside a transaction, reads the position, computes, and calls bet_place in the same
-- transaction, which then cannot find it changed. Answers {"version":v,"bets":[…]}.
CREATE FUNCTION bet_lock_position(
  p_client bigint, p_event bigint, p_market_id text, p_market_type text, p_position text
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_account bigint;
BEGIN
  IF p_market_type = 'FANCY' THEN
    PERFORM 1 FROM fancy_runners WHERE selection_id = p_position AND event_id = p_event FOR SHARE;
    PERFORM 1 FROM events WHERE id = p_event FOR SHARE;
  ELSE
    PERFORM 1 FROM markets WHERE id = p_market_id AND event_id = p_event FOR SHARE;
  END IF;
  SELECT id INTO STRICT v_account FROM accounts WHERE client_id = p_client;
  PERFORM wallet_lock(v_account);
  RETURN jsonb_build_object('version', wallet_position_version(p_client, p_position), 'bets', (
    SELECT coalesce(jsonb_agg(jsonb_build_array(
      selection_id, bet_type, odds, profit_paise, liability_paise) ORDER BY id), '[]')
    FROM bets WHERE client_id = p_client AND position_key = p_position AND status = 'Pending'));
END $$;

-- Changes the catalog of markets caches (payload: the event id) and revoked sessions (payload:
-- the token hash in hex). NOTIFY delivers at commit and folds repeats within a transaction.
CREATE FUNCTION notify_catalog() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_row record;
  v_event text;
BEGIN
  IF TG_OP = 'DELETE' THEN
    v_row := OLD;
  ELSE
    v_row := NEW;
  END IF;
  IF TG_TABLE_NAME = 'events' THEN
    v_event := v_row.id::text;
  ELSIF TG_TABLE_NAME = 'runners' THEN
    SELECT event_id::text INTO v_event FROM markets WHERE id = v_row.market_id;
  ELSE
    v_event := v_row.event_id::text;
  END IF;
  IF v_event IS NOT NULL THEN
    PERFORM pg_notify('backlay_catalog', v_event);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER events_notify AFTER INSERT OR UPDATE OR DELETE ON events
  FOR EACH ROW EXECUTE FUNCTION notify_catalog();
CREATE TRIGGER markets_notify AFTER INSERT OR UPDATE OR DELETE ON markets
  FOR EACH ROW EXECUTE FUNCTION notify_catalog();
CREATE TRIGGER runners_notify AFTER INSERT OR UPDATE OR DELETE ON runners
  FOR EACH ROW EXECUTE FUNCTION notify_catalog();
CREATE TRIGGER fancy_runners_notify AFTER INSERT OR UPDATE OR DELETE ON fancy_runners
  FOR EACH ROW EXECUTE FUNCTION notify_catalog();
CREATE TRIGGER custom_fancy_notify AFTER INSERT OR UPDATE OR DELETE ON custom_fancy
  FOR EACH ROW EXECUTE FUNCTION notify_catalog();
CREATE TRIGGER custom_bookmaker_notify AFTER INSERT OR UPDATE OR DELETE ON custom_bookmaker
  FOR EACH ROW EXECUTE FUNCTION notify_catalog();
CREATE TRIGGER result_declarations_notify AFTER INSERT OR UPDATE OR DELETE ON result_declarations
  FOR EACH ROW EXECUTE FUNCTION notify_catalog();
CREATE TRIGGER settlements_notify AFTER INSERT OR UPDATE OR DELETE ON settlements
  FOR EACH ROW EXECUTE FUNCTION notify_catalog();

CREATE FUNCTION notify_session_revoked() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('backlay_sessions', encode(NEW.token_hash, 'hex'));
  RETURN NULL;
END $$;

CREATE TRIGGER sessions_notify_revoked AFTER UPDATE OF revoked_at ON sessions
  FOR EACH ROW WHEN (NEW.revoked_at IS NOT NULL AND OLD.revoked_at IS NULL)
  EXECUTE FUNCTION notify_session_revoked();
