import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { HISTORY, TRACKS_DEFAULT_TOLERANCE_M, type TracksCompactRequest } from '../../protocol';
import { decodeTracks, type DecodedTrack } from '../../protocol/trackCodec';
import type { RunningServer } from '../../server/app';
import { TelemetryWriter } from '../../server/ingest/telemetryWriter';
import { DEMO_PROJECT } from '../../server/seed';
import type { ApiClient } from '../helpers/apiClient';
import { startServerWithUsers } from '../helpers/testServer';
import { fetchCompactTracks, tracksFailed } from '../../src/panelData/history';

const demo = DEMO_PROJECT.projectId;
const HOUR = 3_600_000;
const SN = 'BC0001';
const quiet = { error: () => undefined };

/**
 * One beacon over 1,300 s at 1 Hz: walks at 1.2 m/s from 100 m for 600 s, stands with ±0.2 m of
 * scatter until 900 s, moves from bore LK to RK at 900 s, raises SOS over [1000, 1060) s, is silent
 * over (1100, 1220) s, then stands again. Chainage to 1 cm, as beacons send it.
 */
function fixAt(s: number): { chainageM: number; tunnelId: string; sos: number; battery: number } | null {
  if (s > 1100 && s < 1220) return null;
  const jitter = ((s * 7919) % 41) / 100 - 0.2;
  const chainageM = s <= 600 ? 100 + 1.2 * s : s < 900 ? Math.round((820 + jitter) * 100) / 100 : Math.round((40 + jitter) * 100) / 100;
  return { chainageM, tunnelId: s < 900 ? 'LK' : 'RK', sos: s >= 1000 && s < 1060 ? 1 : 0, battery: s < 700 ? 80 : 79 };
}
const SECONDS = 1_300;

/** Linear interpolation of a decoded track's vertices at `t` (within a segment), or null outside one. */
function chainageAt(b: DecodedTrack, t: number): number | null {
  const v = b.vertexTs;
  let i = v.length - 1;
  while (i >= 0 && v[i] > t) i--;
  if (i < 0) return null;
  if (v[i] === t) return b.vertexChainageM[i];
  if (i + 1 >= v.length || b.segmentStart[i + 1]) return null;
  return b.vertexChainageM[i] + ((b.vertexChainageM[i + 1] - b.vertexChainageM[i]) * (t - v[i])) / (v[i + 1] - v[i]);
}

