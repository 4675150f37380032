import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLiveConnection, type LiveConnection } from '../../../streams/connection';
import { startTestGateway, type TestGateway } from '../../helpers/testGateway';

/** How long a wait may take before it fails: it ends as soon as its condition holds (the default 1 s gave up on a busy machine). */
const WAIT = { timeout: 15_000 };

let gw: TestGateway;
let conn: LiveConnection | null = null;

beforeEach(async () => {
  gw = await startTestGateway();
});
afterEach(async () => {
  conn?.close();
  conn = null;
  await gw.close();
});

function open(): { conn: LiveConnection; states: boolean[]; reconnects: number[] } {
  const states: boolean[] = [];
  const reconnects: number[] = [];
  conn = createLiveConnection({ socketFactory: gw.socketFactory });
  conn.connected$.subscribe((c) => states.push(c));
  conn.reconnected$.subscribe((n) => reconnects.push(n));
  return { conn, states, reconnects };
}

describe('createLiveConnection', () => {
  it('reports connected, and nothing on reconnected$ for the first connect', async () => {
    const { states, reconnects } = open();
    await vi.waitFor(() => expect(states).toEqual([false, true]), WAIT);
    expect(reconnects).toEqual([]);
  });

  it('uses websocket transport with credentials and endless reconnection', async () => {
    let seen: Record<string, unknown> = {};
    conn = createLiveConnection({
      socketFactory: (url, o) => {
        seen = o as Record<string, unknown>;
        return gw.socketFactory(url, o);
      },
    });
    expect(seen).toMatchObject({ transports: ['websocket'], withCredentials: true, reconnectionAttempts: Infinity, reconnectionDelayMax: 10_000 });
  });

  it('reconnects after the transport drops, counting reconnects', async () => {
    const { states, reconnects } = open();
    await vi.waitFor(() => expect(states.at(-1)).toBe(true), WAIT);
    for (const s of gw.io.sockets.sockets.values()) s.conn.close();
    await vi.waitFor(() => expect(reconnects).toEqual([1]), WAIT);
    for (const s of gw.io.sockets.sockets.values()) s.conn.close();
    await vi.waitFor(() => expect(reconnects).toEqual([1, 2]), WAIT);
    expect(states).toEqual([false, true, false, true, false, true]);
  });

  it('reconnects even when the server disconnects the socket itself', async () => {
    const { states, reconnects } = open();
    await vi.waitFor(() => expect(states.at(-1)).toBe(true), WAIT);
    gw.io.disconnectSockets(true);
    await vi.waitFor(() => expect(reconnects).toEqual([1]), WAIT);
    expect(states.at(-1)).toBe(true);
  });

  it('keeps retrying when the handshake is refused by middleware', async () => {
    let refusals = 2;
    gw.io.use((_socket, next) => (refusals-- > 0 ? next(new Error('session store unavailable')) : next()));
    const { states } = open();
    await vi.waitFor(() => expect(states.at(-1)).toBe(true), WAIT);
    expect(refusals).toBeLessThan(0);
  });

  it('close() disconnects for good and completes the observables', async () => {
    const { conn: c, states } = open();
    await vi.waitFor(() => expect(states.at(-1)).toBe(true), WAIT);
    let completed = 0;
    c.connected$.subscribe({ complete: () => completed++ });
    c.reconnected$.subscribe({ complete: () => completed++ });
    c.close();
    expect(c.socket.connected).toBe(false);
    expect(states.at(-1)).toBe(false);
    expect(completed).toBe(2);
    await new Promise((r) => setTimeout(r, 150));
    expect(gw.io.sockets.sockets.size).toBe(0);
  });
});
