import type { Audience, Endpoint } from '@backlay/contract/common';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';

type Part<E, K extends 'query' | 'body' | 'params'> = E extends {
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
  }
}

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
    method: endpoint.method,
    url: endpoint.path,
    config: { audience: endpoint.audience },
    ...(endpoint.movesMoney ? { bodyLimit: options.moneyBodyLimit } : {}),
    schema: {
      summary: endpoint.summary,
      tags: [endpoint.audience],
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      response: { 200: endpoint.response },
    },
    handler: (request) =>
      handler({
        query: request.query as Part<E, 'query'>,
        body: request.body as Part<E, 'body'>,
        params: request.params as Part<E, 'params'>,
        request,
      }),
  });
}
