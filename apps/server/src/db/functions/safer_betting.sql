-- Safer betting (docs/safer-gambling.md): the limits in force and the check every stake passes
-- under the wallet's lock.
--
-- Applied after the migrations whenever this file's text changed (src/db/migrate.ts): every
-- function is defined here once, with CREATE OR REPLACE, and edited in place.

-- The client's own setting in force at p_at: the waiting value once its time has come.
CREATE OR REPLACE FUNCTION limit_own(p_limit client_limits, p_at timestamptz) RETURNS bigint
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN p_limit.next_at IS NOT NULL AND p_limit.next_at <= p_at
    THEN p_limit.next_value ELSE p_limit.value END
$$;

-- The limit in force at p_at: the client's own, capped by the operator's ceiling (least ignores
-- a NULL: a ceiling without an own value is the limit).
CREATE OR REPLACE FUNCTION limit_in_force(p_limit client_limits, p_at timestamptz) RETURNS bigint
LANGUAGE sql IMMUTABLE AS $$
  SELECT least(limit_own(p_limit, p_at), p_limit.ceiling)
$$;

-- A loss limit's period around p_at: the calendar day, the ISO week (from Monday) or the month of
-- p_tz (REPORT_TZ), as [start, end).
CREATE OR REPLACE FUNCTION loss_period(p_kind text, p_at timestamptz, p_tz text,
  OUT period_start timestamptz, OUT period_end timestamptz)
LANGUAGE sql STABLE AS $$
  SELECT date_trunc(u.unit, p_at AT TIME ZONE p_tz) AT TIME ZONE p_tz,
    (date_trunc(u.unit, p_at AT TIME ZONE p_tz) + ('1 ' || u.unit)::interval) AT TIME ZONE p_tz
  FROM (SELECT CASE p_kind WHEN 'lossDay' THEN 'day' WHEN 'lossWeek' THEN 'week'
    ELSE 'month' END AS unit) u
$$;

-- Rupees as the refusals write them: Indian digit grouping, two decimals (12,34,567.50).
CREATE OR REPLACE FUNCTION rupees_text(p_paise bigint) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT to_char(p_paise / 100.0, 'FM99,99,99,99,99,99,990.00')
$$;

-- Why the client's limits refuse a stake; NULL when they do not. Called under the client's
-- wallet lock (FOR UPDATE), so that two stakes of one client are checked one after the other.
-- p_held: what the client's open bets and rounds could lose (the wallet's exposure) before it;
-- p_added: what the stake adds to that; p_stake: the stake in paise. A stake that adds nothing
-- to what can be lost (a cash out, a hedge) is never refused. Checked: the stake limit, then the
-- loss limits of the day, week and month: the period's net loss and what could be lost with the
-- stake may not pass the limit. p_messages: the texts (stakeLimit, lossLimit, periods) and tz.
CREATE OR REPLACE FUNCTION safer_refusal(
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
