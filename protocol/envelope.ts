/**
 * The response envelope every REST call answers with (docs/api.md "Envelope", docs/product.md "Notices and errors").
 */

/** How the client shows a failed call: 0 silent, 1 warning, 2 error (default), 4 notification, 9 redirect to /exception. */
export const SHOW_TYPE = { silent: 0, warning: 1, error: 2, notification: 4, redirect: 9 } as const;
export type ShowType = (typeof SHOW_TYPE)[keyof typeof SHOW_TYPE];

/** Machine-readable error codes the server uses in `errorCode`. */
export const ERROR_CODES = [
  'UNAUTHENTICATED', // no or expired session
  'FORBIDDEN', // authenticated, but not a member of that project / not an administrator
  'VALIDATION', // body or query failed its schema; errorMessage says which field
  'NOT_FOUND',
  'CONFLICT', // stale write: the version the edit was based on is no longer current
  'RATE_LIMITED',
  'INVALID_CREDENTIALS',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** The envelope. On success `data` holds the payload; on failure `errorCode`/`errorMessage` explain. */
export interface Envelope<T> {
  success: boolean;
  data: T | null;
  errorCode?: ErrorCode | string;
  errorMessage?: string;
  showType?: ShowType;
}

/** Builds a success envelope. */
export function ok<T>(data: T): Envelope<T> {
  return { success: true, data };
}

/** Builds a failure envelope; showType defaults to 2 (error message). */
export function fail(errorCode: ErrorCode, errorMessage: string, showType: ShowType = 2): Envelope<never> {
  return { success: false, data: null, errorCode, errorMessage, showType };
}
