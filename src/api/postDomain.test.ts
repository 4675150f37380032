import { describe, expect, it } from 'vitest';
import { BusinessError, GENERIC_ERROR_MESSAGE } from './request';
import { postDomain } from './postDomain';

function fakeFetch(answer: unknown) {
  const calls: Array<{ url: string; init: RequestInit }> = [];
  const f = (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return new Response(JSON.stringify(answer), { headers: { 'Content-Type': 'application/json' } });
  }) as unknown as typeof fetch;
  return { f, calls };
}

describe('postDomain (docs/product.md "Organisation switch")', () => {
  it('posts the form body type=2&id and succeeds when data is ok', async () => {
    const { f, calls } = fakeFetch({ success: true, data: 'ok' });
    await postDomain('demo bridge', { fetch: f });
    expect(calls[0].url).toBe('/nav/postDomain.htm');
    expect((calls[0].init.headers as Record<string, string>)['Content-Type']).toBe('application/x-www-form-urlencoded');
    expect(new URLSearchParams(calls[0].init.body as string).toString()).toBe('type=2&id=demo+bridge');
  });

  it('fails with the server errorMsg when data is not ok', async () => {
    const err = await postDomain('x', { fetch: fakeFetch({ data: null, errorMsg: 'not a member' }).f }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BusinessError);
    expect((err as BusinessError).errorMessage).toBe('not a member');
    await expect(postDomain('x', { fetch: fakeFetch({ data: 'nope' }).f })).rejects.toMatchObject({ errorMessage: GENERIC_ERROR_MESSAGE });
  });
});
