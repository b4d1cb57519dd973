-- Group commit of bets (docs/architecture.md, "The path of a bet"). PostgreSQL 15 SQL.
--
-- The bets that reach the server while earlier ones are still in PostgreSQL go together in one
-- call: one statement, one transaction, one commit for all of them. Each bet is still exactly
-- bet_place (bet_place.sql) with its own answer; only the locks come first, for the whole batch,
-- in the order of docs/decisions.md#money, so that a batch holding several wallets never waits for a market row
-- while holding a wallet:
--   1. every bet's market rows FOR SHARE (fancy runners, their events, then markets; each kind by
--      id), the rows bet_place would lock;
--   2. the bets one by one in ascending order of their client's account (the wallets' lock order),
--      a client's bets in the order given.
-- p_bets is a JSON array of bets, each an array of bet_place's arguments but the messages, in its
-- order (the hash in hex), then the bet's own answer when placed (element 18: "… at 1.85" for a
-- better price than asked, docs/decisions.md#money "Price improvement"); p_messages as for
-- bet_place, its `placed` replaced by the bet's own. Answers a JSON array of bet_place's
-- answers in the order of p_bets; null for a bet whose client has no account (the server places
-- that one alone, where bet_place raises).
--
-- Applied after the migrations whenever this file's text changed (src/db/migrate.ts): every
-- function is defined here once, with CREATE OR REPLACE, and edited in place.
CREATE OR REPLACE FUNCTION bet_place_batch(p_bets jsonb, p_messages jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_answers jsonb[] := array_fill(NULL::jsonb, ARRAY[jsonb_array_length(p_bets)]);
  v_turn record;
BEGIN
  PERFORM 1 FROM fancy_runners f
  JOIN jsonb_array_elements(p_bets) b(bet)
    ON b.bet ->> 8 = 'FANCY' AND f.selection_id = b.bet ->> 9 AND f.event_id = (b.bet ->> 6)::bigint
  ORDER BY f.selection_id FOR SHARE OF f;
  PERFORM 1 FROM events e
  WHERE e.id IN (SELECT (bet ->> 6)::bigint FROM jsonb_array_elements(p_bets) b(bet)
    WHERE bet ->> 8 = 'FANCY')
  ORDER BY e.id FOR SHARE;
  PERFORM 1 FROM markets m
  JOIN jsonb_array_elements(p_bets) b(bet)
    ON b.bet ->> 8 <> 'FANCY' AND m.id = b.bet ->> 7 AND m.event_id = (b.bet ->> 6)::bigint
  ORDER BY m.id FOR SHARE OF m;

  FOR v_turn IN
    SELECT b.n, b.bet FROM jsonb_array_elements(p_bets) WITH ORDINALITY b(bet, n)
    JOIN accounts a ON a.client_id = (b.bet ->> 0)::bigint
    ORDER BY a.id, b.n
  LOOP
    v_answers[v_turn.n] := bet_place(
      (v_turn.bet ->> 0)::bigint, v_turn.bet ->> 1, decode(v_turn.bet ->> 2, 'hex'),
      (v_turn.bet ->> 3)::timestamptz, (v_turn.bet ->> 4)::bigint, (v_turn.bet ->> 5)::bigint,
      (v_turn.bet ->> 6)::bigint, v_turn.bet ->> 7, v_turn.bet ->> 8, v_turn.bet ->> 9,
      v_turn.bet ->> 10, v_turn.bet ->> 11, v_turn.bet ->> 12, (v_turn.bet ->> 13)::integer,
      (v_turn.bet ->> 14)::integer, (v_turn.bet ->> 15)::integer, (v_turn.bet ->> 16)::bigint,
      (v_turn.bet ->> 17)::bigint,
      p_messages || jsonb_build_object('placed', coalesce(v_turn.bet ->> 18, p_messages ->> 'placed')));
  END LOOP;
  RETURN to_jsonb(v_answers);
END $$;
