-- A client's fancy results on an event change with each fancy bet: every instance's copy is
-- dropped through NOTIFY backlay_positions (payload `<eventId>:<clientId>`). The trigger sends it
-- inside the bet's own transaction, so PostgreSQL delivers it to every listening instance at the
-- commit, before the placing instance can answer; sent afterwards by the service, it reached the
-- others after a read of the client's next request there (docs/architecture.md, "Caches").
-- A transaction's repeated notices of one key are delivered once. PostgreSQL 15 SQL.
CREATE FUNCTION notify_positions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('backlay_positions', NEW.event_id::text || ':' || NEW.client_id::text);
  RETURN NULL;
END $$;

CREATE TRIGGER bets_fancy_notify AFTER INSERT ON bets
  FOR EACH ROW WHEN (NEW.market_type = 'FANCY') EXECUTE FUNCTION notify_positions();
