import { ApiError } from '../../server/http/errors';

/**
 * The ApiError `fn` throws, for asserting its code and message. Throws when `fn` returns, or rethrows
 * anything that is not an ApiError.
 */
export function apiErrorOf(fn: () => unknown): ApiError {
  try {
    fn();
  } catch (e) {
    if (e instanceof ApiError) return e;
    throw e;
  }
  throw new Error('expected an ApiError');
}
