import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/pool.js';
import type { Clock, Random } from '../seams.js';
import * as q from './tickets.queries.js';

/**
 * Who may open a hub connection. Browsers put the hub's access token in the URL, so the hub never
 * sees the bearer token: a client fetches a single-use ticket for negotiate and another for the
 * upgrade. Tickets live in PostgreSQL (only their hash), and the connection token negotiate hands
 * out is HMAC-signed, so any instance can take the upgrade (docs/decisions.md#hub, #beyond-one-machine).
 */

export const TICKET_TTL_MS = 60_000;
/** Between negotiate and the upgrade. */
export const CONNECTION_TOKEN_TTL_MS = 15_000;

/** What a connection token says: the connection's id, its client, its session, when it ends. */
export interface ConnectionClaims {
  /** The connection's id. */
  readonly c: string;
  /** The client's id (`TicketOwner.clientId`). */
  readonly u: string;
  /** The session's id (`TicketOwner.sessionId`). */
  readonly s: string;
  /** Expiry, epoch milliseconds. */
  readonly e: number;
}

/** The token after `Bearer` in an Authorization header, if that is its form. */
export function bearerOf(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match?.[1];
}

/**
 * Connection tokens: signed, not stored, so the instance that answered negotiate need not be the
 * one that takes the upgrade. No database: testable alone with a manual clock.
 */
export function connectionTokens(secret: Buffer, clock: Clock) {
  const mac = (body: string) => createHmac('sha256', secret).update(body);
  return {
    sign(claims: ConnectionClaims): string {
      const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
      return `${body}.${mac(body).digest('base64url')}`;
    },

    /** The claims of a token this secret signed and that has not expired; else undefined. */
    verify(token: string | null): ConnectionClaims | undefined {
      const [body, given] = (token ?? '').split('.');
      if (!body || !given) return undefined;
      const expected = mac(body).digest();
      const bytes = Buffer.from(given, 'base64url');
      if (bytes.length !== expected.length || !timingSafeEqual(bytes, expected)) return undefined;
      // Only our own signed bodies get this far: they are JSON.
      const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as ConnectionClaims;
      return claims.e > clock.now().getTime() ? claims : undefined;
    },
  };
}

const hashTicket = (ticket: string) => createHash('sha256').update(ticket).digest();

/** Tickets (minted and used once through PostgreSQL) and the connection tokens they buy. */
export function createTickets(options: {
  readonly db: Db;
  readonly clock: Clock;
  readonly random: Random;
  readonly secret: Buffer;
}) {
  const { db, clock, random } = options;
  const tokens = connectionTokens(options.secret, clock);
  return {
    /** A single-use ticket of `owner`, valid for {@link TICKET_TTL_MS}; only its hash is kept. */
    async mint(owner: q.TicketOwner): Promise<string> {
      const ticket = random.bytes(32).toString('base64url');
      await q.insertTicket(db, {
        hash: hashTicket(ticket),
        owner,
        expiresAt: new Date(clock.now().getTime() + TICKET_TTL_MS),
      });
      return ticket;
    },

    /** Uses a ticket once: its owner, or undefined when it is unknown, used, expired or revoked. */
    consume(ticket: string | undefined): Promise<q.TicketOwner | undefined> {
      return ticket
        ? q.consumeTicket(db, hashTicket(ticket), clock.now())
        : Promise.resolve(undefined);
    },

    /** A fresh connection id for `owner` and the token that lets it upgrade. */
    connection(owner: q.TicketOwner): { connectionId: string; token: string } {
      const connectionId = random.bytes(16).toString('base64url');
      const token = tokens.sign({
        c: connectionId,
        u: owner.clientId,
        s: owner.sessionId,
        e: clock.now().getTime() + CONNECTION_TOKEN_TTL_MS,
      });
      return { connectionId, token };
    },

    /** The claims of a connection token, while it is valid. */
    verify: (token: string | null) => tokens.verify(token),
  };
}

export type Tickets = ReturnType<typeof createTickets>;
