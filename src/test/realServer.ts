import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll } from 'vitest';
import { ALARMS, AUTH, BOARD_TICKET_HEADER, BOARDS, DEVICES, deviceTopic, type Alarm, type AlarmPage, type Board, type BoardTicket, type DeviceKey, type DeviceKind, type Envelope, type Panel } from '../../protocol';
import { cookieAfter } from '../../tests/helpers/apiClient';
import { connectDevice } from '../../tests/helpers/devices';
import { eventually } from '../../tests/helpers/eventually';
import { MAX_LOGIN_FAILURES, TEST_ADMIN_PASSWORD, startTestServer } from '../../tests/helpers/testServer';

export { eventually, MAX_LOGIN_FAILURES, TEST_ADMIN_PASSWORD };

/** The running server of tests/helpers/testServer (url, port, mqttPort, db, close). */
export type RunningServer = Awaited<ReturnType<typeof startTestServer>>;

/** One request a client sent: its path and JSON body (`{}` for none), in order. */
export interface SentCall {
  route: string;
  body: Record<string, unknown>;
}

/** A failed call of {@link ServerClient.call}: carries the server's errorCode. */
export class CallError extends Error {
  constructor(
    readonly errorCode: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * A browser-like client of the real test server: its own cookie jar (the `sb_session` cookie the server
 * sets is sent back and forgotten when cleared), relative URLs resolved against the server.
 */
export interface ServerClient {
  /** A fetch for `createRequest({ fetch })` / `RootStore({ fetch })` or `globalThis.fetch`. */
  readonly fetch: typeof globalThis.fetch;
  /** Every request made through `fetch` (not those of `call`), to assert what a store sent. */
  readonly calls: SentCall[];
  /** `name=value` of the session cookie, or null. */
  readonly cookie: string | null;
  /**
   * POSTs `body` to `route` (GET for ticket/getTicket, with its query), not recorded in `calls`.
   * @returns the data; @throws CallError with the server's errorCode on failure.
   */
  call<T>(route: string, body?: unknown, headers?: Record<string, string>): Promise<T>;
  /** Logs in. @throws CallError when the server refuses. */
  login(username: string, password: string): Promise<void>;
  /** Ends the session on the server but keeps the (now dead) cookie, as when a session expires. */
  expireSession(): Promise<void>;
  /**
   * While true, `fetch` records the request and then fails as a browser's does without network
   * (TypeError): the one condition the real server cannot produce.
   */
  setOffline(offline: boolean): void;
}

/** An MQTT device of a project on the server's embedded broker. */
export interface TestDevice {
  /** Publishes a message of `kind` for `sn` (payload as protocol/devices.ts), QoS 1. */
  publish(kind: DeviceKind, sn: string, payload: Record<string, unknown>): Promise<void>;
  /**
   * Publishes gas `readings` (units of GAS_UNIT) for station `sn` at `tsMs` (default now) and waits until
   * the server's alarm list shows an alarm of `sn` and `metric` in `state` (when given).
   * @returns that alarm, as the server lists it.
   */
  gas(sn: string, readings: Record<string, number>, expect?: { metric: string; state: Alarm['state']; tsMs?: number }): Promise<Alarm | null>;
}

/** What {@link useRealServer} gives each test. */
export interface RealServer {
  /** The running server (url, mqttPort, db). */
  server: RunningServer;
  /** A client logged in as admin (member of both seeded projects). */
  admin: ServerClient;
  /** A new client without a session, or holding `cookie` (another client's, to check it on the server). */
  client(cookie?: string | null): ServerClient;
  /** A new client with a session of its own (default admin), `calls` empty. */
  signIn(username?: string, password?: string): Promise<ServerClient>;
  /** A device of `projectId` (default demo-tunnel) connected with the project's device key; closed after the file. */
  device(projectId?: string): Promise<TestDevice>;
  /** Creates a board the real way (ticket, board/add, page/add, panel/custom/add) and returns its draft. */
  createBoard(spec: BoardSpec, as?: ServerClient): Promise<Board>;
}

/** A board to create: pages in order, panels without ids (the server assigns them). */
export interface BoardSpec {
  projectId?: string;
  name: string;
  layout?: Partial<Board['layout']>;
  pages?: Array<{ name: string; panels?: Array<Omit<Panel, 'panelId' | 'z'> & { z?: number }> }>;
}

/** A request body as an object: JSON, or the fields of a form body (postDomain), `{}` for none. */
function bodyOf(body: RequestInit['body']): Record<string, unknown> {
  if (typeof body !== 'string' || body === '') return {};
  try {
    return JSON.parse(body) as Record<string, unknown>;
  } catch {
    return Object.fromEntries(new URLSearchParams(body));
  }
}

/**
 * Vitest's jsdom environment puts jsdom's typed-array constructors on the global object, so a Node Buffer
 * (what zlib and the chunk codec return) is not `instanceof Uint8Array` in a jsdom test. PGlite checks
 * exactly that for a bytea parameter and refused every telemetry chunk the in-process server wrote
 * ("Invalid input for bytea type"): readings stayed readable only while their chunk was still in memory
 * (open or sealed, about a second), so a test that read them back later lost them, more often on a
 * loaded machine. In files that run the server here, `instanceof Uint8Array` also accepts Node's own
 * Uint8Arrays (the constructor itself stays jsdom's, so nothing else changes).
 */
const NODE_UINT8ARRAY = Object.getPrototypeOf(Buffer.prototype).constructor as Uint8ArrayConstructor;
if (globalThis.Uint8Array !== NODE_UINT8ARRAY && !Object.prototype.hasOwnProperty.call(globalThis.Uint8Array, Symbol.hasInstance)) {
  const own = Function.prototype[Symbol.hasInstance];
  Object.defineProperty(globalThis.Uint8Array, Symbol.hasInstance, {
    value(this: unknown, v: unknown): boolean {
      return own.call(this, v) || (this === globalThis.Uint8Array && v instanceof NODE_UINT8ARRAY);
    },
  });
}

/** Node's fetch, captured before a test routes globalThis.fetch through a client. */
const networkFetch = globalThis.fetch.bind(globalThis);

function createClient(baseUrl: string, cookie: string | null = null): ServerClient {
  const jar = { cookie };
  const calls: SentCall[] = [];
  let offline = false;
  const send = async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(String(input instanceof Request ? input.url : input), baseUrl);
    const headers = new Headers(init.headers);
    if (jar.cookie) headers.set('cookie', jar.cookie);
    const res = await networkFetch(new URL(url.pathname + url.search, baseUrl), { ...init, headers });
    jar.cookie = cookieAfter(res.headers.get('set-cookie'), jar.cookie);
    return res;
  };
  const recorded = (async (input: string | URL | Request, init: RequestInit = {}) => {
    const route = new URL(String(input instanceof Request ? input.url : input), baseUrl).pathname;
    calls.push({ route, body: bodyOf(init.body) });
    if (offline) throw new TypeError('Failed to fetch');
    return send(input, init);
  }) as typeof globalThis.fetch;
  const client: ServerClient = {
    fetch: recorded,
    calls,
    get cookie() {
      return jar.cookie;
    },
    async call<T>(route: string, body: unknown = {}, extra: Record<string, string> = {}): Promise<T> {
      const get = route.startsWith(BOARDS.ticketGet.path);
      const res = await send(route, get ? { headers: extra } : { method: 'POST', headers: { 'content-type': 'application/json', ...extra }, body: JSON.stringify(body) });
      const env = (await res.json()) as Envelope<T>;
      if (!env.success) throw new CallError(env.errorCode ?? 'UNKNOWN', `${route}: ${env.errorCode} ${env.errorMessage}`);
      return env.data as T;
    },
    login: (username, password) => client.call(AUTH.login.path, { username, password }),
    setOffline(value) {
      offline = value;
    },
    async expireSession() {
      const cookie = jar.cookie;
      await client.call(AUTH.logout.path);
      jar.cookie = cookie;
    },
  };
  return client;
}

/**
 * Server settings for test files whose telemetry is dated T0 (May 2025): older than the default 30-day
 * retention, which the retention job enforces a minute after start, deleting readings while the file runs.
 */
export const KEEP_OLD_TELEMETRY: Record<string, string> = { TELEMETRY_RETENTION_DAYS: '3650' };

/**
 * Starts the real server (tests/helpers/testServer: free ports, embedded MQTT, in-memory PGlite, seeded
 * demo data) once for the calling test file and stops it after; logs an admin client in. Call at the
 * top level of a test file; such a file is an integration test (tests/integration/src, the
 * `integration-dom` project of vitest.integration.config.ts), never a unit test beside the code.
 * @returns a getter, valid inside tests and hooks.
 */
export function useRealServer(env: Record<string, string> = {}): () => RealServer {
  let real: RealServer | null = null;
  const devices: MqttClient[] = [];
  const deviceByProject = new Map<string, Promise<TestDevice>>();
  beforeAll(async () => {
    const server = await startTestServer(env);
    try {
      const admin = createClient(server.url);
      await admin.login('admin', TEST_ADMIN_PASSWORD);
      real = {
        server,
        admin,
        client: (cookie = null) => createClient(server.url, cookie),
        signIn: async (username = 'admin', password = TEST_ADMIN_PASSWORD) => {
          const c = createClient(server.url);
          await c.login(username, password);
          return c;
        },
        device: (projectId = 'demo-tunnel') => {
          let d = deviceByProject.get(projectId);
          if (!d) deviceByProject.set(projectId, (d = openDevice(server, admin, projectId, devices)));
          return d;
        },
        createBoard: (spec, as = admin) => createBoard(as, spec),
      };
    } catch (e) {
      await server.close();
      throw e;
    }
  }, 240_000);
  afterAll(async () => {
    deviceByProject.clear();
    for (const d of devices.splice(0)) await d.endAsync();
    await real?.server.close();
    real = null;
  });
  return () => {
    if (!real) throw new Error('useRealServer: the server is only there inside tests and hooks');
    return real;
  };
}

/** Connects a device of `projectId` with the key `admin` reads; the client joins `opened` (closed after the file). */
async function openDevice(server: RunningServer, admin: ServerClient, projectId: string, opened: MqttClient[]): Promise<TestDevice> {
  const key = await admin.call<DeviceKey>(DEVICES.deviceKey.path, { projectId });
  const c = await connectDevice(server.mqttPort!, key);
  opened.push(c);
  const publish = async (kind: DeviceKind, sn: string, payload: Record<string, unknown>) => {
    await c.publishAsync(deviceTopic(projectId, kind, sn), JSON.stringify(payload), { qos: 1 });
  };
  const alarmOf = async (sn: string, metric: string, state: Alarm['state']) => {
    const page = await admin.call<AlarmPage>(ALARMS.alarmList.path, { projectId, page: 1, pageSize: 200 });
    return page.list.find((a) => a.deviceSn === sn && a.metric === metric && a.state === state);
  };
  return {
    publish,
    gas: async (sn, readings, want) => {
      await publish('gas', sn, { ts: want?.tsMs ?? Date.now(), readings });
      if (!want) return null;
      return eventually(() => alarmOf(sn, want.metric, want.state), 5_000, `${want.state} ${want.metric} alarm of ${sn}`);
    },
  };
}

async function createBoard(client: ServerClient, spec: BoardSpec): Promise<Board> {
  const projectId = spec.projectId ?? 'demo-tunnel';
  const { ticket } = await client.call<BoardTicket>(`${BOARDS.ticketGet.path}?projectId=${encodeURIComponent(projectId)}`);
  let board = await client.call<Board>(BOARDS.boardAdd.path, { projectId, name: spec.name, ...(spec.layout ? { layout: spec.layout } : {}) }, { [BOARD_TICKET_HEADER]: ticket });
  const boardId = board.boardId;
  let version = board.version;
  const pages = spec.pages ?? [];
  for (const [i, page] of pages.entries()) {
    let pageId: string;
    if (i === 0) {
      pageId = board.pages[0].pageId;
      ({ version } = await client.call<{ version: number }>(BOARDS.pageEdit.path, { boardId, baseVersion: version, pageId, name: page.name }));
    } else {
      const added = await client.call<{ version: number; page: { pageId: string } }>(BOARDS.pageAdd.path, { boardId, baseVersion: version, name: page.name });
      ({ version } = added);
      pageId = added.page.pageId;
    }
    for (const panel of page.panels ?? []) {
      ({ version } = await client.call<{ version: number }>(BOARDS.panelCustomAdd.path, { boardId, baseVersion: version, pageId, panel }));
    }
  }
  board = await client.call<Board>(BOARDS.boardScreen.path, { boardId });
  return board;
}
