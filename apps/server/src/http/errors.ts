import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../errors.js';

const CONTEXT: Record<string, string> = {
  body: 'body',
  querystring: 'query',
  params: 'path',
  headers: 'headers',
};

/**
 * The one error handler (STYLE): typed errors and framework 4xx map to `{ Status: false, Result }`
 * with a clear message; anything else is logged and answered 500 with no internals (DESIGN §4).
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
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ Status: false, Result: 'Internal server error' });
  });
}
