import { io, type Socket } from 'socket.io-client';
import { BehaviorSubject, distinctUntilChanged, Subject, type Observable } from 'rxjs';
import { appBasePath, type ClientToServerEvents, type ServerToClientEvents } from '../protocol';

/** The typed live socket (events of protocol/socket.ts). */
export type LiveSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** The page's one live connection. */
export interface LiveConnection {
  readonly socket: LiveSocket;
  /** true while connected. */
  readonly connected$: Observable<boolean>;
  /** Emits after every successful RE-connect (not the first connect), with the count of reconnects so far. */
  readonly reconnected$: Observable<number>;
  /** Disconnects for good: no more reconnects, listeners removed, the observables complete. */
  close(): void;
}

/** First reconnect delay (ms); each attempt doubles it, with ±50 % jitter so a wall of screens does not stampede. */
export const RECONNECT_DELAY_MS = 1000;
/** Reconnect delay cap (ms). */
export const RECONNECT_DELAY_MAX_MS = 10_000;

/**
 * Options of the socket: websocket only (no long-polling fallback, which would need sticky sessions when
 * scaled out), the session cookie sent along, and reconnection without end.
 */
export const LIVE_SOCKET_OPTIONS = {
  transports: ['websocket'],
  withCredentials: true,
  reconnection: true,
  reconnectionAttempts: Infinity,
  reconnectionDelay: RECONNECT_DELAY_MS,
  reconnectionDelayMax: RECONNECT_DELAY_MAX_MS,
  randomizationFactor: 0.5,
} as const;

/**
 * Opens the one socket.io connection of the page (same origin unless `url`, cookie auth, websocket
 * transport, infinite reconnection with backoff capped at RECONNECT_DELAY_MAX_MS).
 *
 * socket.io gives up reconnecting in two cases a wall screen must survive: the server disconnected the
 * socket itself (`io server disconnect`, e.g. during a deploy) and a handshake refused by middleware
 * (e.g. the session store was briefly unavailable). Both are retried here with the same backoff; the
 * backoff restarts only after a connection has stayed up for RECONNECT_DELAY_MAX_MS, so a server that
 * accepts and kicks at once is not hammered.
 *
 * @param opts.url server URL; undefined means the page's origin.
 * @param opts.socketFactory builds the socket (tests pass their own options); gets LIVE_SOCKET_OPTIONS.
 */
export function createLiveConnection(opts?: {
  url?: string;
  socketFactory?: (url: string | undefined, o: object) => LiveSocket;
}): LiveConnection {
  const factory =
    opts?.socketFactory ?? ((url: string | undefined, o: object) => (url === undefined ? io(o) : io(url, o)) as LiveSocket);
  // under the app's base path (BASE_PATH behind a proxy): the server listens at `${base}/socket.io`
  const socket = factory(opts?.url, { ...LIVE_SOCKET_OPTIONS, path: `${appBasePath()}/socket.io` });
  const connected = new BehaviorSubject<boolean>(socket.connected);
  const reconnected = new Subject<number>();
  let connects = 0;
  let connectedAtMs = 0;
  let attempt = 0;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let closed = false;

  const clearRetry = () => {
    if (retryTimer !== null) clearTimeout(retryTimer);
    retryTimer = null;
  };
  /** Retries by hand when socket.io will not (socket.active is false). */
  const retryIfAbandoned = () => {
    if (closed || socket.active || retryTimer !== null) return;
    const base = socket.io.reconnectionDelay() || RECONNECT_DELAY_MS;
    const cap = socket.io.reconnectionDelayMax() || RECONNECT_DELAY_MAX_MS;
    const delay = Math.min(cap, base * 2 ** attempt) * (0.5 + Math.random());
    attempt++;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      if (!closed && !socket.connected) socket.connect();
    }, delay);
  };

  const onConnect = () => {
    clearRetry();
    connects++;
    connectedAtMs = Date.now();
    connected.next(true);
    if (connects > 1) reconnected.next(connects - 1);
  };
  const onDisconnect = () => {
    if (Date.now() - connectedAtMs >= RECONNECT_DELAY_MAX_MS) attempt = 0;
    connected.next(false);
    retryIfAbandoned();
  };
  const onConnectError = () => retryIfAbandoned();

  socket.on('connect', onConnect);
  socket.on('disconnect', onDisconnect);
  socket.on('connect_error', onConnectError);
  if (socket.connected) onConnect();

  return {
    socket,
    connected$: connected.pipe(distinctUntilChanged()),
    reconnected$: reconnected.asObservable(),
    close() {
      if (closed) return;
      closed = true;
      clearRetry();
      socket.off('connect', onConnect);
      socket.off('disconnect', onDisconnect);
      socket.off('connect_error', onConnectError);
      socket.disconnect();
      connected.next(false);
      connected.complete();
      reconnected.complete();
    },
  };
}
