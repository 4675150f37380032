import { z } from 'zod';
import { ERROR_CODES, type AnyContract } from '../../protocol';

/** Where the generated OpenAPI document is served (docs/api.md "OpenAPI"). */
export const OPENAPI_PATH = '/openapi.json';
/** Where the interactive reference is served, to logged-in users only. */
export const API_REFERENCE_PREFIX = '/docs/api';

/** Error codes every route may answer (the authorisation hook, body checks, rate limits, unexpected errors). */
const COMMON_ERRORS = ['UNAUTHENTICATED', 'FORBIDDEN', 'VALIDATION', 'RATE_LIMITED', 'INTERNAL'] as const;

/** The JSON Schema (draft 2020-12, what OpenAPI 3.1 uses) of a zod schema; parts JSON cannot say (transforms, custom checks) become `{}`. */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as Record<string, unknown>;
  return rest;
}

/** The envelope around `data` (protocol/envelope.ts). */
function envelopeOf(data: Record<string, unknown>): Record<string, unknown> {
  return {
    type: 'object',
    required: ['success', 'data'],
    properties: {
      success: { type: 'boolean', const: true },
      data,
    },
  };
}

const FAILURE = {
  type: 'object',
  required: ['success', 'data', 'errorCode', 'errorMessage', 'showType'],
  properties: {
    success: { type: 'boolean', const: false },
    data: { type: 'null' },
    errorCode: { type: 'string', enum: [...ERROR_CODES] },
    errorMessage: { type: 'string' },
    showType: { type: 'integer', enum: [0, 1, 2, 4, 9] },
  },
};

/** An operation of the document: request (body or query), success answer and the failure envelope with its codes. */
function operationOf(c: AnyContract): Record<string, unknown> {
  const codes = [...new Set([...COMMON_ERRORS, ...c.errors])];
  const body = jsonSchema(c.body, 'input');
  const success =
    c.answer === 'envelope'
      ? { description: 'Success envelope', content: { 'application/json': { schema: envelopeOf(jsonSchema(c.response, 'output')) } } }
      : { description: c.answer.description, content: { [c.answer.contentType]: { schema: c.answer.contentType.startsWith('application/json') ? {} : { type: 'string', format: 'binary' } } } };
  const op: Record<string, unknown> = {
    operationId: c.path.replace(/^\//, '').replace(/[^A-Za-z0-9]+/g, '_'),
    tags: [c.tag],
    summary: c.summary,
    description: `Access: \`${c.permission}\` (docs/api.md "Roles and permissions"). Error codes: ${codes.join(', ')}.`,
    responses: {
      '200': success,
      default: { description: `Failure envelope: ${codes.join(', ')}`, content: { 'application/json': { schema: FAILURE } } },
    },
  };
  if (c.method === 'GET') {
    const props = (body.properties ?? {}) as Record<string, Record<string, unknown>>;
    const required = new Set((body.required as string[] | undefined) ?? []);
    op.parameters = Object.entries(props).map(([name, schema]) => ({ name, in: 'query', required: required.has(name), schema }));
  } else {
    op.requestBody = { required: false, content: { [c.bodyType]: { schema: body } } };
  }
  return op;
}

/**
 * The OpenAPI 3.1 document of the REST API, generated from the contracts (protocol/contracts): one path per
 * contract with its method, body or query schema, success answer (the envelope around the response schema,
 * or the file's media type) and the failure envelope with the error codes it may carry. Cookie authentication
 * (`sb_session`) everywhere but on `public` routes.
 */
export function openApiDocument(contracts: readonly AnyContract[], version: string): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const c of contracts) {
    const op = operationOf(c);
    if (c.permission === 'public') op.security = [];
    paths[c.path] = { ...paths[c.path], [c.method.toLowerCase()]: op };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'SiteBoard REST API',
      version,
      description: 'Generated from protocol/contracts. Every JSON route answers the envelope of docs/api.md "Envelope".',
    },
    servers: [{ url: '/' }],
    components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'sb_session' } } },
    security: [{ session: [] }],
    tags: [...new Set(contracts.map((c) => c.tag))].map((name) => ({ name })),
    paths,
  };
}
