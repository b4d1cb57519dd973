-- Triggers that announce changes with NOTIFY, sent in the writer's transaction and delivered at
-- its commit, so that every instance's caches follow whoever wrote (src/db/changes.ts;
-- docs/architecture.md, "Caches").
--
-- Applied after the migrations whenever this file's text changed (src/db/migrate.ts): every
-- function is defined here once, with CREATE OR REPLACE, and edited in place.

-- Changes the catalog of markets caches (payload: the event id) and revoked sessions (payload:
-- the token hash in hex). NOTIFY delivers at commit and folds repeats within a transaction.
CREATE OR REPLACE FUNCTION notify_catalog() RETURNS trigger LANGUAGE plpgsql AS $$
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

CREATE OR REPLACE TRIGGER events_notify AFTER INSERT OR UPDATE OR DELETE ON events
  FOR EACH ROW EXECUTE FUNCTION notify_catalog();

CREATE OR REPLACE TRIGGER markets_notify AFTER INSERT OR UPDATE OR DELETE ON markets
  FOR EACH ROW EXECUTE FUNCTION notify_catalog();

CREATE OR REPLACE TRIGGER runners_notify AFTER INSERT OR UPDATE OR DELETE ON runners
  FOR EACH ROW EXECUTE FUNCTION notify_catalog();

CREATE OR REPLACE TRIGGER fancy_runners_notify AFTER INSERT OR UPDATE OR DELETE ON fancy_runners
  FOR EACH ROW EXECUTE FUNCTION notify_catalog();

CREATE OR REPLACE TRIGGER custom_fancy_notify AFTER INSERT OR UPDATE OR DELETE ON custom_fancy
  FOR EACH ROW EXECUTE FUNCTION notify_catalog();

CREATE OR REPLACE TRIGGER custom_bookmaker_notify AFTER INSERT OR UPDATE OR DELETE ON custom_bookmaker
  FOR EACH ROW EXECUTE FUNCTION notify_catalog();

CREATE OR REPLACE TRIGGER result_declarations_notify AFTER INSERT OR UPDATE OR DELETE ON result_declarations
  FOR EACH ROW EXECUTE FUNCTION notify_catalog();

CREATE OR REPLACE TRIGGER settlements_notify AFTER INSERT OR UPDATE OR DELETE ON settlements
  FOR EACH ROW EXECUTE FUNCTION notify_catalog();

CREATE OR REPLACE FUNCTION notify_session_revoked() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('backlay_sessions', encode(NEW.token_hash, 'hex'));
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER sessions_notify_revoked AFTER UPDATE OF revoked_at ON sessions
  FOR EACH ROW WHEN (NEW.revoked_at IS NOT NULL AND OLD.revoked_at IS NULL)
  EXECUTE FUNCTION notify_session_revoked();

-- A session whose end moved (a session limit: docs/safer-gambling.md) is heard like a revocation.
CREATE OR REPLACE TRIGGER sessions_notify_ends_at AFTER UPDATE OF ends_at ON sessions
  FOR EACH ROW WHEN (NEW.ends_at IS DISTINCT FROM OLD.ends_at)
  EXECUTE FUNCTION notify_session_revoked();

-- A client's fancy results on an event change with each fancy bet: every instance's copy is
-- dropped through NOTIFY backlay_positions (payload `<eventId>:<clientId>`). The trigger sends it
-- inside the bet's own transaction, so PostgreSQL delivers it to every listening instance at the
-- commit, before the placing instance can answer; sent afterwards by the service, it reached the
-- others after a read of the client's next request there (docs/architecture.md, "Caches").
-- A transaction's repeated notices of one key are delivered once.
CREATE OR REPLACE FUNCTION notify_positions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('backlay_positions', NEW.event_id::text || ':' || NEW.client_id::text);
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER bets_fancy_notify AFTER INSERT ON bets
  FOR EACH ROW WHEN (NEW.market_type = 'FANCY') EXECUTE FUNCTION notify_positions();
