import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { socketFeeds } from '../../../streams/feeds';
import type { LiveSocket } from '../../../streams/connection';
import { startTestGateway, type TestGateway } from '../../helpers/testGateway';

/** How long a wait may take before it fails: it ends as soon as its condition holds (the default 1 s gave up on a busy machine). */
const WAIT = { timeout: 15_000 };

let gw: TestGateway;
beforeEach(async () => {
  gw = await startTestGateway();
});
afterEach(async () => {
  await gw.close();
});

describe('socketFeeds', () => {
  it('opens one socket for every project opened through it, and closes it with the last one', async () => {
    const sockets: LiveSocket[] = [];
    const open = socketFeeds({
      socketFactory: (url, o) => {
        const s = gw.socketFactory(url, o);
        sockets.push(s);
        return s;
      },
    });
    const a = open('demo-tunnel');
    const b = open('demo-bridge');
    expect(sockets).toHaveLength(1);
    const subA = a.alarms$().subscribe();
    const subB = b.alarms$().subscribe();
    await vi.waitFor(() => expect(gw.callsOf('subscribe').map((c) => c.projectId).sort()).toEqual(['demo-bridge', 'demo-tunnel']), WAIT);
    expect(new Set(gw.callsOf('subscribe').map((c) => c.socketId)).size).toBe(1);
    subA.unsubscribe();
    subB.unsubscribe();
    a.close();
    a.close(); // twice is once
    expect(sockets[0].connected).toBe(true);
    b.close();
    expect(sockets[0].connected).toBe(false);
    // The next project opens a new socket.
    const c = open('demo-tunnel');
    expect(sockets).toHaveLength(2);
    c.close();
  });
});
