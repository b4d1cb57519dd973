-- Idempotency-Key on the money paths (docs/decisions.md#idempotency): a key claimed in the
-- writer's transaction, or an answer remembered for a request refused before it.
--
-- Applied after the migrations whenever this file's text changed (src/db/migrate.ts): every
-- function is defined here once, with CREATE OR REPLACE, and edited in place.

-- Remembers the answer of a request refused before it reached bet_place (the price check, the
-- stake, a suspended market: decided in memory), unless the key has an answer already. Answers
-- {"outcome":"answered"}, {"outcome":"replay","answer":…} or {"outcome":"conflict"} (the key was
-- used with another request).
CREATE OR REPLACE FUNCTION idempotency_remember(
  p_client bigint, p_key text, p_hash bytea, p_answer jsonb, p_at timestamptz
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_hash bytea;
  v_answer jsonb;
BEGIN
  INSERT INTO idempotency_keys (client_id, key, request_hash, response, created_at)
  VALUES (p_client, p_key, p_hash, p_answer, p_at)
  ON CONFLICT (client_id, key) DO NOTHING;
  IF FOUND THEN
    RETURN '{"outcome":"answered"}';
  END IF;
  SELECT request_hash, response INTO v_hash, v_answer
  FROM idempotency_keys WHERE client_id = p_client AND key = p_key;
  IF v_hash <> p_hash THEN
    RETURN '{"outcome":"conflict"}';
  END IF;
  RETURN jsonb_build_object('outcome', 'replay', 'answer', v_answer);
END $$;

-- Claims an Idempotency-Key for this transaction, as bet_place does: NULL when claimed (the caller
-- stores its answer with it), else the earlier answer ({"outcome":"replay","answer":…}) or
-- {"outcome":"conflict"} (the key was used with another request). Waits for a claim in flight.
CREATE OR REPLACE FUNCTION idempotency_claim(p_client bigint, p_key text, p_hash bytea, p_at timestamptz)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_hash bytea;
  v_answer jsonb;
BEGIN
  INSERT INTO idempotency_keys (client_id, key, request_hash, response, created_at)
  VALUES (p_client, p_key, p_hash, NULL, p_at)
  ON CONFLICT (client_id, key) DO NOTHING;
  IF FOUND THEN
    RETURN NULL;
  END IF;
  SELECT request_hash, response INTO v_hash, v_answer
  FROM idempotency_keys WHERE client_id = p_client AND key = p_key;
  IF v_hash <> p_hash THEN
    RETURN '{"outcome":"conflict"}';
  END IF;
  RETURN jsonb_build_object('outcome', 'replay', 'answer', v_answer);
END $$;
