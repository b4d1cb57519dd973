import { z } from 'zod';

/**
 * Who may call an endpoint: anyone, a logged-in client (bearer token), the operator token (the
 * CLI), a logged-in back-office operator of one of the endpoint's `roles`, a logged-in user above
 * the clients (docs/agents.md), or the casino provider (its shared secret, server-to-server).
 */
export type Audience = 'public' | 'client' | 'ops' | 'operator' | 'agent' | 'provider';

export type HttpMethod = 'GET' | 'POST';

/**
 * One endpoint as data (docs/conventions.md#contract-as-data: the contract is data). The server registers its handler from it,
 * the web's `callApi` builds the URL and parses the answer with it. `response` is the 200 body.
 */
export interface Endpoint {
  readonly method: HttpMethod;
  /** Fastify-style path; `:name` marks a path parameter. */
  readonly path: string;
  readonly audience: Audience;
  /** The back-office roles that may call an `operator` endpoint (`admin` is always among them). */
  readonly roles?: readonly ('admin' | 'risk' | 'support')[];
  readonly summary: string;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  readonly response: z.ZodType;
  /** Moves money: small body limit, `Idempotency-Key` honoured (docs/decisions.md#api). */
  readonly movesMoney?: boolean;
}

/** Declares an endpoint, keeping its exact schema types for both sides. */
export function endpoint<const D extends Endpoint>(definition: D): D {
  return definition;
}

/** Every refusal and every 4xx answer: `{ Status: false, Result: message }` (docs/decisions.md#api). */
export const refusal = z.object({ Status: z.literal(false), Result: z.string() });
export type Refusal = z.infer<typeof refusal>;

/** A successful answer carrying `result` in `Result`. */
export function success<T extends z.ZodType>(result: T) {
  return z.object({ Status: z.literal(true), Result: result });
}

/** A 200 answer that is either a success with `result` or a business refusal. */
export function envelope<T extends z.ZodType>(result: T) {
  return z.union([success(result), refusal]);
}

/**
 * Whether a number is rupees with at most two decimals: within float rounding of whole paise, or
 * (for a large balance, whose paise the float cannot hold to 1e-6) the very number nearest them.
 */
export const hasWholePaise = (value: number): boolean =>
  Math.abs(Math.round(value * 100) - value * 100) < 1e-6 || Math.round(value * 100) / 100 === value;

/** Money on the wire: rupees as a JSON number with at most two decimals. */
export const rupees = z.number().finite().refine(hasWholePaise, {
  message: 'must have at most two decimals',
});

/** A timestamp on the wire: ISO 8601 with offset. */
export const isoDateTime = z.string();

/** `uid`/`userId` in a query: the caller's own id, `0` or absent (docs/decisions.md#api). */
export const ownUserId = z
  .string()
  .regex(/^\d{1,18}$/, 'must be a user id')
  .optional();
