import type { Endpoint } from '@backlay/contract/common';
import {
  createServer,
  type IncomingMessage,
  type RequestListener,
  type Server,
  type ServerOptions,
} from 'node:http';
import { parse as parseQuery } from 'node:querystring';
import { z } from 'zod';
import type { Clock } from '../seams.js';
import type { Part } from './endpoints.js';
import { callerKey, type RateLimiter } from './rate-limit.js';
import { encodingFor, matchesTag, wantsCurrent, type Snapshot } from './snapshot.js';

/**
 * A read the lane may answer: from the endpoint's validated query or path parameters and the
 * caller's client id, its snapshot when everything it needs is in memory, else undefined.
 */
export type LaneRead<E extends Endpoint> = (input: {
  readonly query: Part<E, 'query'>;
  readonly params: Part<E, 'params'>;
  readonly clientId: string;
  readonly hostname: string;
}) => Snapshot | undefined;

interface Route {
  readonly endpoint: Endpoint;
  readonly read: LaneRead<Endpoint>;
  /** The path up to its one parameter (`/api/Odds/BmFancy/`), or the whole path. */
  readonly prefix: string;
  readonly param: string | undefined;
  /** The query's keys as the schema names them: a request with any other key is not plain. */
  readonly queryKeys: ReadonlySet<string>;
  /** What a request asking for a current answer waits for before its read (see `add`). */
  readonly fresh: (() => Promise<void>) | undefined;
}

const BEARER = /^Bearer\s+(\S+)$/i;

/** URLs whose parse the lane remembers; past this it starts again. */
const MAX_REMEMBERED_URLS = 10_000;

interface Plain {
  readonly route: Route;
  readonly query: Part<Endpoint, 'query'>;
  readonly params: Part<Endpoint, 'params'>;
}

/** Fastify's keep-alive timeout when none is set. */
const DEFAULT_KEEP_ALIVE_MS = 72_000;

/** The server options Fastify hands its `serverFactory`. */
interface LaneServerOptions {
  readonly http?: ServerOptions | null;
  readonly keepAliveTimeout?: number;
  readonly requestTimeout?: number;
  readonly connectionTimeout?: number;
  readonly maxRequestsPerSocket?: number;
}

/**
 * The fast lane (docs/architecture.md, "Reads from memory"): the reads every open event screen
 * polls, answered from their snapshots before the framework sees the request — when, and only
 * when, everything about the request is plain and in memory: a GET of a client route, a session
 * this instance holds and need not touch, a caller within the rate limit, a query that the
 * endpoint's own schema accepts with no other key, a snapshot that needs no load. Anything else —
 * a bad or unknown token, a limit reached, a query to refuse, a cold cache, the drain — goes to
 * the framework's route for the same path, which answers it (and its errors) as every route does.
 * The lane counts against the same limiter and sends the same headers as that route. It keeps no
 * access log: an answer from memory is the one thing not logged per request.
 */
