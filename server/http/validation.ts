import type { z } from 'zod';
import { ApiError } from './errors';

/**
 * Parses a request body with its protocol schema.
 * A missing body counts as `{}` (routes without fields may be called bodiless).
 * @throws ApiError VALIDATION whose message names the first bad field and the problem, e.g.
 *   `projectId: required` or `dealStatus: Please select the status`; messages a schema sets itself
 *   (docs/product.md "Validation and display") are kept as they are.
 */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const r = schema.safeParse(body ?? {}, {
    error: (issue) => (issue.code === 'invalid_type' && issue.input === undefined ? 'required' : undefined),
  });
  if (r.success) return r.data;
  const issue = r.error.issues[0];
  const field = issue.path.length > 0 ? issue.path.map(String).join('.') : 'body';
  throw new ApiError('VALIDATION', `${field}: ${issue.message}`);
}
