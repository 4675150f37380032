import { fail, ok, type Envelope } from '../../protocol';

/** A route handler of the fake server: returns the data of a success envelope, or a whole envelope. */
export type FakeHandler = (body: Record<string, unknown>) => unknown;

/** What the fake server was asked, in order. */
export interface FakeCall {
  route: string;
  body: Record<string, unknown>;
}

function isEnvelope(v: unknown): v is Envelope<unknown> {
  return typeof v === 'object' && v !== null && 'success' in v && 'data' in v;
}

/**
 * A fetch that answers REST routes with envelopes from `handlers` (unknown routes: NOT_FOUND), for unit
 * tests of stores and panels. The real server is exercised by the integration and e2e tests.
 */
export function fakeApi(handlers: Record<string, FakeHandler>) {
  const calls: FakeCall[] = [];
  const fetch = (async (url: string, init: RequestInit) => {
    const route = new URL(url, 'http://localhost').pathname;
    const body = JSON.parse((init.body as string) || '{}') as Record<string, unknown>;
    calls.push({ route, body });
    const h = handlers[route];
    let env: Envelope<unknown>;
    try {
      const out = h ? h(body) : fail('NOT_FOUND', `no route ${route}`);
      env = isEnvelope(out) ? out : ok(out ?? null);
    } catch (e) {
      env = fail('INTERNAL', (e as Error).message);
    }
    return new Response(JSON.stringify(env), { status: 200, headers: { 'Content-Type': 'application/json' } });
  }) as unknown as typeof globalThis.fetch;
  return { fetch, calls, handlers };
}
