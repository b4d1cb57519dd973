import type { FastifyServerOptions } from 'fastify';
import type { DestinationStream } from 'pino';

/** Query keys whose values must never reach a log: tokens, tickets, passwords (docs/decisions.md#stack). */
const SECRET_QUERY_KEY = /token|ticket|password|pwd|secret|key/i;

/** The URL with the value of every auth-bearing query parameter replaced. */
export function redactUrl(url: string): string {
  const mark = url.indexOf('?');
  if (mark < 0) return url;
  const params = new URLSearchParams(url.slice(mark + 1));
  let changed = false;
  for (const key of [...params.keys()]) {
    if (SECRET_QUERY_KEY.test(key)) {
      params.set(key, '[REDACTED]');
      changed = true;
    }
  }
  return changed ? `${url.slice(0, mark)}?${params.toString()}` : url;
}

const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["idempotency-key"]',
  'password',
  '*.password',
  'newPassword',
  'oldPassword',
  '*.newPassword',
  '*.oldPassword',
  'token',
  '*.token',
  'Token',
  '*.Token',
  'ticket',
  '*.ticket',
];

export function loggerOptions(
  level: string,
  stream?: DestinationStream,
): NonNullable<FastifyServerOptions['logger']> {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: { paths: REDACT_PATHS, censor: '[REDACTED]' },
    serializers: {
      req: (request: { method: string; url: string; ip?: string }) => ({
        method: request.method,
        url: redactUrl(request.url),
        remoteAddress: request.ip,
      }),
    },
  };
}
