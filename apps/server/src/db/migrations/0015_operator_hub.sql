-- The back office hears the hub (docs/backoffice.md): a hub ticket belongs to a client's session
-- or to an operator's session, never both. PostgreSQL 15 SQL.
ALTER TABLE hub_tickets
  ALTER COLUMN client_id DROP NOT NULL,
  ALTER COLUMN session_id DROP NOT NULL,
  ADD COLUMN operator_session_id bigint REFERENCES operator_sessions (id),
  ADD CONSTRAINT hub_tickets_one_owner CHECK (
    (client_id IS NOT NULL AND session_id IS NOT NULL AND operator_session_id IS NULL)
    OR (client_id IS NULL AND session_id IS NULL AND operator_session_id IS NOT NULL)
  );
