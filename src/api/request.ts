import { appBasePath, parseContractBody, type AnyContract, type ContractBody, type ContractResult, type Envelope, type ShowType } from '../../protocol';

/** docs/product.md "Notices and errors": the text shown when a call fails without any error information. */
export const GENERIC_ERROR_MESSAGE = 'Request error, please retry.';

/** errorCode used when the call never produced an envelope (network down, not JSON, HTTP error page). */
export const NETWORK_ERROR_CODE = 'NETWORK';

/**
 * A call that answered `success: false` (or failed before answering). `showType` says how to show it
 * (docs/product.md "Notices and errors": 0 silent, 1 warning, 2 error, 4 notification, 9 redirect to /exception).
 */
export class BusinessError extends Error {
  readonly errorCode: string;
  readonly errorMessage: string;
  readonly showType: ShowType;

  constructor(errorCode: string, errorMessage: string, showType: ShowType = 2) {
    super(errorMessage);
    this.name = 'BusinessError';
    this.errorCode = errorCode;
    this.errorMessage = errorMessage;
    this.showType = showType;
  }
}

/**
 * Options of one call. `skipErrorHandler` leaves showing the error (and re-login) to the caller;
 * `expected` marks errors the caller shows itself (not shown as a notice; re-login still happens).
 */
export interface RequestOptions {
  skipErrorHandler?: boolean;
  expected?: (err: BusinessError) => boolean;
}

/**
 * errorCode of an answer that does not match its contract's response schema (checked in development and
 * tests only): VALIDATION, as the stores' own guards of a malformed answer (a board) report it.
 */
export const CONTRACT_MISMATCH_CODE = 'VALIDATION';

/**
 * Calls one endpoint through its contract (protocol/contracts): checks `body` with the contract's body
 * schema before sending (a bad body is a BusinessError VALIDATION worded as the server words it, and
 * nothing is sent), POSTs it as JSON and resolves with the envelope's `data`, typed by the contract's
 * response schema. In development and tests the answer is parsed with that schema (a mismatch is a
 * BusinessError VALIDATION naming the route and the field); production builds trust the server. Throws BusinessError.
 */
export type RequestFn = <C extends AnyContract>(contract: C, body: ContractBody<C>, opts?: RequestOptions) => Promise<ContractResult<C>>;

/** Whether answers are parsed with their contract's response schema: Vite's development server and Vitest. */
const CHECK_ANSWERS = import.meta.env.DEV || import.meta.env.MODE === 'test';

/** How a request client is built; everything optional so tests can inject a fetch and see the hooks fire. */
export interface RequestClientOptions {
  /** Prefix for routes: the app's base path by default ('' at the root; protocol/appBase.ts). */
  baseUrl?: string;
  fetch?: typeof fetch;
  /** Called for every failure not opted out of with `skipErrorHandler` (shows it per showType). */
  onError?: (err: BusinessError) => void;
  /** Called when the server says the session is gone (errorCode UNAUTHENTICATED), unless skipped. */
  onUnauthenticated?: () => void;
}

function isEnvelope(v: unknown): v is Envelope<unknown> {
  return typeof v === 'object' && v !== null && typeof (v as { success?: unknown }).success === 'boolean';
}

const SHOW_TYPES = new Set([0, 1, 2, 4, 9]);

/**
 * Builds the request function of docs/api.md "Envelope": same-origin cookies, JSON in and out,
 * returns `data` on success, throws BusinessError on `success: false` (with the server's code, message and
 * showType), and a BusinessError with GENERIC_ERROR_MESSAGE when there is no error information.
 */
export function createRequest(options: RequestClientOptions = {}): RequestFn {
  const { baseUrl = appBasePath(), onError, onUnauthenticated } = options;
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => globalThis.fetch(...args));

  async function post(route: string, body: unknown): Promise<unknown> {
    let res: Response;
    try {
      res = await doFetch(baseUrl + route, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify(body ?? {}),
      });
    } catch {
      throw new BusinessError(NETWORK_ERROR_CODE, GENERIC_ERROR_MESSAGE);
    }
    let json: unknown;
    try {
      json = await res.json();
    } catch {
      json = undefined;
    }
    if (!isEnvelope(json)) throw new BusinessError(NETWORK_ERROR_CODE, GENERIC_ERROR_MESSAGE);
    if (json.success) return json.data;
    const showType = SHOW_TYPES.has(json.showType as number) ? (json.showType as ShowType) : 2;
    const code = json.errorCode || NETWORK_ERROR_CODE;
    throw new BusinessError(code, json.errorMessage || GENERIC_ERROR_MESSAGE, showType);
  }

  async function call<C extends AnyContract>(contract: C, body: ContractBody<C>): Promise<ContractResult<C>> {
    if (contract.answer !== 'envelope') throw new Error(`${contract.path} answers a ${contract.answer.contentType} body, not an envelope: fetch it`);
    const checked = parseContractBody(contract.body, body);
    if (!checked.ok) throw new BusinessError('VALIDATION', checked.message);
    const data = await post(contract.path, body);
    if (!CHECK_ANSWERS) return data as ContractResult<C>;
    const parsed = contract.response.safeParse(data);
    if (parsed.success) return parsed.data as ContractResult<C>;
    const issue = parsed.error.issues[0];
    throw new BusinessError(CONTRACT_MISMATCH_CODE, `${contract.path} answered data that does not match its contract: ${issue.path.map(String).join('.') || 'data'}: ${issue.message}`);
  }

  return async function requestThrough<C extends AnyContract>(contract: C, body: ContractBody<C>, opts: RequestOptions = {}): Promise<ContractResult<C>> {
    try {
      return await call(contract, body);
    } catch (e) {
      const err = e instanceof BusinessError ? e : new BusinessError(NETWORK_ERROR_CODE, GENERIC_ERROR_MESSAGE);
      if (!opts.skipErrorHandler) {
        if (err.errorCode === 'UNAUTHENTICATED') onUnauthenticated?.();
        else if (!opts.expected?.(err)) onError?.(err);
      }
      throw err;
    }
  };
}
