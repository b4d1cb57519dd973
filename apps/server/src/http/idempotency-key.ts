import type { FastifyRequest } from 'fastify';

/** The request's `Idempotency-Key` header (docs/decisions.md#api), unchecked; undefined when absent. */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const header = request.headers['idempotency-key'];
  return typeof header === 'string' ? header : undefined;
}
