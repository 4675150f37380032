import { NAV, appBasePath } from '../../protocol';
import { BusinessError, GENERIC_ERROR_MESSAGE, NETWORK_ERROR_CODE } from './request';

/** The home service route (docs/product.md "Organisation switch") that switches the session's organisation (current project). */
export const POST_DOMAIN_ROUTE = NAV.postDomain.path;

/**
 * Switches the session's current project: POSTs the form body `type=2&id={projectId}`. Resolves when the
 * answer's `data` is `'ok'` (docs/product.md "Organisation switch"); otherwise throws a BusinessError whose message is the server's
 * `errorMsg` (shown as it is), or the generic "Request error, please retry." when there is none.
 */
export async function postDomain(projectId: string, opts: { baseUrl?: string; fetch?: typeof fetch } = {}): Promise<void> {
  const doFetch = opts.fetch ?? ((...args: Parameters<typeof fetch>) => globalThis.fetch(...args));
  let json: unknown;
  try {
    const res = await doFetch(`${opts.baseUrl ?? appBasePath()}${POST_DOMAIN_ROUTE}`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
      body: new URLSearchParams({ type: '2', id: projectId }).toString(),
    });
    json = await res.json();
  } catch {
    throw new BusinessError(NETWORK_ERROR_CODE, GENERIC_ERROR_MESSAGE);
  }
  const answer = (typeof json === 'object' && json !== null ? json : {}) as { data?: unknown; errorMsg?: unknown; errorCode?: unknown };
  if (answer.data === 'ok') return;
  const code = typeof answer.errorCode === 'string' && answer.errorCode ? answer.errorCode : NETWORK_ERROR_CODE;
  const msg = typeof answer.errorMsg === 'string' && answer.errorMsg ? answer.errorMsg : GENERIC_ERROR_MESSAGE;
  throw new BusinessError(code, msg);
}
