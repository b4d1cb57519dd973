-- One warm bet as the server places it (apps/server/src/modules/bets), for pgbench -M extended: a
-- match odds, bookmaker or fancy bet in the mix of the API load, statement for statement
-- (bets.perf.ts checks them against what the server sends for its second bet of each kind, captured
-- with log_statement=all). That is one call of bet_place (docs/architecture.md, "The path of a
-- bet"; migration 0009_money_core.sql, layout as in bets.queries.ts placeBet): the session comes
-- from the server's cache and the market from its catalog, so neither costs a statement; a client's
-- first bet on a position costs the server one more call (bet_place answers "stale" with the
-- position), which a warm bet does not make and this script does not either.
--
-- Values the server binds are variables or literals here; its computed figures (exposure, profit,
-- liability) are stand-ins, and so are the request hash and the position's version:
-- * p_version (the 5th argument) is NULL. The server passes the version its cache holds, which
--   for a warm bet is the position's current one, so bet_place's check `v_current <> p_version`
--   is false and the bet goes on. pgbench cannot hold that version: it would have to read it out
--   of bet_place's JSON answer, and pgbench expressions have no JSON (a `\gset` of
--   `o->>'version'` would change the statement's text). With NULL the check is NULL, which
--   PL/pgSQL's IF takes as false: bet_place does exactly the warm bet's work (the version lookup,
--   the check, the locks, the hold, the insert, the key) and never answers "stale". NULL
--   normalises like any bound value, so the statement check stays strict; and bets.perf.ts
--   checks after every pgbench run that each transaction inserted a bet, so a change that made
--   NULL "stale" (or any refusal) would fail the run instead of measuring no work.
-- * the idempotency key is UUID-shaped (36 characters, as the server's randomUUID keys).
--
-- Variables from the command line (-D): first_event, events, fancies, first_client (the lowest
-- id of pgbench's own 80 clients, whose ids are consecutive), clients, conns, mix_mo, mix_bm,
-- mix_all. Connection c bets for the clients c, c + conns, c + 2·conns, … at random (its own, as
-- each API connection has its own), so no two connections take one wallet's lock at once.
\set kind random(1, :mix_all)
\set ev :first_event + random(0, :events - 1)
\set client :first_client + :client_id + :conns * random(0, :clients / :conns - 1)
\set selection :ev * 100 + random(1, 2)
\set session random(1, :fancies)
\set stake 500 * random(1, 10)
\set key random(100000000000, 999999999999)
\if :kind <= :mix_mo
-- MATCH_ODDS
SELECT bet_place(
    :client::bigint, '00000000-0000-4000-8000-' || :key, '\x0ac8e53f32ab776e3066fdcdda8eb2f51bda5d7934a0091ee0d63d2ac0875060'::bytea, now()::timestamptz,
    null::bigint, :stake * 100::bigint, :ev::bigint,
    '1.' || :ev, 'MATCH_ODDS', '1.' || :ev, :selection,
    'Bench', 'Back', 190::integer, 0::integer,
    :stake::integer, :stake * 90::bigint, :stake * 100::bigint,
    '{"placed":"Bet placed successfully","suspended":"Market suspended","closed":"Market closed","locked":"Betting is locked for this event","oddsChanged":"Odds changed","insufficient":"Insufficient balance","notFound":"Market not found","runnerNotFound":"Selection not found","wrongRoute":"Use the fancy bet for FANCY markets and the user bet for the others","wrongSide":"Bet type does not fit the market"}'::jsonb) AS outcome;
\elif :kind <= :mix_bm
-- BOOKMAKER
SELECT bet_place(
    :client::bigint, '00000000-0000-4000-8000-' || :key, '\x0ac8e53f32ab776e3066fdcdda8eb2f51bda5d7934a0091ee0d63d2ac0875060'::bytea, now()::timestamptz,
    null::bigint, :stake * 100::bigint, :ev::bigint,
    :ev || 'B', 'BOOKMAKER', :ev || 'B', :selection,
    'Bench', 'Back', 88::integer, 0::integer,
    :stake::integer, :stake * 88::bigint, :stake * 100::bigint,
    '{"placed":"Bet placed successfully","suspended":"Market suspended","closed":"Market closed","locked":"Betting is locked for this event","oddsChanged":"Odds changed","insufficient":"Insufficient balance","notFound":"Market not found","runnerNotFound":"Selection not found","wrongRoute":"Use the fancy bet for FANCY markets and the user bet for the others","wrongSide":"Bet type does not fit the market"}'::jsonb) AS outcome;
\else
-- FANCY
SELECT bet_place(
    :client::bigint, '00000000-0000-4000-8000-' || :key, '\x0ac8e53f32ab776e3066fdcdda8eb2f51bda5d7934a0091ee0d63d2ac0875060'::bytea, now()::timestamptz,
    null::bigint, :stake * 20::bigint, :ev::bigint,
    :ev, 'FANCY', :ev || '-' || :session, :ev || '-' || :session,
    'Bench', 'Yes', 41::integer, 100::integer,
    :stake / 5::integer, :stake * 20::bigint, :stake * 20::bigint,
    '{"placed":"Bet placed successfully","suspended":"Market suspended","closed":"Market closed","locked":"Betting is locked for this event","oddsChanged":"Odds changed","insufficient":"Insufficient balance","notFound":"Market not found","runnerNotFound":"Selection not found","wrongRoute":"Use the fancy bet for FANCY markets and the user bet for the others","wrongSide":"Bet type does not fit the market"}'::jsonb) AS outcome;
\endif
