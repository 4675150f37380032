import type { z } from 'zod';
import { parseContractBody } from '../../protocol';
import { ApiError } from './errors';

/**
 * Parses a request body with its protocol schema (protocol/contracts/define.ts `parseContractBody`, which the
 * browser checks bodies with too). A missing body counts as `{}` (routes without fields may be called bodiless).
 * @throws ApiError VALIDATION whose message names the first bad field and the problem, e.g.
 *   `projectId: required` or `dealStatus: Please select the status`; messages a schema sets itself
 *   (docs/product.md "Validation and display") are kept as they are.
 */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const r = parseContractBody(schema, body);
  if (r.ok) return r.data;
  throw new ApiError('VALIDATION', r.message);
}
