-- Single-use hub tickets (docs/decisions.md#hub): the hub never sees a bearer token. PostgreSQL 15 SQL.
CREATE TABLE hub_tickets (
  ticket_hash bytea PRIMARY KEY,
  client_id bigint NOT NULL REFERENCES clients (id),
  session_id bigint NOT NULL REFERENCES sessions (id),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX hub_tickets_expiry ON hub_tickets (expires_at);
