import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { agentHubTicket } from '@backlay/contract/agents';
import { operatorHubTicket } from '@backlay/contract/backoffice';
import { getHubTicket, HUB_PATH } from '@backlay/contract/hub';
import type { FastifyInstance } from 'fastify';
import { requireAgent, requireOperator, requireSession } from '../http/authenticate.js';
import { registerEndpoint } from '../http/endpoints.js';
import { AGENTS_GROUP, OPERATORS_GROUP } from './publisher.js';
import type { ConnectionOwner } from './session.js';
import { bearerOf, type Tickets } from './tickets.js';
import * as q from './tickets.queries.js';

/**
 * The hub's HTTP side (docs/signalr-protocol.md §1–§3): the ticket routes a client and
 * an operator call before each connect, negotiate, and the WebSocket upgrade, which it accepts
 * only for a valid connection token with a fresh ticket of the same session.
 */

/**
 * Same origin only: a present Origin must name the host the request came to; a request without
 * one is a non-browser client's (docs/decisions.md#hub).
 */
export function originAllowed(origin: string | undefined, host: string | undefined): boolean {
  if (origin === undefined) return true;
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

/**
 * `POST /api/Hub/Ticket` for a client's session, and the back offices' own: an operator's, and an
 * agent's (docs/agents.md#reads).
 */
export function registerTicketRoutes(
  app: FastifyInstance,
  tickets: Tickets,
  moneyBodyLimit: number,
): void {
  registerEndpoint(
    app,
    getHubTicket,
    async ({ request }) => {
      const session = requireSession(request);
      return { Status: true as const, Result: { ticket: await tickets.mint(session) } };
    },
    { moneyBodyLimit },
  );
  registerEndpoint(
    app,
    operatorHubTicket,
    async ({ request }) => {
      const operator = requireOperator(request);
      const ticket = await tickets.mint(q.operatorOwner(operator.sessionId));
      return { Status: true as const, Result: { ticket } };
    },
    { moneyBodyLimit },
  );
  registerEndpoint(
    app,
    agentHubTicket,
    async ({ request }) => {
      const agent = requireAgent(request);
      const ticket = await tickets.mint(q.agentOwner(agent.sessionId));
      return { Status: true as const, Result: { ticket } };
    },
    { moneyBodyLimit },
  );
}

/** Negotiate: uses a ticket and answers with a connection id and its signed token. */
export function registerNegotiate(app: FastifyInstance, tickets: Tickets): void {
  app.post(`${HUB_PATH}/negotiate`, { schema: { hide: true } }, async (request, reply) => {
    if (!originAllowed(request.headers.origin, request.headers.host))
      return reply.code(403).send({ error: 'Origin not allowed' });
    const query = request.query as Record<string, string | undefined>;
    const raw = query.negotiateVersion ?? query.negotiateversion;
    const version = raw === undefined ? 0 : Number(raw);
    if (!Number.isInteger(version) || version < 0) return { error: 'Invalid negotiate version' };
    const owner = await tickets.consume(bearerOf(request.headers.authorization));
    if (!owner) return reply.code(401).send({ error: 'A fresh hub ticket is required' });
    if (query.userId !== undefined && query.userId !== '0' && query.userId !== owner.clientId) {
      return reply.code(403).send({ error: 'userId is not the ticket’s user' });
    }
    const { connectionId, token } = tickets.connection(owner);
    const transports = [{ transport: 'WebSockets', transferFormats: ['Text'] }];
    return version >= 1
      ? {
          negotiateVersion: 1,
          connectionId,
          connectionToken: token,
          availableTransports: transports,
        }
      : { negotiateVersion: 0, connectionId: token, availableTransports: transports };
  });
}

/** Answers an upgrade request with a plain HTTP status and ends it (no WebSocket). */
function reject(socket: Duplex, status: number, text: string) {
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

/**
 * The server's `upgrade` listener for the hub's path: checks the request, then hands it to
 * `accept`, which completes the upgrade. While the hub is closing every upgrade gets 503, so the
 * client retries on its reconnect delays against an instance that is up.
 */
export function upgradeListener(deps: {
  readonly tickets: Tickets;
  readonly isClosing: () => boolean;
  /** Whether a connection of this id is open already (a token is good for one). */
  readonly isOpen: (connectionId: string) => boolean;
  readonly accept: (
    request: IncomingMessage,
    socket: Duplex,
    head: Buffer,
    owner: ConnectionOwner,
  ) => void;
  readonly log: (message: string) => void;
}): (request: IncomingMessage, socket: Duplex, head: Buffer) => void {
  const { tickets } = deps;

  async function onUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer) {
    if (deps.isClosing()) return reject(socket, 503, 'Service Unavailable');
    const url = new URL(request.url ?? '/', 'http://hub.invalid');
    if (url.pathname !== HUB_PATH && url.pathname !== `${HUB_PATH}/`)
      return reject(socket, 404, 'Not Found');
    if (!originAllowed(request.headers.origin, request.headers.host))
      return reject(socket, 403, 'Forbidden');
    const claims = tickets.verify(url.searchParams.get('id'));
    if (!claims) return reject(socket, 404, 'Not Found');
    if (deps.isOpen(claims.c)) return reject(socket, 409, 'Conflict');
    // Browsers carry the token in the query, Node in the header (docs/signalr-protocol.md §2.6).
    const owner = await tickets.consume(
      url.searchParams.get('access_token') ?? bearerOf(request.headers.authorization),
    );
    if (!owner || owner.clientId !== claims.u || owner.sessionId !== claims.s)
      return reject(socket, 401, 'Unauthorized');
    const userId = url.searchParams.get('userId');
    if (userId !== null && userId !== '0' && userId !== claims.u)
      return reject(socket, 403, 'Forbidden');
    deps.accept(request, socket, head, {
      connectionId: claims.c,
      clientId: claims.u,
      sessionId: claims.s,
      groups: q.isOperatorOwner(owner)
        ? [OPERATORS_GROUP]
        : q.isAgentOwner(owner)
          ? [AGENTS_GROUP]
          : [],
    });
  }

  return (request, socket, head) => {
    onUpgrade(request, socket, head).catch((error: unknown) => {
      deps.log(`hub upgrade failed: ${String(error)}`);
      reject(socket, 500, 'Internal Server Error');
    });
  };
}
