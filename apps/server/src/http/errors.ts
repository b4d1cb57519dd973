import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../errors.js';

/**
 * What a request gets while PostgreSQL cannot be reached (docs/reliability.md, "Database outage").
 */
export const UNAVAILABLE_MESSAGE =
  'The service is temporarily unavailable. Please try again in a moment.';
export const UNAVAILABLE_RETRY_AFTER_S = 5;

/** Socket errors of a lost or refused database connection. */
const CONNECTION_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/**
 * SQLSTATEs of a database that is not there for now: connection exceptions (08), shutdown and
 * recovery (57P01 admin shutdown, 57P02 crash shutdown, 57P03 cannot connect now) and too many
 * connections (53300).
 */
const UNAVAILABLE_STATES = /^(08...|57P0[123]|53300)$/;
/** node-postgres's own words for a connection that broke or never came (it sets no code). */
const UNAVAILABLE_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable)/;

/** Whether `error` says the database cannot be reached right now, rather than a fault of ours. */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (CONNECTION_ERRNOS.has(code) || UNAVAILABLE_STATES.test(code)))
    return true;
  if (UNAVAILABLE_MESSAGES.test(error.message)) return true;
  // An AggregateError (a refused connection to every address) or a wrapped cause.
  const inner: unknown =
    error instanceof AggregateError ? (error.errors[0] as unknown) : error.cause;
  return inner !== undefined && inner !== error && isDatabaseUnavailable(inner);
}

const CLIENT_ERRORS: Record<string, readonly [number, string, string]> = {
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout', 'The request took too long to arrive'],
  HPE_HEADER_OVERFLOW: [
    431,
    'Request Header Fields Too Large',
    'The request headers are too large',
  ],
};

/**
 * Requests Node cannot even parse (malformed HTTP, headers too large, too slow to arrive) get
 * our envelope too, then the socket is closed; a reset connection gets nothing.
 */
export function clientErrorHandler(
  this: FastifyInstance,
  error: Error & { code?: string },
  socket: Socket,
): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, text, message] = CLIENT_ERRORS[error.code ?? ''] ?? [
    400,
    'Bad Request',
    'Malformed HTTP request',
  ];
  this.log.info({ code: error.code }, 'malformed request');
  if (socket.writable) {
    const body = JSON.stringify({ Status: false, Result: message });
    socket.write(
      `HTTP/1.1 ${status} ${text}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/**
 * URLs the router itself refuses (a path segment that is not valid percent-encoded UTF-8, or a
 * path parameter over its length limit) get our envelope, not Fastify's own body
 * (docs/reliability.md, "HTTP fuzzing"). Passed to Fastify as `frameworkErrors`.
 */
export function frameworkErrors(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const isTooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
  request.log.info({ code: error.code }, 'malformed URL');
  void reply
    .code(isTooLong ? 414 : 400)
    .send({ Status: false, Result: isTooLong ? 'A path parameter is too long' : 'Malformed URL' });
}

const CONTEXT: Record<string, string> = {
  body: 'body',
  querystring: 'query',
  params: 'path',
  headers: 'headers',
};

/**
 * The one error handler (docs/conventions.md#errors): typed errors and framework 4xx map to `{ Status: false, Result }`
 * with a clear message; a database out of reach is 503 with Retry-After; anything else is logged
 * and answered 500 with no internals (docs/decisions.md#api).
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.retryAfterS !== undefined)
        void reply.header('Retry-After', String(error.retryAfterS));
      return reply.code(error.statusCode).send({ Status: false, Result: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const where = CONTEXT[error.validationContext ?? ''] ?? 'request';
      const problems = error.validation.map((issue) => {
        const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
        return field ? `${field}: ${issue.message}` : (issue.message ?? 'is invalid');
      });
      return reply
        .code(400)
        .send({ Status: false, Result: `Invalid ${where}: ${problems.join('; ')}` });
    }
    switch (error.code) {
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return reply.code(413).send({ Status: false, Result: 'Request body is too large' });
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return reply.code(400).send({ Status: false, Result: 'Malformed JSON body' });
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return reply
          .code(415)
          .send({ Status: false, Result: 'Unsupported content type: send application/json' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      request.log.info({ code: error.code }, 'client error');
      const message = status === 429 ? error.message : `Bad request (${error.code ?? status})`;
      return reply.code(status).send({ Status: false, Result: message });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ code: error.code, message: error.message }, 'database unavailable');
      return reply
        .code(503)
        .header('Retry-After', String(UNAVAILABLE_RETRY_AFTER_S))
        .send({ Status: false, Result: UNAVAILABLE_MESSAGE });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ Status: false, Result: 'Internal server error' });
  });
}
