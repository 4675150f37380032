// Boards for the builder benchmark, made through the real REST API (docs/api.md): login, ticket, board/add,
// then one panel/custom/add per panel, each on the version the previous write answered.

/** Panel types of the mix, in the order they repeat over the grid (the five built-in types). */
export const PANEL_MIX = ['gasTrend', 'gasTable', 'towerCrane', 'alarmFeed', 'tunnelPersonnel'];

/**
 * A logged-in REST client of the server at `url`.
 * @returns {Promise<{ cookie: { name: string, value: string }, user: object, call: (route: string, body: object, headers?: object) => Promise<any>, get: (pathAndQuery: string) => Promise<any> }>}
 * @throws Error with the envelope's errorCode and message when a call fails.
 */
export async function login(url, username, password) {
  const r = await fetch(`${url}/zhgd/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password }) });
  const env = await r.json();
  if (!env.success) throw new Error(`login: ${env.errorCode} ${env.errorMessage}`);
  const m = /sb_session=([^;]+)/.exec(r.headers.get('set-cookie') ?? '');
  if (!m) throw new Error('login: no sb_session cookie');
  const cookie = { name: 'sb_session', value: m[1] };
  const unwrap = async (res, what) => {
    const e = await res.json();
    if (!e.success) throw new Error(`${what}: ${e.errorCode} ${e.errorMessage}`);
    return e.data;
  };
  const headers = { 'content-type': 'application/json', cookie: `sb_session=${cookie.value}` };
  return {
    cookie,
    user: env.data,
    call: async (route, body, extra = {}) => unwrap(await fetch(`${url}${route}`, { method: 'POST', headers: { ...headers, ...extra }, body: JSON.stringify(body) }), route),
    get: async (pathAndQuery) => unwrap(await fetch(`${url}${pathAndQuery}`, { headers }), pathAndQuery),
  };
}

/**
 * Panel inputs for `count` panels in a grid filling a 1920×1080 page (4 px gutters), types from
 * PANEL_MIX in turn; gas trends and tower cranes are bound to the project's devices in turn.
 * @param {{ gas: string[], cranes: string[] }} sns device sns of the project (at least one of each).
 */
export function gridPanels(count, sns) {
  const cols = Math.ceil(Math.sqrt((count * 16) / 9));
  const cellW = 1920 / cols;
  const cellH = 1080 / Math.ceil(count / cols);
  return Array.from({ length: count }, (_, i) => {
    const type = PANEL_MIX[i % PANEL_MIX.length];
    const k = Math.floor(i / PANEL_MIX.length);
    const config =
      type === 'gasTrend'
        ? { sn: sns.gas[k % sns.gas.length], gases: ['CO', 'NO2', 'O2', 'dust'], windowMin: 30 }
        : type === 'towerCrane'
          ? { sn: sns.cranes[k % sns.cranes.length] }
          : type === 'alarmFeed'
            ? { limit: 50 }
            : type === 'tunnelPersonnel'
              ? { binM: 20 }
              : {};
    return {
      type,
      title: `${type} ${i}`,
      x: Math.round((i % cols) * cellW + 4),
      y: Math.round(Math.floor(i / cols) * cellH + 4),
      w: Math.round(cellW - 8),
      h: Math.round(cellH - 8),
      z: i + 1,
      config,
    };
  });
}

/**
 * Creates a 1920×1080 board named `name` in `projectId` holding `panels` on its one page.
 * @returns {Promise<string>} the boardId.
 */
export async function createBoard(api, projectId, name, panels) {
  const { ticket } = await api.get(`/zhgd/ticket/getTicket?projectId=${encodeURIComponent(projectId)}`);
  const board = await api.call('/zhgd/board/add', { projectId, name, layout: { pageWidth: 1920, pageHeight: 1080 } }, { dataBoardBasicToken: ticket });
  const pageId = board.pages[0].pageId;
  let version = board.version;
  for (const panel of panels) {
    ({ version } = await api.call('/zhgd/panel/custom/add', { boardId: board.boardId, baseVersion: version, pageId, panel }));
  }
  return board.boardId;
}

/** The project's gas station and tower crane sns (device/list), in sn order. @throws when either is missing. */
export async function deviceSns(api, projectId) {
  const devices = await api.call('/zhgd/device/list', { projectId });
  const gas = devices.filter((d) => d.kind === 'gas').map((d) => d.sn);
  const cranes = devices.filter((d) => d.kind === 'towerCrane').map((d) => d.sn);
  if (!gas.length || !cranes.length) throw new Error(`project ${projectId} has ${gas.length} gas stations and ${cranes.length} tower cranes; need one of each`);
  return { gas, cranes };
}