export function createFastLane(deps: {
  securityHeaders: readonly [string, string][];
  limiter: RateLimiter;
  clock: Clock;
  authenticate: (token: string) => { sessionId: string; clientId: string } | undefined;
  log: (message: string) => void;
}) {
  const exact = new Map<string, Route>();
  const withParam: Route[] = [];
  const security = deps.securityHeaders.flat();
  let open = true;

  const routeOf = (path: string): { route: Route; value?: string } | undefined => {
    const route = exact.get(path);
    if (route) return { route };
    for (const candidate of withParam) {
      if (!path.startsWith(candidate.prefix)) continue;
      const value = path.slice(candidate.prefix.length);
      if (value !== '' && !/[/%]/.test(value)) return { route: candidate, value };
    }
    return undefined;
  };

  /**
   * The route and validated input of a URL, or null when it is not one of the lane's or not plain
   * (another key, a value its schema refuses); remembered per URL, as every poll repeats its own.
   */
  const plain = new Map<string, Plain | null>();
  const plainRequest = (url: string): Plain | null => {
    let found = plain.get(url);
    if (found === undefined) {
      found = parseRequest(url);
      if (plain.size >= MAX_REMEMBERED_URLS) plain.clear();
      plain.set(url, found);
    }
    return found;
  };
  const parseRequest = (url: string): Plain | null => {
    const mark = url.indexOf('?');
    const found = routeOf(mark < 0 ? url : url.slice(0, mark));
    if (!found) return null;
    const { endpoint, param } = found.route;
    const rawQuery = mark < 0 ? {} : parseQuery(url.slice(mark + 1));
    for (const key of Object.keys(rawQuery)) if (!found.route.queryKeys.has(key)) return null;
    const query = endpoint.query ? endpoint.query.safeParse(rawQuery) : undefined;
    if (query && !query.success) return null;
    const rawParams = param === undefined ? {} : { [param]: found.value };
    const params = endpoint.params ? endpoint.params.safeParse(rawParams) : undefined;
    if (params && !params.success) return null;
    return {
      route: found.route,
      query: query?.data as Part<Endpoint, 'query'>,
      params: params?.data as Part<Endpoint, 'params'>,
    };
  };

  /** The lane's route and input for the request, or null to leave it to the framework. */
  const laneRequest = (request: IncomingMessage): Plain | null =>
    !open || request.method !== 'GET' || request.headers['x-forwarded-host'] !== undefined
      ? null
      : plainRequest(request.url ?? '');

  /** The request's snapshot and what the answer needs, or undefined to leave it to the framework. */
  function answer(request: IncomingMessage): Snapshot | undefined {
    const found = laneRequest(request);
    if (!found) return undefined;
    const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
    const session = token === undefined ? undefined : deps.authenticate(token);
    if (!session) return undefined;
    const now = deps.clock.now().getTime();
    const caller = callerKey(session.sessionId, '');
    if (deps.limiter.isOver(caller, now)) return undefined;

    const snapshot = found.route.read({
      query: found.query,
      params: found.params,
      clientId: session.clientId,
      hostname: hostnameOf(request.headers.host),
    });
    if (snapshot) deps.limiter.take(caller, now);
    return snapshot;
  }

  return {
    /**
     * Answers `endpoint` in the lane too (its path has at most one parameter, at the end). With
     * `fresh`, a request that asks for a current answer (`wantsCurrent`) waits for it before its
     * read: a read of what the caller has just written on another instance waits until this one
     * has heard of every committed change.
     */
    add<E extends Endpoint>(
      endpoint: E,
      read: LaneRead<E>,
      options: { fresh?: () => Promise<void> } = {},
    ): void {
      const match = /^(.*\/):(\w+)$/.exec(endpoint.path);
      const route: Route = {
        endpoint,
        read,
        prefix: match ? match[1]! : endpoint.path,
        param: match?.[2],
        queryKeys: new Set(
          endpoint.query instanceof z.ZodObject ? Object.keys(endpoint.query.shape) : [],
        ),
        fresh: options.fresh,
      };
      if (match) withParam.push(route);
      else exact.set(endpoint.path, route);
    },

    /** From the drain on: everything goes to the framework (which answers 503). */
    close(): void {
      open = false;
    },

    /** Fastify's `serverFactory`: the lane first, the framework for everything it leaves. */
    serverFactory(this: void, handler: RequestListener, options: LaneServerOptions): Server {
      const serve: RequestListener = (request, response) => {
        let snapshot: Snapshot | undefined;
        try {
          snapshot = answer(request);
        } catch (error) {
          // Whatever went wrong, the framework's route answers (and logs) it as it would.
          deps.log(`fast lane: ${String(error)}`);
        }
        if (!snapshot) {
          handler(request, response);
          return;
        }
        const headers = [
          ...security,
          'etag',
          snapshot.etag,
          'cache-control',
          'private, no-cache',
          'vary',
          'Accept-Encoding',
        ];
        if (matchesTag(request.headers['if-none-match'], snapshot.etag)) {
          response.writeHead(304, headers);
          response.end();
          return;
        }
        const encoded = encodingFor(request.headers['accept-encoding'], snapshot);
        headers.push('content-type', 'application/json; charset=utf-8');
        if (encoded.encoding) headers.push('content-encoding', encoded.encoding);
        headers.push('content-length', String(encoded.body.length));
        response.writeHead(200, headers);
        response.end(encoded.body);
      };
      const server = createServer(options.http ?? {}, (request, response) => {
        let fresh: (() => Promise<void>) | undefined;
        try {
          if (wantsCurrent(request.headers)) fresh = laneRequest(request)?.route.fresh;
        } catch (error) {
          deps.log(`fast lane: ${String(error)}`);
        }
        if (!fresh) {
          serve(request, response);
          return;
        }
        fresh().then(
          () => serve(request, response),
          () => handler(request, response),
        );
      });
      // What Fastify does with the server it makes itself (lib/server.js).
      server.keepAliveTimeout = options.keepAliveTimeout ?? DEFAULT_KEEP_ALIVE_MS;
      if (options.requestTimeout !== undefined) server.requestTimeout = options.requestTimeout;
      server.setTimeout(options.connectionTimeout ?? 0);
      if (options.maxRequestsPerSocket) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
      return server;
    },
  };
}

export type FastLane = ReturnType<typeof createFastLane>;

/** The host name a request reached, without its port (what Fastify's `request.hostname` gives). */
function hostnameOf(host: string | undefined): string {
  if (!host) return '';
  if (host.startsWith('[')) return host.slice(0, host.indexOf(']') + 1);
  const colon = host.indexOf(':');
  return colon < 0 ? host : host.slice(0, colon);
}
