import { inTransaction, type Db, type Tx } from '../../db/pool.js';
import type { Clock } from '../../seams.js';
import { checkedKey, keyConflict, requestHash } from '../idempotency/idempotency.service.js';
import * as q from './audit.queries.js';

/** The CLI's name in the audit log: whoever holds the operator token. */
export const OPS_TOKEN_ACTOR = 'ops-token';

/** An operator's request: who asks, what, of what, and its Idempotency-Key. */
export interface ActionRequest {
  /** The operator's username, or {@link OPS_TOKEN_ACTOR}. */
  readonly actor: string;
  /** The route's path, the action's name in the audit log and the key's scope. */
  readonly action: string;
  readonly target: string;
  readonly key: string | undefined;
  readonly body: unknown;
}

/** What an action did: its answer, and the state of its target before and after for the log. */
export interface ActionResult<A> {
  readonly answer: A;
  readonly before?: unknown;
  readonly after?: unknown;
}

/** Registers work to run once the action's transaction has committed (pushes, cache drops). */
export type OnCommit = (hook: () => void | Promise<void>) => void;

type Envelope = { readonly Status: boolean; readonly Result: unknown };

const outcomeText = (answer: Envelope): string =>
  `${answer.Status ? 'done' : 'refused'}: ${
    typeof answer.Result === 'string' ? answer.Result : JSON.stringify(answer.Result)
  }`.slice(0, 1000);

/**
 * Every operator action (docs/backoffice.md): its Idempotency-Key claimed, its work and its
 * audit row in one transaction. The same key from the same operator returns the stored answer
 * (a retried credit pays once); the same key with another request is a 409. Work that moves
 * money does it on `tx`; work done elsewhere (the feed's controls) is logged as it answered.
 */
export function createOperatorActions(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;
  return async function act<A extends Envelope>(
    request: ActionRequest,
    work: (tx: Tx, onCommit: OnCommit) => Promise<ActionResult<A>>,
  ): Promise<A> {
    const key = checkedKey(request.key);
    const hash = key === undefined ? undefined : requestHash(request.action, request.body);
    let hooks: (() => void | Promise<void>)[] = [];
    const answer = await inTransaction(db, async (tx) => {
      hooks = [];
      const at = clock.now();
      if (key !== undefined && hash !== undefined) {
        if (!(await q.claimKey(tx, { actor: request.actor, key, hash, at }))) {
          const earlier = await q.readKey(tx, request.actor, key);
          if (!earlier || !earlier.requestHash.equals(hash)) throw keyConflict();
          return { replayed: true as const, answer: earlier.response as A };
        }
      }
      const result = await work(tx, (hook) => hooks.push(hook));
      await q.appendAudit(tx, {
        at,
        actor: request.actor,
        action: request.action,
        target: request.target,
        before: result.before,
        after: result.after,
        outcome: outcomeText(result.answer),
      });
      if (key !== undefined) await q.storeAnswer(tx, request.actor, key, result.answer);
      return { replayed: false as const, answer: result.answer };
    });
    if (!answer.replayed) for (const hook of hooks) await hook();
    return answer.answer;
  };
}

export type OperatorActions = ReturnType<typeof createOperatorActions>;
