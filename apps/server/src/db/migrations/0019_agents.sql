-- The agent network (docs/agents.md): the users above the clients, the tree, partnerships and
-- their versions, commission settings, credit references, locks and limits. PostgreSQL 15 SQL.
-- Tables, indexes and data only; the functions that use them are in src/db/functions/.

-- The users above the clients: the admin (the house of the site, exactly one) and the levels it
-- appoints. `path` is the user's ancestors top down, the admin first (empty for the admin): a
-- user's subtree is every row whose path holds its id, found through the GIN index.
CREATE TABLE agents (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  username text NOT NULL CHECK (username ~ '^[A-Za-z0-9_.-]{3,32}$'),
  -- null: cannot log in yet (the admin until the operator sets its password)
  password_hash text,
  -- the money and control actions' second password, set on the first login (docs/agents.md#controls)
  transaction_password_hash text,
  -- optional second factor, base32; null: none
  totp_secret text,
  last_totp_step bigint,
  level text NOT NULL CHECK (level IN ('admin', 'supermaster', 'master', 'agent')),
  parent_id bigint REFERENCES agents (id),
  path bigint[] NOT NULL,
  partnership_bp integer NOT NULL CHECK (partnership_bp BETWEEN 0 AND 10000),
  -- the most this user may give its clients (docs/agents.md#commission)
  match_commission_bp integer NOT NULL DEFAULT 0 CHECK (match_commission_bp BETWEEN 0 AND 10000),
  session_commission_bp integer NOT NULL DEFAULT 0
    CHECK (session_commission_bp BETWEEN 0 AND 10000),
  -- what the parent lent this user (docs/agents.md#credit-reference)
  credit_reference_paise bigint NOT NULL DEFAULT 0 CHECK (credit_reference_paise >= 0),
  login_locked_at timestamptz,
  betting_locked_at timestamptz,
  -- the current version of the takes of a client whose parent this user is (agent_takes)
  takes_id bigint,
  created_at timestamptz NOT NULL,
  CHECK ((level = 'admin') = (parent_id IS NULL)),
  CHECK (level <> 'admin' OR partnership_bp = 10000),
  CHECK (cardinality(path) = 0 OR path[cardinality(path)] = parent_id)
);
CREATE UNIQUE INDEX agents_username_key ON agents (lower(username));
CREATE UNIQUE INDEX agents_one_admin ON agents (level) WHERE level = 'admin';
CREATE INDEX agents_parent ON agents (parent_id, id);
CREATE INDEX agents_path ON agents USING gin (path);

-- The takes of every client of one parent, top down (docs/agents.md#partnership): a JSON array
-- of [agentId, takeBp] pairs summing to 10000. A change on the path makes a new row; the old
-- rows stay, as the bets placed under them settle with them.
CREATE TABLE agent_takes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  agent_id bigint NOT NULL REFERENCES agents (id),
  takes jsonb NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX agent_takes_agent ON agent_takes (agent_id, id);
ALTER TABLE agents ADD FOREIGN KEY (takes_id) REFERENCES agent_takes (id);

-- The admin: the house's own user. It logs in once the operator sets its password.
INSERT INTO agents (username, level, path, partnership_bp, created_at)
VALUES ('admin', 'admin', '{}', 10000, now());
INSERT INTO agent_takes (agent_id, takes, created_at)
SELECT id, jsonb_build_array(jsonb_build_array(id, 10000)), now() FROM agents;
UPDATE agents SET takes_id = (SELECT max(id) FROM agent_takes);

-- Clients in the tree: their parent and its path (the ancestors in one indexed read: the row
-- itself), the takes their next bet is placed under (the parent's current version, kept here so
-- that a bet reads no ancestor), what the parent lent, the commission rates and the limits.
-- Locks an ancestor holds are copied down as flags in the transaction that sets them.
ALTER TABLE clients
  ADD COLUMN parent_id bigint REFERENCES agents (id),
  ADD COLUMN path bigint[],
  ADD COLUMN takes_id bigint REFERENCES agent_takes (id),
  ADD COLUMN credit_reference_paise bigint NOT NULL DEFAULT 0 CHECK (credit_reference_paise >= 0),
  ADD COLUMN match_commission_bp integer NOT NULL DEFAULT 0
    CHECK (match_commission_bp BETWEEN 0 AND 10000),
  ADD COLUMN session_commission_bp integer NOT NULL DEFAULT 0
    CHECK (session_commission_bp BETWEEN 0 AND 10000),
  ADD COLUMN exposure_limit_paise bigint CHECK (exposure_limit_paise >= 0),
  ADD COLUMN login_locked_at timestamptz,
  ADD COLUMN ancestor_login_locked boolean NOT NULL DEFAULT false,
  ADD COLUMN ancestor_betting_locked boolean NOT NULL DEFAULT false;
-- Every client so far belongs to the admin directly.
UPDATE clients SET parent_id = a.id, path = ARRAY[a.id], takes_id = a.takes_id
FROM agents a WHERE a.level = 'admin';
ALTER TABLE clients
  ALTER COLUMN parent_id SET NOT NULL,
  ALTER COLUMN path SET NOT NULL,
  ALTER COLUMN takes_id SET NOT NULL;
CREATE INDEX clients_parent ON clients (parent_id, id);
CREATE INDEX clients_path ON clients USING gin (path);

-- The takes each bet was placed under; null for the bets before the network (the house alone).
ALTER TABLE bets ADD COLUMN takes_id bigint REFERENCES agent_takes (id);
ALTER TABLE matka_bets ADD COLUMN takes_id bigint REFERENCES agent_takes (id);
ALTER TABLE casino_rounds ADD COLUMN takes_id bigint REFERENCES agent_takes (id);

-- Agents hold chips in accounts of their own; the admin's account is the house's.
ALTER TABLE accounts ADD COLUMN agent_id bigint UNIQUE REFERENCES agents (id);
ALTER TABLE accounts DROP CONSTRAINT accounts_kind_check;
ALTER TABLE accounts DROP CONSTRAINT accounts_check;
ALTER TABLE accounts ADD CONSTRAINT accounts_kind_check
  CHECK (kind IN ('house', 'client', 'agent'));
ALTER TABLE accounts ADD CONSTRAINT accounts_holder_check
  CHECK ((kind = 'client') = (client_id IS NOT NULL) AND (kind = 'agent') = (agent_id IS NOT NULL));

-- A login with the right password refused by a lock of the client's or an ancestor's.
ALTER TABLE login_events DROP CONSTRAINT login_events_outcome_check;
ALTER TABLE login_events ADD CONSTRAINT login_events_outcome_check
  CHECK (outcome IN ('success', 'bad_credentials', 'throttled', 'excluded', 'locked'));

-- Commission paid to a client and borne by the levels; a clearing of cash settled outside.
ALTER TABLE ledger_entries DROP CONSTRAINT ledger_entries_kind_check;
ALTER TABLE ledger_entries ADD CONSTRAINT ledger_entries_kind_check
  CHECK (kind IN ('credit', 'settlement', 'profit_loss', 'commission', 'clearing'));

-- The sessions of users above the clients in the back office, as the operators' are.
CREATE TABLE agent_sessions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  agent_id bigint NOT NULL REFERENCES agents (id),
  token_hash bytea NOT NULL UNIQUE,
  created_at timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL,
  revoked_at timestamptz
);
CREATE INDEX agent_sessions_live ON agent_sessions (agent_id) WHERE revoked_at IS NULL;
