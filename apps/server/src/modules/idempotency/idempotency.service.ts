import { createHash } from 'node:crypto';
import { inTransaction, type Db, type Tx } from '../../db/pool.js';
import { badRequest, conflict } from '../../errors.js';
import type { Clock } from '../../seams.js';
import * as q from './idempotency.queries.js';

/** Keys are the client's own: a UUID or any short token. */
const KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,100}$/;

/** A stable hash of what was asked: the route and the body with keys in order. */
export function requestHash(route: string, body: unknown): Buffer {
  return createHash('sha256')
    .update(route)
    .update('\n')
    .update(canonicalJson(body) ?? '')
    .digest();
}

/**
 * The canonical order of an object's keys: as JSON.stringify writes an object whose entries were
 * sorted with localeCompare (integer keys first, ascending; then the others), the form the hashes
 * stored with keys were made of. Worked out once per shape of object (a bet draft has one).
 */
const keyOrders = new Map<string, readonly string[]>();
const MAX_SHAPES = 1000;

function keyOrder(keys: readonly string[]): readonly string[] {
  const shape = JSON.stringify(keys);
  let order = keyOrders.get(shape);
  if (!order) {
    const sorted = [...keys].sort((a, b) => a.localeCompare(b));
    order = Object.keys(Object.fromEntries(sorted.map((key) => [key, true])));
    if (keyOrders.size < MAX_SHAPES) keyOrders.set(shape, order);
  }
  return order;
}

/**
 * JSON.stringify of a value with every object's keys in canonical order (keyOrder), without a
 * replacer called for every property: undefined where JSON.stringify answers undefined.
 */
export function canonicalJson(value: unknown): string | undefined {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  const data = value as { toJSON?: () => unknown } & Record<string, unknown>;
  if (typeof data.toJSON === 'function') return canonicalJson(data.toJSON());
  if (Array.isArray(value))
    return `[${value.map((item: unknown) => canonicalJson(item) ?? 'null').join(',')}]`;
  const parts: string[] = [];
  for (const key of keyOrder(Object.keys(data))) {
    const item = canonicalJson(data[key]);
    if (item !== undefined) parts.push(`${JSON.stringify(key)}:${item}`);
  }
  return `{${parts.join(',')}}`;
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
 * The answer stored with the key, when the request was answered before (a 409 when the key was
 * used with another request); undefined when it was not, or is still being answered.
 */
export async function recalledAnswer<A>(
  db: Db,
  request: { clientId: string; key: string; hash: Buffer },
): Promise<A | undefined> {
  const earlier = await q.readKey(db, request.clientId, request.key);
  if (!earlier) return undefined;
  if (!earlier.requestHash.equals(request.hash)) throw keyConflict();
  return (earlier.response ?? undefined) as A | undefined;
}

/**
 * Runs a money-moving `work` in one transaction, deduplicated by the client's Idempotency-Key
 * (docs/decisions.md#api): the same key returns the stored answer (refusals included); the same key with
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
