/**
 * Typed errors that the one error handler maps to the envelope `{ Status: false, Result }` with
 * their status (docs/decisions.md#api). Business refusals are not errors: services return them as values.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: 400 | 401 | 403 | 404 | 409 | 413 | 429 | 503,
    message: string,
    /** Seconds after which a 429 may be retried (sent as Retry-After). */
    readonly retryAfterS?: number,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string) => new AppError(400, message);
export const unauthorized = (message = 'User not authenticated') => new AppError(401, message);
export const forbidden = (message = 'Forbidden') => new AppError(403, message);
export const notFound = (message = 'Not found') => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);
export const tooManyRequests = (message: string, retryAfterS?: number) =>
  new AppError(429, message, retryAfterS);
