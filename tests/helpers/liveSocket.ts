import { io as connectSocket, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '../../protocol';

/** A browser-like live socket of the real server. */
export type LiveSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * Connects a live socket to the server at `url` with the session `cookie` (or none), websocket only.
 * `reconnect: true` reconnects fast (50–200 ms), as a test of reconnects wants; default: no reconnects.
 * @throws the server's connect error (e.g. no session).
 */
export async function connectLiveSocket(url: string, cookie: string | null, opts: { reconnect?: boolean } = {}): Promise<LiveSocket> {
  const socket: LiveSocket = connectSocket(url, {
    path: '/socket.io',
    transports: ['websocket'],
    forceNew: true,
    ...(opts.reconnect ? { reconnectionDelay: 50, reconnectionDelayMax: 200 } : { reconnection: false }),
    extraHeaders: cookie ? { cookie } : {},
  });
  await new Promise<void>((resolve, reject) => {
    // only the first connection: a later connect_error (a failed reconnect) must not close the socket
    const onConnect = () => {
      socket.off('connect_error', onError);
      resolve();
    };
    const onError = (err: Error) => {
      socket.off('connect', onConnect);
      socket.close();
      reject(err);
    };
    socket.once('connect', onConnect);
    socket.once('connect_error', onError);
  });
  return socket;
}
