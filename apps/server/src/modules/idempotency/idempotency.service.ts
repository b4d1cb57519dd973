import { createHash } from 'node:crypto';
import { inTransaction, type Db, type Tx } from '../../db/pool.js';
import { badRequest, conflict } from '../../errors.js';
import type { Clock } from '../../seams.js';
import * as q from './idempotency.queries.js';

/** Keys are the client's own: a UUID or any short token. */
const KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,100}$/;

/** A stable hash of what was asked: the route and the body with keys in order. */
export function requestHash(route: string, body: unknown): Buffer {
  const canonical = JSON.stringify(body, (_key, value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b)))
      : value,
  );
  return createHash('sha256').update(route).update('\n').update(canonical).digest();
}

/** The client's key, checked (400 when malformed), or undefined when the request has none. */
export function checkedKey(key: string | undefined): string | undefined {
  if (key !== undefined && !KEY_PATTERN.test(key))
    throw badRequest('Idempotency-Key must be 8–100 letters, digits or . _ : -');
  return key;
}

/** The 409 of a key used with another request. */
export const keyConflict = () => conflict('This Idempotency-Key was used with another request');

/**
 * Remembers the answer of a request decided without a transaction (a bet refused in memory):
 * the earlier answer when the key has one, a 409 when the key was used with another request.
 */
export async function rememberAnswer<A>(
  db: Db,
  request: { clientId: string; key: string; hash: Buffer; answer: A; at: Date },
): Promise<A> {
  const outcome = await q.remember(db, request);
  if (outcome.outcome === 'conflict') throw keyConflict();
  return outcome.outcome === 'replay' ? (outcome.answer as A) : request.answer;
}

/**
 * Runs a money-moving `work` in one transaction, deduplicated by the client's Idempotency-Key
 * (DESIGN §4): the same key returns the stored answer (refusals included); the same key with
 * another payload is a 409. Without a key the work simply runs.
 */
export function createIdempotency(deps: { db: Db; clock: Clock }) {
  return async function once<A>(
    request: { clientId: string; key: string | undefined; route: string; body: unknown },
    work: (tx: Tx) => Promise<A>,
  ): Promise<A> {
    const { clientId } = request;
    const key = checkedKey(request.key);
    if (key === undefined) return inTransaction(deps.db, work);
    const hash = requestHash(request.route, request.body);
    return inTransaction(deps.db, async (tx) => {
      if (!(await q.claimKey(tx, clientId, key, hash, deps.clock.now()))) {
        const earlier = await q.readKey(tx, clientId, key);
        if (!earlier || !earlier.requestHash.equals(hash)) {
          throw keyConflict();
        }
        return earlier.response as A;
      }
      const answer = await work(tx);
      await q.storeAnswer(tx, clientId, key, answer);
      return answer;
    });
  };
}

export type Idempotency = ReturnType<typeof createIdempotency>;
