-- One bet as the server places it (apps/server/src/modules/bets), for pgbench -M extended: the
-- session lookup of the bearer token, then the transaction of a match odds, bookmaker or fancy bet
-- in the mix of the API load, statement for statement (bets.perf.ts checks them against what the
-- server sends, captured with log_statement=all). Values the server binds are variables or
-- literals here; the server's computed figures (profit, liability, exposure) are stand-ins.
-- Variables from the command line (-D): first_event, events, fancies, clients, conns, mix_mo,
-- mix_bm, mix_all. Connection c bets for the clients c, c + conns, c + 2·conns, … at random (its
-- own, as each API connection has its own), so no two connections take one wallet's lock at once.
-- bench_clients maps those numbers to the session token hashes of pgbench's own clients.
\set kind random(1, :mix_all)
\set ev :first_event + random(0, :events - 1)
\set n :client_id + :conns * random(0, :clients / :conns - 1)
\set selection :ev * 100 + random(1, 2)
\set session random(1, :fancies)
\set stake 500 * random(1, 10)
\set key random(1000000000000, 9000000000000000000)
select "sessions"."id", "sessions"."client_id", "clients"."username", "sessions"."validity_value", "sessions"."created_at", "sessions"."last_seen_at", "sessions"."revoked_at" from "sessions" inner join "clients" on "clients"."id" = "sessions"."client_id" where "sessions"."token_hash" = (select token_hash from bench_clients where n = :n) \gset s_
begin;
insert into "idempotency_keys" ("client_id", "key", "request_hash", "response", "created_at") values (:s_client_id, :key, '\x0ac8e53f32ab776e3066fdcdda8eb2f51bda5d7934a0091ee0d63d2ac0875060', null, now()) on conflict ("client_id", "key") do nothing returning "key";
\if :kind <= :mix_mo
-- MATCH_ODDS
select "markets"."id", "markets"."event_id", "markets"."market_type", "markets"."status", "markets"."operator_suspended", "markets"."min_stake", "markets"."max_stake", "events"."status" as "event_status", "events"."bet_locked", "events"."sport_id" from "markets" inner join "events" on "events"."id" = "markets"."event_id" where "markets"."id" = '1.' || :ev for share of "markets";
select "target" from "result_declarations" where "target" = '1.' || :ev union all select "target" from "settlements" where "target" = '1.' || :ev;
select "selection_id", "name" from "runners" where "market_id" = '1.' || :ev order by "sort_priority";
select "id" from "accounts" where "client_id" = :s_client_id \gset a_
select * from "wallets" where "account_id" in (:a_id) order by "account_id" for update;
select "selection_id", "bet_type", "odds", "profit_paise", "liability_paise" from "bets" where "client_id" = :s_client_id and "position_key" = '1.' || :ev and "status" = 'Pending' order by "id";
select "exposure_paise" from "exposures" where "client_id" = :s_client_id and "position_key" = '1.' || :ev;
insert into "bets" ("client_id", "event_id", "market_id", "market_type", "position_key", "selection_id", "selection_name", "bet_type", "odds", "price", "stake", "profit_paise", "liability_paise", "created_at") values (:s_client_id, :ev, '1.' || :ev, 'MATCH_ODDS', '1.' || :ev, :selection, 'Bench', 'Back', 190, 0, :stake, :stake * 90, :stake * 100, now());
insert into "exposures" ("client_id", "position_key", "event_id", "exposure_paise") values (:s_client_id, '1.' || :ev, :ev, :stake * 100) on conflict ("client_id", "position_key") do update set "exposure_paise" = :stake * 100;
update "wallets" set "exposure_paise" = exposure_paise + :stake::bigint where "account_id" = :a_id;
\elif :kind <= :mix_bm
-- BOOKMAKER
select "markets"."id", "markets"."event_id", "markets"."market_type", "markets"."status", "markets"."operator_suspended", "markets"."min_stake", "markets"."max_stake", "events"."status" as "event_status", "events"."bet_locked", "events"."sport_id" from "markets" inner join "events" on "events"."id" = "markets"."event_id" where "markets"."id" = :ev || 'B' for share of "markets";
select "target" from "result_declarations" where "target" = :ev || 'B' union all select "target" from "settlements" where "target" = :ev || 'B';
select "selection_id", "name" from "runners" where "market_id" = :ev || 'B' order by "sort_priority";
select * from "custom_bookmaker" where "market_id" = :ev || 'B' order by "selection_id";
select "id" from "accounts" where "client_id" = :s_client_id \gset a_
select * from "wallets" where "account_id" in (:a_id) order by "account_id" for update;
select "selection_id", "bet_type", "odds", "profit_paise", "liability_paise" from "bets" where "client_id" = :s_client_id and "position_key" = :ev || 'B' and "status" = 'Pending' order by "id";
select "exposure_paise" from "exposures" where "client_id" = :s_client_id and "position_key" = :ev || 'B';
insert into "bets" ("client_id", "event_id", "market_id", "market_type", "position_key", "selection_id", "selection_name", "bet_type", "odds", "price", "stake", "profit_paise", "liability_paise", "created_at") values (:s_client_id, :ev, :ev || 'B', 'BOOKMAKER', :ev || 'B', :selection, 'Bench', 'Back', 45, 0, :stake, :stake * 45, :stake * 100, now());
insert into "exposures" ("client_id", "position_key", "event_id", "exposure_paise") values (:s_client_id, :ev || 'B', :ev, :stake * 100) on conflict ("client_id", "position_key") do update set "exposure_paise" = :stake * 100;
update "wallets" set "exposure_paise" = exposure_paise + :stake::bigint where "account_id" = :a_id;
\else
-- FANCY
select "selection_id", "event_id", "name" from "fancy_runners" where "selection_id" = :ev || '-' || :session for share;
select "id", "status", "bet_locked", "fancy_active", "session_min_stake", "session_max_stake", "sport_id" from "events" where "id" = :ev for share;
select "target" from "result_declarations" where "target" = :ev || '-' || :session union all select "target" from "settlements" where "target" = :ev || '-' || :session;
select "selection_id", "name" from "fancy_runners" where "event_id" = :ev order by "sort_priority";
select * from "custom_fancy" where "event_id" = :ev and "is_custom" = true order by "selection_id";
select * from "custom_fancy" where "event_id" = :ev and "is_active" = true order by "selection_id";
select "id" from "accounts" where "client_id" = :s_client_id \gset a_
select * from "wallets" where "account_id" in (:a_id) order by "account_id" for update;
select "selection_id", "bet_type", "odds", "profit_paise", "liability_paise" from "bets" where "client_id" = :s_client_id and "position_key" = :ev || '-' || :session and "status" = 'Pending' order by "id";
select "exposure_paise" from "exposures" where "client_id" = :s_client_id and "position_key" = :ev || '-' || :session;
insert into "bets" ("client_id", "event_id", "market_id", "market_type", "position_key", "selection_id", "selection_name", "bet_type", "odds", "price", "stake", "profit_paise", "liability_paise", "created_at") values (:s_client_id, :ev, :ev, 'FANCY', :ev || '-' || :session, :ev || '-' || :session, 'Bench', 'Yes', 41, 100, :stake / 5, :stake * 20, :stake * 20, now());
insert into "exposures" ("client_id", "position_key", "event_id", "exposure_paise") values (:s_client_id, :ev || '-' || :session, :ev, :stake * 20) on conflict ("client_id", "position_key") do update set "exposure_paise" = :stake * 20;
update "wallets" set "exposure_paise" = exposure_paise + :stake::bigint where "account_id" = :a_id;
\endif
update "idempotency_keys" set "response" = '{"Result": "Bet placed successfully", "Status": true}' where "client_id" = :s_client_id and "key" = :key;
commit;