describe('compact personnel tracks (real server, PGlite)', { timeout: 120_000 }, () => {
  let server: RunningServer;
  let admin: ApiClient;
  let bridge: ApiClient;
  const t0 = Math.floor((Date.now() - 3 * HOUR) / HOUR) * HOUR;

  const fetchCompact = async (client: ApiClient, body: TracksCompactRequest) => {
    const res = await fetch(client.baseUrl + HISTORY.tracksCompact.path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(client.cookie ? { cookie: client.cookie } : {}) },
      body: JSON.stringify(body),
    });
    const type = res.headers.get('content-type') ?? '';
    if (type.startsWith('application/octet-stream')) return { status: res.status, tracks: decodeTracks(new Uint8Array(await res.arrayBuffer())), envelope: null };
    return { status: res.status, tracks: null, envelope: (await res.json()) as { errorCode?: string; errorMessage?: string } };
  };

  beforeAll(async () => {
    ({ server, admin, bridge } = await startServerWithUsers());
    const w = new TelemetryWriter(server.db, quiet);
    for (let s = 0; s < SECONDS; s++) {
      const f = fixAt(s);
      if (f) w.add({ projectId: demo, sn: SN, kind: 'beacon', tsMs: t0 + s * 1_000, tunnelId: f.tunnelId, values: { chainageM: f.chainageM, battery: f.battery, sos: f.sos } });
    }
    await w.close();
  }, 180_000);
  afterAll(() => server?.close());

  it('keeps exact fixes at the vertices and every fix within the stated tolerance, with far fewer vertices', async () => {
    const r = await fetchCompact(admin, { projectId: demo, fromMs: t0, toMs: t0 + SECONDS * 1_000 });
    expect(r.status).toBe(200);
    const d = r.tracks!;
    expect(d).toMatchObject({ fromMs: t0, nextCursor: null, toleranceM: TRACKS_DEFAULT_TOLERANCE_M, gapMs: 30_000 });
    const b = d.beacons.find((x) => x.sn === SN)!;
    const fixes = Array.from({ length: SECONDS }, (_, s) => s).filter((s) => fixAt(s) !== null);
    expect(b.fixes).toBe(fixes.length);
    expect(b.vertexTs.length).toBeLessThan(fixes.length / 5);
    // every vertex is a fix, with its exact time and chainage
    b.vertexTs.forEach((t, i) => {
      const s = (t - t0) / 1_000;
      expect(Number.isInteger(s)).toBe(true);
      expect(b.vertexChainageM[i]).toBe(fixAt(s)!.chainageM);
    });
    // the first and last fix and the fixes on both sides of the silence are vertices
    for (const s of [0, 1100, 1220, SECONDS - 1]) expect(Array.from(b.vertexTs)).toContain(t0 + s * 1_000);
    // at every fix's instant, the linear track is within the tolerance
    for (const s of fixes) expect(Math.abs(chainageAt(b, t0 + s * 1_000)! - fixAt(s)!.chainageM)).toBeLessThanOrEqual(TRACKS_DEFAULT_TOLERANCE_M + 1e-9);
    // the silence is not bridged: a new segment starts after it
    const after = Array.from(b.vertexTs).indexOf(t0 + 1220 * 1_000);
    expect(b.segmentStart[after]).toBe(1);
    expect(chainageAt(b, t0 + 1150 * 1_000)).toBeNull();
  });

  it('keeps every tunnelId, SOS and battery change at its exact instant', async () => {
    const d = (await fetchCompact(admin, { projectId: demo, fromMs: t0, toMs: t0 + SECONDS * 1_000 })).tracks!;
    const b = d.beacons.find((x) => x.sn === SN)!;
    const tunnel = b.steps.tunnelId;
    expect(Array.from(tunnel.ts)).toEqual([t0, t0 + 900_000]);
    expect(Array.from(tunnel.values, (i) => d.tunnels[i])).toEqual(['LK', 'RK']);
    expect(Array.from(b.steps.sos.ts)).toEqual([t0, t0 + 1_000_000, t0 + 1_060_000]);
    expect(Array.from(b.steps.sos.values)).toEqual([0, 1, 0]);
    expect(Array.from(b.steps.battery.ts)).toEqual([t0, t0 + 700_000]);
    expect(Array.from(b.steps.battery.values)).toEqual([80, 79]);
    // a tunnel filter keeps a beacon that was in that tunnel in the page, with its whole page
    const rk = (await fetchCompact(admin, { projectId: demo, tunnelId: 'RK', fromMs: t0, toMs: t0 + SECONDS * 1_000 })).tracks!;
    expect(rk.beacons.find((x) => x.sn === SN)?.fixes).toBe(b.fixes);
  });

  it('with a tolerance of 0 drops only fixes exactly on the line, and pages by the hour', async () => {
    const d = (await fetchCompact(admin, { projectId: demo, fromMs: t0, toMs: t0 + SECONDS * 1_000, toleranceM: 0 })).tracks!;
    const b = d.beacons.find((x) => x.sn === SN)!;
    expect(d.toleranceM).toBe(0);
    for (let s = 0; s < SECONDS; s++) if (fixAt(s)) expect(chainageAt(b, t0 + s * 1_000)).toBeCloseTo(fixAt(s)!.chainageM, 9);
    expect(b.vertexTs.length).toBeGreaterThan(100);
    // a range starting mid-hour: its first page ends with that clock hour (t0 is on one), the next starts there
    const first = (await fetchCompact(admin, { projectId: demo, fromMs: t0 - HOUR + 300_000, toMs: t0 + SECONDS * 1_000 })).tracks!;
    expect(first.nextCursor).toBe(t0);
    expect(first.beacons.find((x) => x.sn === SN)).toBeUndefined(); // no fixes before t0
    const second = (await fetchCompact(admin, { projectId: demo, fromMs: t0 - HOUR + 300_000, toMs: t0 + SECONDS * 1_000, cursor: String(first.nextCursor) })).tracks!;
    expect(second.beacons.find((x) => x.sn === SN)?.vertexTs[0]).toBe(t0);
    expect(second.nextCursor).toBeNull();
  });

  it('answers the hours before anyone was heard with one empty page up to the hour of the first fix', async () => {
    const range = { projectId: demo, fromMs: t0 - 20 * HOUR, toMs: t0 + 2 * HOUR - 1 };
    const quietPage = (await fetchCompact(admin, range)).tracks!;
    expect(quietPage).toMatchObject({ fromMs: t0 - 20 * HOUR, toMs: t0 - 1, nextCursor: t0, beacons: [] });
    const next = (await fetchCompact(admin, { ...range, cursor: String(quietPage.nextCursor) })).tracks!;
    expect(next).toMatchObject({ fromMs: t0, toMs: t0 + HOUR - 1, nextCursor: t0 + HOUR });
    expect(next.beacons.find((x) => x.sn === SN)?.vertexTs[0]).toBe(t0);
  });

  it("a replay's fallback when compact tracks fail: silent on a refusal, said on the console otherwise", async () => {
    /** The browser's fetch for `client`: same-origin paths to the server, with its session cookie. */
    const browserFetch = (client: ApiClient): typeof fetch => (url, init) => fetch(client.baseUrl + String(url), { ...init, headers: { ...(init?.headers as Record<string, string>), ...(client.cookie ? { cookie: client.cookie } : {}) } });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const refused = await fetchCompactTracks({ projectId: demo, fromMs: t0, toMs: t0 + HOUR }, browserFetch(bridge)).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(Error);
      expect(tracksFailed(refused)).toBeNull();
      expect(warn).not.toHaveBeenCalled();
      // a start before the raw retention (30 days by default) is refused with a reason
      const tooOld = await fetchCompactTracks({ projectId: demo, fromMs: t0 - 40 * 24 * HOUR, toMs: t0 }, browserFetch(admin)).catch((e: unknown) => e);
      expect((tooOld as Error).message).toMatch(/^fromMs: before the 30-day retention/);
      expect(tracksFailed(tooOld)).toBeNull();
      expect(warn).toHaveBeenCalledOnce();
      expect(String(warn.mock.calls[0][1])).toContain((tooOld as Error).message);
    } finally {
      warn.mockRestore();
    }
  });

  it('refuses non-members and names the bad field', async () => {
    const ok = { projectId: demo, fromMs: t0, toMs: t0 + HOUR };
    expect(await fetchCompact(bridge, ok)).toMatchObject({ status: 403, envelope: { errorCode: 'FORBIDDEN' } });
    const bad: Array<[TracksCompactRequest, string]> = [
      [{ ...ok, toMs: t0 - 1 }, 'toMs: must not be before fromMs'],
      [{ ...ok, toleranceM: 11 }, 'toleranceM:'],
      [{ ...ok, toleranceM: -1 }, 'toleranceM:'],
      [{ ...ok, gapMs: 10 }, 'gapMs:'],
      [{ ...ok, toMs: t0 + 25 * HOUR }, 'toMs: tracks cover at most 24 hours per request'],
      [{ ...ok, cursor: String(t0 + 2 * HOUR) }, 'cursor: not a page of this range'],
    ];
    for (const [body, message] of bad) {
      const r = await fetchCompact(admin, body);
      expect({ status: r.status, code: r.envelope?.errorCode }).toEqual({ status: 400, code: 'VALIDATION' });
      expect(r.envelope!.errorMessage).toContain(message);
    }
  });
});
