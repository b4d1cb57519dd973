-- Events from Betfair's exchange (FEED=betfair or betfair-file, docs/feeds.md) carry the source
-- 'betfair'; their match odds markets keep Betfair's own ids. PostgreSQL 15 SQL.
ALTER TABLE events DROP CONSTRAINT events_source_check;
ALTER TABLE events ADD CONSTRAINT events_source_check
  CHECK (source IN ('simulator', 'scripted', 'betfair'));
