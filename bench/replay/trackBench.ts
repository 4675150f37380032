/**
 * What the compact-track benches share (coldOpen.ts, monthOpen.ts): their numeric arguments, the
 * administrator's password of their in-process server, signing in and fetching as that administrator,
 * beacons walking at 1 Hz written as sealed chunks, and the median they report.
 */
import { AUTH } from '../../protocol';
import type { RunningServer } from '../../server/app';
import { DEMO_PROJECT } from '../../server/seed';
import { writeSealedChunks } from '../../server/storage';
import { beaconWalkChunk } from '../../fixtures/beaconWalk';

/** The number given as `--name=N` on the command line, else `dflt`. */
export const numberArg = (name: string, dflt: number): number => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? dflt);

/** The upper middle of `xs` (the middle value for an odd count), as the benches' tables report it. */
export const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** ADMIN_PASSWORD of the benches' servers. */
export const PASSWORD = 'bench-cold-open-pw';

/** A signed-in administrator of the bench's server: its base URL and session cookie. */
export interface ApiClient {
  baseUrl: string;
  cookie: string;
}

/** Signs the administrator in. @throws Error when the server refuses. */
export async function signIn(baseUrl: string): Promise<ApiClient> {
  const res = await fetch(baseUrl + AUTH.login.path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: PASSWORD }) });
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0];
  if (!res.ok || !cookie) throw new Error(`bench: sign-in failed (HTTP ${res.status})`);
  return { baseUrl, cookie };
}

/** `fetch` with paths relative to the bench's server, carrying the administrator's session cookie. */
export function authedFetch(admin: ApiClient): typeof fetch {
  return (url, init) => fetch(admin.baseUrl + String(url), { ...init, headers: { ...(init?.headers as Record<string, string>), cookie: admin.cookie } });
}

/**
 * Gives the demo project `beacons` beacons (the seeded ones, then copies of the first) and writes their
 * walks (fixtures/beaconWalk.ts) as sealed one-minute chunks over [fromMs, toMs).
 */
export async function fillBeacons(server: RunningServer, beacons: number, fromMs: number, toMs: number): Promise<void> {
  const demo = DEMO_PROJECT.projectId;
  const seeded = await server.db.selectFrom('devices').selectAll().where('project_id', '=', demo).where('kind', '=', 'beacon').orderBy('sn').execute();
  const template = seeded[0];
  const extra = Array.from({ length: Math.max(0, beacons - seeded.length) }, (_, i) => ({ ...template, sn: `BCCOLD${String(i).padStart(4, '0')}`, thresholds: JSON.stringify(template.thresholds), thresholds_edited: JSON.stringify(template.thresholds_edited), unconfigured_metrics: JSON.stringify(template.unconfigured_metrics), vehicle: null, latest: null }));
  if (extra.length > 0) await server.db.insertInto('devices').values(extra).execute();
  const sns = [...seeded.map((d) => d.sn), ...extra.map((d) => d.sn)].slice(0, beacons);
  for (let t = fromMs; t < toMs; t += 60_000) await writeSealedChunks(server.db, sns.map((sn, b) => beaconWalkChunk(demo, sn, b, t)), () => 2);
}
