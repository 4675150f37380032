import { describe, expect, it } from 'vitest';
import { AUTH, BOARDS, DEVICES, fail, ok } from '../../protocol';
import { BusinessError, createRequest, GENERIC_ERROR_MESSAGE } from './request';

/** A fetch answering with fixed JSON (or throwing), recording what it was asked. */
function fakeFetch(answer: unknown | Error, status = 200) {
  const calls: Array<{ url: string; init: RequestInit }> = [];
  const f = (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    if (answer instanceof Error) throw answer;
    const text = typeof answer === 'string' ? answer : JSON.stringify(answer);
    return new Response(text, { status, headers: { 'Content-Type': 'application/json' } });
  }) as unknown as typeof fetch;
  return { f, calls };
}

describe('request', () => {
  it('posts JSON with same-origin cookies and returns the envelope data', async () => {
    const { f, calls } = fakeFetch(ok({ result: '0', board: [] }));
    const request = createRequest({ fetch: f, baseUrl: '/base' });
    await expect(request(BOARDS.boardList, { projectId: 'p1' })).resolves.toEqual({ result: '0', board: [] });
    expect(calls[0].url).toBe('/base/zhgd/board/list');
    expect(calls[0].init.method).toBe('POST');
    expect(calls[0].init.credentials).toBe('same-origin');
    expect(JSON.parse(calls[0].init.body as string)).toEqual({ projectId: 'p1' });
  });

  it('throws a BusinessError with the server code, message and showType, and reports it', async () => {
    const seen: BusinessError[] = [];
    const request = createRequest({ fetch: fakeFetch(fail('NOT_FOUND', 'no such board', 9)).f, onError: (e) => seen.push(e) });
    const err = await request(BOARDS.boardScreen, { boardId: 'x' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BusinessError);
    expect(err).toMatchObject({ errorCode: 'NOT_FOUND', errorMessage: 'no such board', showType: 9 });
    expect(seen).toHaveLength(1);
  });

  it('uses the generic message and error showType when the failure carries no information', async () => {
    const request = createRequest({ fetch: fakeFetch({ success: false, data: null }).f });
    await expect(request(AUTH.me, {})).rejects.toMatchObject({ errorMessage: GENERIC_ERROR_MESSAGE, showType: 2 });
  });

  it('turns network failures and non-envelope answers into the generic error', async () => {
    const down = createRequest({ fetch: fakeFetch(new TypeError('Failed to fetch')).f });
    await expect(down(AUTH.me, {})).rejects.toMatchObject({ errorMessage: GENERIC_ERROR_MESSAGE });
    const html = createRequest({ fetch: fakeFetch('<html>502 Bad Gateway</html>', 502).f });
    await expect(html(AUTH.me, {})).rejects.toMatchObject({ errorMessage: GENERIC_ERROR_MESSAGE });
  });

  it('sends UNAUTHENTICATED to the session hook instead of the error display', async () => {
    let loggedOut = 0;
    const shown: BusinessError[] = [];
    const request = createRequest({
      fetch: fakeFetch(fail('UNAUTHENTICATED', 'session expired')).f,
      onUnauthenticated: () => loggedOut++,
      onError: (e) => shown.push(e),
    });
    await expect(request(DEVICES.deviceList, { projectId: 'p' })).rejects.toBeInstanceOf(BusinessError);
    expect(loggedOut).toBe(1);
    expect(shown).toHaveLength(0);
  });

  it('leaves everything to the caller with skipErrorHandler', async () => {
    let hooks = 0;
    const request = createRequest({
      fetch: fakeFetch(fail('UNAUTHENTICATED', 'x')).f,
      onUnauthenticated: () => hooks++,
      onError: () => hooks++,
    });
    await expect(request(AUTH.me, {}, { skipErrorHandler: true })).rejects.toMatchObject({ errorCode: 'UNAUTHENTICATED' });
    expect(hooks).toBe(0);
  });

  it('checks the body with the contract before sending: a bad body is VALIDATION worded as the server words it, and nothing is sent', async () => {
    const { f, calls } = fakeFetch(ok(null));
    const request = createRequest({ fetch: f });
    // @ts-expect-error projectId is required by the contract's body schema
    await expect(request(BOARDS.boardList, {})).rejects.toMatchObject({ errorCode: 'VALIDATION', errorMessage: 'projectId: required' });
    expect(calls).toHaveLength(0);
  });

  it('parses the answer with the contract in tests: data of another shape is refused, naming the route and field', async () => {
    const request = createRequest({ fetch: fakeFetch(ok({ result: '0', board: [{ boardId: 'b' }] })).f });
    const err = (await request(BOARDS.boardList, { projectId: 'p1' }).catch((e: unknown) => e)) as BusinessError;
    expect(err).toBeInstanceOf(BusinessError);
    expect(err.errorCode).toBe('VALIDATION');
    expect(err.errorMessage).toMatch(/^\/zhgd\/board\/list answered data that does not match its contract: board\.0\.name: /);
  });
});
