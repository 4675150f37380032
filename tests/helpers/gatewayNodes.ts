import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { startGateway, type Gateway, type GatewayOptions } from '../../server/gateway/gateway';

/** Options of one gateway node: what the gateway takes besides its HTTP server and adapter. */
export type GatewayNodeOptions = Omit<GatewayOptions, 'httpServer' | 'adapter'>;

/**
 * Gateways on HTTP servers of their own that share one real Redis through the socket.io Redis adapter:
 * the cluster nodes of a gateway test, without the rest of a server. Redis connections as the product's
 * (server/cluster/cluster.ts): a command waits for a reconnect instead of failing.
 */
export function gatewayNodes(redisUrl: () => string, adapterOptions: { key: string; requestsTimeout?: number }) {
  const clients: Redis[] = [];
  const https: HttpServer[] = [];
  const gateways: Gateway[] = [];
  return {
    /** Starts one node. @returns its gateway and the base URL of its HTTP server */
    async start(options: GatewayNodeOptions): Promise<{ gateway: Gateway; url: string }> {
      const [pub, sub] = [new Redis(redisUrl(), { maxRetriesPerRequest: null }), new Redis(redisUrl(), { maxRetriesPerRequest: null })];
      for (const c of [pub, sub]) c.on('error', () => undefined);
      clients.push(pub, sub);
      const http = createServer();
      https.push(http);
      await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
      const gateway = startGateway({ ...options, httpServer: http, adapter: createAdapter(pub, sub, adapterOptions) });
      gateways.push(gateway);
      return { gateway, url: `http://127.0.0.1:${(http.address() as AddressInfo).port}` };
    },
    /** The gateways started so far, in order. */
    gateways,
    /** Closes every gateway, its HTTP server and its Redis connections. */
    async close(): Promise<void> {
      for (const g of gateways) await g.close();
      for (const h of https) await new Promise<void>((r) => h.close(() => r()));
      for (const c of clients) c.disconnect();
    },
  };
}
