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

-- Post a split (docs/agents.md#settlement-split): under one transaction id, the client's row
-- (p_amount) and one row per level account (p_accounts with p_amounts, summed per account), the
-- levels' amounts summing to -p_amount; a zero row is skipped (the ledger has none). Each wallet's
-- running total moves as wallet_post_pair moves it. The caller holds every wallet's lock.
CREATE OR REPLACE FUNCTION wallet_post_split(
  p_txn uuid, p_client_account bigint, p_kind text, p_amount bigint, p_accounts bigint[],
  p_amounts bigint[], p_remark text, p_description text, p_event bigint, p_market_id text,
  p_market_type text, p_at timestamptz
) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_levels bigint;
BEGIN
  IF coalesce(cardinality(p_accounts), 0) <> coalesce(cardinality(p_amounts), 0) THEN
    RAISE EXCEPTION 'split of txn %: % accounts for % amounts', p_txn, cardinality(p_accounts),
      cardinality(p_amounts) USING ERRCODE = '22023';
  END IF;
  SELECT coalesce(sum(amount), 0) INTO v_levels FROM unnest(p_amounts) AS l(amount);
  IF v_levels <> -p_amount THEN
    RAISE EXCEPTION 'split of txn %: the levels book % paise against the client''s %', p_txn,
      v_levels, p_amount USING ERRCODE = '23514';
  END IF;
  WITH given AS (
    SELECT p_client_account AS account, p_amount AS amount, 0::bigint AS n
    UNION ALL
    SELECT account, amount, n FROM unnest(p_accounts, p_amounts) WITH ORDINALITY AS l(account, amount, n)
  ), booked AS (
    -- One row per account, in the order given (the client first).
    SELECT account, sum(amount) AS amount, min(n) AS n FROM given GROUP BY account
    HAVING sum(amount) <> 0
  ), posted AS (
    INSERT INTO ledger_entries (txn_id, account_id, kind, amount_paise, remark, description,
      event_id, market_id, market_type, created_at)
    SELECT p_txn, account, p_kind, amount, p_remark, p_description, p_event, p_market_id,
      p_market_type, p_at
    FROM booked ORDER BY n
    RETURNING account_id, amount_paise
  )
  -- A clearing moves chips as a deposit does (docs/agents.md#clearing).
  UPDATE wallets w
  SET credit_paise = w.credit_paise
        + CASE WHEN p_kind IN ('credit', 'clearing') THEN p.amount_paise ELSE 0 END,
      pl_paise = w.pl_paise
        + CASE WHEN p_kind IN ('credit', 'clearing') THEN 0 ELSE p.amount_paise END
  FROM posted p WHERE w.account_id = p.account_id;
END $$;

-- Reverse what ledger transactions booked (docs/agents.md#settlement-split: a rollback is the
-- negation of what was booked, never a new split): under p_new_txn, for every account and kind
-- of p_txns' rows, the negation of their sum, with their description, event and market and the
-- remark p_remark; a sum of zero writes nothing. For one transaction, whose rows are one per
-- account and kind, that is each row negated. The running totals move as wallet_post_pair moves
-- them. The caller holds the lock of every wallet the rows name.
CREATE OR REPLACE FUNCTION wallet_reverse_txns(
  p_txns uuid[], p_new_txn uuid, p_remark text, p_at timestamptz
) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  WITH booked AS (
    SELECT account_id, kind, description, event_id, market_id, market_type,
      sum(amount_paise) AS amount, min(id) AS first
    FROM ledger_entries WHERE txn_id = ANY (p_txns)
    GROUP BY account_id, kind, description, event_id, market_id, market_type
    HAVING sum(amount_paise) <> 0
  ), posted AS (
    INSERT INTO ledger_entries (txn_id, account_id, kind, amount_paise, remark, description,
      event_id, market_id, market_type, created_at)
    SELECT p_new_txn, account_id, kind, -amount, p_remark, description, event_id, market_id,
      market_type, p_at
    FROM booked ORDER BY first
    RETURNING account_id, kind, amount_paise
  ), moved AS (
    SELECT account_id,
      coalesce(sum(amount_paise) FILTER (WHERE kind IN ('credit', 'clearing')), 0) AS credit,
      coalesce(sum(amount_paise) FILTER (WHERE kind NOT IN ('credit', 'clearing')), 0) AS pl
    FROM posted GROUP BY account_id
  )
  UPDATE wallets w SET credit_paise = w.credit_paise + m.credit, pl_paise = w.pl_paise + m.pl
  FROM moved m WHERE w.account_id = m.account_id;
END $$;

-- A client's net loss from p_from to p_to: every ledger row of its account but credit and clearing (settled
-- bets, commission, casino rounds, matka), negated; negative when the client is ahead.
CREATE OR REPLACE FUNCTION wallet_net_loss(p_client bigint, p_from timestamptz, p_to timestamptz)
RETURNS bigint LANGUAGE sql STABLE AS $$
  SELECT coalesce(-sum(le.amount_paise), 0)::bigint
  FROM ledger_entries le JOIN accounts a ON a.id = le.account_id
  WHERE a.client_id = p_client AND le.kind NOT IN ('credit', 'clearing')
    AND le.created_at >= p_from AND le.created_at <= p_to
$$;
