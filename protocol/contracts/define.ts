import { z } from 'zod';
import type { ErrorCode } from '../envelope';
import type { RouteAccess } from '../roles';

/**
 * How a route answers: `envelope` is the JSON Envelope of envelope.ts (docs/api.md "Envelope") with the
 * contract's `response` as `data`; anything else is the body itself (a file, a picture, an export, a binary
 * track page, a text exposition) with its media type, and only its failures are envelopes.
 */
export type ContractAnswer = 'envelope' | { contentType: string; description: string };

/**
 * One REST endpoint (docs/api.md): everything server and browser agree on, declared once.
 * - `method`, `path`: `POST` with a JSON body for nearly every route; `GET` routes take `body` as their query string.
 * - `body`: the zod schema of the body (or query); the server parses every request with it (VALIDATION on failure).
 * - `response`: the zod schema of the envelope's `data` (`z.null()` for routes that answer `null`); for routes that
 *   answer without the envelope, the schema is `z.never()` and `answer` describes the body.
 * - `permission`: who may call it (protocol/roles.ts `RouteAccess`); the authorisation table is derived from it.
 * - `errors`: the error codes it may answer besides the ones every route may (UNAUTHENTICATED, FORBIDDEN,
 *   VALIDATION, RATE_LIMITED, INTERNAL).
 * - `summary`: one line for the OpenAPI document; `tag`: its domain (the file it is declared in,
 *   or the domain its changes touch: the tenancy routes are `admin`), which the screens' query cache reloads.
 */
export interface Contract<B extends z.ZodType = z.ZodType, R extends z.ZodType = z.ZodType, P extends RouteAccess = RouteAccess> {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly body: B;
  readonly response: R;
  readonly answer: ContractAnswer;
  readonly permission: P;
  readonly errors: readonly ErrorCode[];
  readonly summary: string;
  readonly tag: string;
  /** How the body is sent: JSON, or a form (the organisation switch of docs/product.md). */
  readonly bodyType: 'application/json' | 'application/x-www-form-urlencoded';
}

/** Any contract (for tables and the OpenAPI generator). */
export type AnyContract = Contract<z.ZodType, z.ZodType, RouteAccess>;

/** What a caller sends: the body schema's input. */
export type ContractBody<C extends AnyContract> = z.input<C['body']>;
/** What the browser gets back: the response schema's output (the envelope's `data`). */
export type ContractResult<C extends AnyContract> = z.output<C['response']>;
/** What a server handler returns: the response schema's input (serialised as it is). */
export type ContractReturn<C extends AnyContract> = z.input<C['response']>;

/**
 * Declares one endpoint. `method` defaults to `POST`, `answer` to `envelope`, `errors` to none beyond the
 * common ones; `tag` is set by the domain's own helper (see {@link contractsOf}).
 */
export function defineContract<B extends z.ZodType, R extends z.ZodType, P extends RouteAccess>(c: {
  method?: 'GET' | 'POST';
  path: string;
  body: B;
  response: R;
  answer?: ContractAnswer;
  permission: P;
  errors?: readonly ErrorCode[];
  summary: string;
  tag: string;
  bodyType?: 'application/json' | 'application/x-www-form-urlencoded';
}): Contract<B, R, P> {
  return { ...c, method: c.method ?? 'POST', answer: c.answer ?? 'envelope', errors: c.errors ?? [], bodyType: c.bodyType ?? 'application/json' };
}

/** The contracts of a record of them, as a list (every domain file exports one record). */
export function contractsOf(record: Readonly<Record<string, AnyContract>>): AnyContract[] {
  return Object.values(record);
}

/** The body of a route that takes no fields (it may be posted empty). */
export const noBody = z.object({});

/** The `data` of a route that answers only with success (`null`). */
export const nullData = z.null();

/** The response schema of a route that answers without the envelope (the body is described by `answer`). */
export const notEnvelope = z.never();

/** The answer of a route that sends a file download (`Content-Disposition: attachment`). */
export function fileAnswer(contentType: string, description: string): ContractAnswer {
  return { contentType, description };
}

/**
 * Parses a body (or query) with its schema the way every route does (docs/api.md "Envelope"): a missing body
 * counts as `{}`; on failure the message names the first bad field and the problem, e.g. `projectId: required`
 * or `dealStatus: Please select the status`; messages a schema sets itself are kept as they are. The browser
 * checks a body with it before sending, so both sides word a refusal the same.
 */
export function parseContractBody<S extends z.ZodType>(schema: S, body: unknown): { ok: true; data: z.output<S> } | { ok: false; message: string } {
  const r = schema.safeParse(body ?? {}, {
    error: (issue) => (issue.code === 'invalid_type' && issue.input === undefined ? 'required' : undefined),
  });
  if (r.success) return { ok: true, data: r.data };
  const issue = r.error.issues[0];
  const field = issue.path.length > 0 ? issue.path.map(String).join('.') : 'body';
  return { ok: false, message: `${field}: ${issue.message}` };
}

/** True when a schema's output and a hand-written protocol type are the same shape (each assignable to the other). */
export type SameShape<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/**
 * Compile-time check that response schemas and the protocol types they describe cannot drift: every type
 * argument must be `true` (a {@link SameShape}); the build fails otherwise. Does nothing at run time.
 */
export function shapesAgree<_Checks extends readonly true[]>(): void {}
