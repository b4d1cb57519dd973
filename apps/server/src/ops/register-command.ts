import type { Endpoint } from '@backlay/contract/common';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Tx } from '../db/pool.js';
import { registerEndpoint, type Part } from '../http/endpoints.js';
import { idempotencyKeyOf } from '../http/idempotency-key.js';
import type {
  ActionResult,
  OnCommit,
  OperatorActions,
} from '../modules/operators/operator-actions.js';
import type { CommandAnswer } from './operator-commands.js';

/**
 * Registers an operator endpoint whose handler is a command (ops/operator-commands.ts) run as an
 * operator action: audited under `actor`, its Idempotency-Key honoured (docs/backoffice.md).
 * `prepare` does slow work outside the transaction (hashing a password) and may refuse early.
 */
export function registerCommand<E extends Endpoint, P = Part<E, 'body'>>(
  app: FastifyInstance,
  endpoint: E,
  setup: {
    readonly act: OperatorActions;
    readonly actor: (request: FastifyRequest) => string;
    readonly target: (body: Part<E, 'body'>) => string;
    readonly prepare?: (body: Part<E, 'body'>) => Promise<P>;
    readonly run: (tx: Tx, input: P, onCommit: OnCommit) => Promise<ActionResult<CommandAnswer>>;
    readonly moneyBodyLimit: number;
  },
): void {
  registerEndpoint(
    app,
    endpoint,
    async ({ body, request }) => {
      const input = setup.prepare ? await setup.prepare(body) : (body as unknown as P);
      const answer = await setup.act(
        {
          actor: setup.actor(request),
          action: endpoint.path,
          target: setup.target(body),
          key: idempotencyKeyOf(request),
          body,
        },
        (tx, onCommit) => setup.run(tx, input, onCommit),
      );
      // Every command endpoint answers envelope(z.string()), which a CommandAnswer is.
      return answer as z.input<E['response']>;
    },
    { moneyBodyLimit: setup.moneyBodyLimit },
  );
}
