import type { Audience, Endpoint } from '@backlay/contract/common';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { badRequest } from '../errors.js';
import { sendSnapshot, wantsCurrent, type Snapshot } from './snapshot.js';

export type Part<E, K extends 'query' | 'body' | 'params'> = E extends {
  readonly [P in K]: infer S extends z.ZodType;
}
  ? z.infer<S>
  : undefined;

export interface HandlerInput<E extends Endpoint> {
  readonly query: Part<E, 'query'>;
  readonly body: Part<E, 'body'>;
  readonly params: Part<E, 'params'>;
  readonly request: FastifyRequest;
}

export type Handler<E extends Endpoint> = (
  input: HandlerInput<E>,
) => Promise<z.input<E['response']>>;

declare module 'fastify' {
  interface FastifyContextConfig {
    audience?: Audience;
    /** The back-office roles an `operator` route admits. */
    roles?: Endpoint['roles'];
  }
}

/** Deeper than any contract schema: what lies below is refused by validation anyway. */
const NUL_SEARCH_DEPTH = 32;

/** Whether a parsed input holds a NUL character in any string (key or value). */
export function hasNulCharacter(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (value === null || typeof value !== 'object' || depth > NUL_SEARCH_DEPTH) return false;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000') || hasNulCharacter(item, depth + 1)) return true;
  }
  return false;
}

/**
 * Refuses a NUL character anywhere in the query, path or body, before validation: PostgreSQL
 * text cannot hold one, so it would otherwise fail deep in a handler as a 500 (found by
 * docs/reliability.md, "HTTP fuzzing").
 */
async function refuseNulCharacters(request: FastifyRequest): Promise<void> {
  if (
    hasNulCharacter(request.query) ||
    hasNulCharacter(request.params) ||
    hasNulCharacter(request.body)
  )
    throw badRequest('Text must not contain NUL characters');
}

/** What every endpoint's route has: its method and path, audience, limits and schemas. */
function routeOf<E extends Endpoint>(endpoint: E, options: { moneyBodyLimit: number }) {
  return {
    method: endpoint.method,
    url: endpoint.path,
    config: { audience: endpoint.audience, roles: endpoint.roles },
    ...(endpoint.movesMoney ? { bodyLimit: options.moneyBodyLimit } : {}),
    preValidation: refuseNulCharacters,
    schema: {
      summary: endpoint.summary,
      tags: [endpoint.audience],
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      response: { 200: endpoint.response },
    },
  };
}

const inputOf = <E extends Endpoint>(request: FastifyRequest): HandlerInput<E> => ({
  query: request.query as Part<E, 'query'>,
  body: request.body as Part<E, 'body'>,
  params: request.params as Part<E, 'params'>,
  request,
});

/**
 * Registers the handler of one contract endpoint: its schemas validate the request, serialise
 * (and so check) the 200 answer and feed `/api/docs`; its audience drives authentication.
 */
export function registerEndpoint<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: Handler<E>,
  options: { moneyBodyLimit: number },
): void {
  app.route({
    ...routeOf(endpoint, options),
    handler: (request) => handler(inputOf<E>(request)),
  });
}

/**
 * The answer of an endpoint as its response schema gives it, checked: what the serialiser of
 * `registerEndpoint` does on every answer, done once for an answer kept as a snapshot.
 */
export const checkedAnswer = <E extends Endpoint>(
  endpoint: E,
  answer: z.input<E['response']>,
): unknown => endpoint.response.parse(answer);

/**
 * Registers an endpoint answered from a snapshot (http/snapshot.ts): the same validation,
 * authentication and docs as `registerEndpoint`, and the snapshot's ready bytes — built with
 * `checkedAnswer` — instead of serialising on every request. It compresses its own answers.
 * With `fresh`, a request asking for a current answer (`wantsCurrent`) waits for it first.
 */
export function registerSnapshotEndpoint<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: (input: HandlerInput<E>) => Snapshot | Promise<Snapshot>,
  options: { moneyBodyLimit: number; fresh?: () => Promise<void> },
): void {
  const { fresh } = options;
  app.route({
    ...routeOf(endpoint, options),
    compress: false,
    handler: async (request, reply) => {
      if (fresh && wantsCurrent(request.headers)) await fresh();
      return sendSnapshot(request, reply, await handler(inputOf<E>(request)));
    },
  });
}
