-- The agent network's back office hears the hub (docs/agents.md#reads): a hub ticket belongs to
-- a client's session, an operator's or an agent's, exactly one. PostgreSQL 15 SQL.
ALTER TABLE hub_tickets
  ADD COLUMN agent_session_id bigint REFERENCES agent_sessions (id),
  DROP CONSTRAINT hub_tickets_one_owner,
  ADD CONSTRAINT hub_tickets_one_owner CHECK (
    (client_id IS NOT NULL AND session_id IS NOT NULL
      AND operator_session_id IS NULL AND agent_session_id IS NULL)
    OR (client_id IS NULL AND session_id IS NULL
      AND num_nonnulls(operator_session_id, agent_session_id) = 1)
  );
