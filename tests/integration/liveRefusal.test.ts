import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { config } from 'rxjs';
import { io } from 'socket.io-client';
import type { SubscribeAck } from '../../protocol';
import type { RunningServer } from '../../server/app';
import { DEMO_PROJECT } from '../../server/seed';
import { RootStore } from '../../src/stores';
import { socketFeeds } from '../../src/stores/feeds';
import type { LiveSocket } from '../../streams/connection';
import { createInProcessTelemetry } from '../../workers/telemetry/Telemetry';
import type { ApiClient } from '../helpers/apiClient';
import { eventually } from '../helpers/eventually';
import { connectLiveSocket } from '../helpers/liveSocket';
import { startServerWithUsers } from '../helpers/testServer';

const demo = DEMO_PROJECT.projectId;

/**
 * A subscribe the gateway refuses must reach the panels holding the topic as a state,
 * never as an uncaught error that leaves a wall screen silently stale.
 */
describe('a refused live topic in the browser pipeline', () => {
  let server: RunningServer;
  let bridge: ApiClient;
  const unhandled: unknown[] = [];
  const previous = config.onUnhandledError;

  beforeAll(async () => {
    ({ server, bridge } = await startServerWithUsers());
    config.onUnhandledError = (e) => unhandled.push(e);
  }, 60_000);
  afterAll(async () => {
    config.onUnhandledError = previous;
    await server?.close();
  });

  it('the gateway answers a non-member with the terminal code FORBIDDEN', async () => {
    const socket = await connectLiveSocket(server.url, bridge.cookie);
    try {
      const ack: SubscribeAck = await socket.timeout(3_000).emitWithAck('topic.subscribe', { projectId: demo, topic: 'gas' });
      expect(ack).toEqual({ ok: false, code: 'FORBIDDEN', error: `FORBIDDEN: not a member of project ${demo}` });
    } finally {
      socket.close();
    }
  });

  it('records FORBIDDEN per topic in the live store, with no uncaught error', async () => {
    const cookieFetch: typeof fetch = (input, init = {}) => {
      const headers = new Headers(init.headers);
      headers.set('cookie', bridge.cookie ?? '');
      return fetch(new URL(String(input), server.url), { ...init, headers });
    };
    const root = new RootStore({
      fetch: cookieFetch,
      createTelemetry: createInProcessTelemetry,
      createFeeds: socketFeeds({
        socketFactory: (_url, o) => io(server.url, { ...o, forceNew: true, extraHeaders: { cookie: bridge.cookie ?? '' } }) as LiveSocket,
      }),
    });
    root.live.start(demo);
    const release = root.live.retainTelemetry('gas');
    try {
      await eventually(() => root.live.refused.size === 3, 10_000, 'three refusals');
      expect(root.live.refused.get('gas')).toBe(`FORBIDDEN: not a member of project ${demo}`);
      expect(root.live.refused.has('alarm')).toBe(true);
      expect(root.live.refused.has('deviceStatus')).toBe(true);
      await new Promise((r) => setTimeout(r, 50));
      expect(unhandled).toEqual([]);
    } finally {
      release();
      root.closeProject();
    }
  });
});
