import type { Route } from '@backlay/contract/route';
import type { ApiInput } from '../../../lib/api';

/** The body a route takes, as the caller writes it. */
export type BodyOf<R> = R extends Route<infer E> ? ApiInput<E>['body'] : never;

/**
 * What every back-office action answers: the server's `Result` text, or its refusal — which, in
 * the agents' console, names the body field it is about when it is about one
 * (docs/agents.md#controls).
 */
export interface ActionAnswer {
  readonly Status: boolean;
  readonly Result: string;
  readonly field?: string | undefined;
}

/** The header that makes a money-moving call happen once per submission (docs/decisions.md#api). */
export const idempotent = (idempotencyKey: string) => ({ 'Idempotency-Key': idempotencyKey });
