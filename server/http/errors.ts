import type { ErrorCode } from '../../protocol';

/** HTTP status per error code; the envelope carries the code, the status lets proxies and logs tell them apart. */
export const HTTP_STATUS: Record<ErrorCode, number> = {
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  VALIDATION: 400,
  NOT_FOUND: 404,
  CONFLICT: 409,
  RATE_LIMITED: 429,
  INVALID_CREDENTIALS: 401,
  INTERNAL: 500,
};

/** Messages shown to users (the page texts of docs/product.md "Notices and errors" where it has one). */
export const ERROR_MESSAGES = {
  unauthenticated: 'Please log in',
  forbidden: "Sorry, you don't have access to this page",
  notFound: 'Sorry, the page you visited does not exist',
  internal: 'Sorry, the server is reporting an error',
  invalidCredentials: 'Invalid username or password',
  rateLimited: 'Too many failed logins, please try again later',
  busy: 'The server is busy checking other logins, please try again in a moment',
  tooManyRequests: 'Too many requests, please slow down and try again shortly',
} as const;

/** An error a route throws on purpose; the error handler turns it into a failure envelope. */
export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** HTTP status for this error. */
  get status(): number {
    return HTTP_STATUS[this.code];
  }
}
