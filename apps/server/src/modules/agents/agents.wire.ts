import { rupeesToPaise } from '@backlay/domain';
import { badRequest, notFound } from '../../errors.js';
import { tooManyRequestsFor } from '../../http/authenticate.js';
import type { ActionAnswer, Refusal } from './agent-actions.js';

/* The agent network's answers and figures on the wire (modules/agents/agents.routes.ts). */

/** A share on the wire (90, 33.33) in basis points; the contract allows two decimals only. */
export const bp = (percent: number): number => Math.round(percent * 100);
export const percentWire = (basisPoints: number): number => basisPoints / 100;

/** Rupees on the wire in paise; the contract allows two decimals only. */
export function paise(rupees: number): bigint {
  const value = rupeesToPaise(rupees);
  if (value === null) throw badRequest('must have at most two decimals');
  return BigInt(value);
}

/**
 * An action's answer on the wire (docs/agents.md#controls): done or refused in the envelope; a
 * user outside the caller's subtree is a 404, as if it did not exist; a field out of bounds says
 * which (`field`, docs/agents.md#controls); too many wrong transaction passwords is a 429.
 */
export function answerOf(answer: ActionAnswer) {
  return answer.ok ? { Status: true as const, Result: answer.message } : refusalOf(answer);
}

/** A refusal on the wire, of an action or a read: outside the subtree is a 404 (see `answerOf`). */
export function refusalOf(answer: Refusal) {
  switch (answer.kind) {
    case 'not_found':
      throw notFound(answer.message);
    case 'throttled':
      throw tooManyRequestsFor(answer.retryAfterS);
    case 'invalid':
      return { Status: false as const, Result: answer.message, field: answer.field };
    case 'refused':
      return { Status: false as const, Result: answer.message };
  }
}
