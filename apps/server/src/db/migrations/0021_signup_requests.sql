-- Sign-up through an agent (docs/agents.md#sign-up): every user above the clients but the admin
-- has a referral code; a visitor's request to join under it waits for that user's decision.
-- PostgreSQL 15 SQL.

-- Eight characters of an alphabet without look-alikes (no 0, 1, I, L, O): 31^8 codes. The
-- server makes each new user's code itself (modules/agents/referral-code.ts, the same alphabet);
-- the default fills the existing rows here, and any row written otherwise.
ALTER TABLE agents ADD COLUMN referral_code text DEFAULT (
  substr('23456789ABCDEFGHJKMNPQRSTUVWXYZ', 1 + floor(random() * 31)::int, 1) ||
  substr('23456789ABCDEFGHJKMNPQRSTUVWXYZ', 1 + floor(random() * 31)::int, 1) ||
  substr('23456789ABCDEFGHJKMNPQRSTUVWXYZ', 1 + floor(random() * 31)::int, 1) ||
  substr('23456789ABCDEFGHJKMNPQRSTUVWXYZ', 1 + floor(random() * 31)::int, 1) ||
  substr('23456789ABCDEFGHJKMNPQRSTUVWXYZ', 1 + floor(random() * 31)::int, 1) ||
  substr('23456789ABCDEFGHJKMNPQRSTUVWXYZ', 1 + floor(random() * 31)::int, 1) ||
  substr('23456789ABCDEFGHJKMNPQRSTUVWXYZ', 1 + floor(random() * 31)::int, 1) ||
  substr('23456789ABCDEFGHJKMNPQRSTUVWXYZ', 1 + floor(random() * 31)::int, 1)
);
-- The admin is the house: its clients are made by the operators, never signed up.
UPDATE agents SET referral_code = NULL WHERE level = 'admin';
-- Two rows drawn the same code: the later one draws again until every code is unique.
DO $$
BEGIN
  LOOP
    UPDATE agents a SET referral_code = DEFAULT
    WHERE a.level <> 'admin'
      AND EXISTS (SELECT 1 FROM agents b WHERE b.referral_code = a.referral_code AND b.id < a.id);
    EXIT WHEN NOT FOUND;
  END LOOP;
END $$;
ALTER TABLE agents
  ADD CONSTRAINT agents_referral_code_check
    CHECK (referral_code ~ '^[2-9A-HJKMNP-Z]{8}$'),
  ADD CONSTRAINT agents_referral_code_level
    CHECK ((level = 'admin') = (referral_code IS NULL));
CREATE UNIQUE INDEX agents_referral_code ON agents (referral_code);

-- A visitor's request to become a client of the agent whose code it gave. The password is kept
-- hashed as a client's is, until the request is decided: then it moves to the new client or is
-- dropped. `client_id` is the client an approval created.
CREATE TABLE signup_requests (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  agent_id bigint NOT NULL REFERENCES agents (id),
  username text NOT NULL CHECK (username ~ '^[A-Za-z0-9_.-]{3,32}$'),
  password_hash text,
  full_name text NOT NULL CHECK (char_length(full_name) BETWEEN 2 AND 64),
  -- India's numbers only: +91 and ten digits
  mobile text NOT NULL CHECK (mobile ~ '^\+91[6-9][0-9]{9}$'),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'declined')),
  created_at timestamptz NOT NULL,
  decided_at timestamptz,
  decided_by bigint REFERENCES agents (id),
  client_id bigint REFERENCES clients (id),
  CHECK ((status = 'pending') = (decided_at IS NULL)),
  CHECK ((status = 'pending') = (decided_by IS NULL)),
  CHECK ((status = 'pending') = (password_hash IS NOT NULL)),
  CHECK ((status = 'approved') = (client_id IS NOT NULL))
);
-- An agent's queue, oldest first; one waiting request per username and agent.
CREATE INDEX signup_requests_pending ON signup_requests (agent_id, id) WHERE status = 'pending';
CREATE UNIQUE INDEX signup_requests_one_pending
  ON signup_requests (agent_id, lower(username)) WHERE status = 'pending';
