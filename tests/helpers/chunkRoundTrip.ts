import { openDatabase, readRaw, readRollups, writeSealedChunks } from '../../server/storage';

/**
 * Writes one sealed gas chunk (CO 4.25 at `t0`, 9.5 at `t0` + 20 s) to a fresh in-memory PGlite through
 * the storage layer and reads it back: raw readings and the hour rollup's CO maximum. For tests that must
 * run in another environment than node (the integration-dom project, where the in-process server also runs).
 * @throws the database's error when the chunk is refused
 */
export async function chunkRoundTrip(t0: number): Promise<{ ts: number[] | undefined; co: Array<number | null> | undefined; hourMaxCo: number | undefined }> {
  const { db, close } = await openDatabase({ databaseUrl: null, dataDir: 'memory://' });
  try {
    await writeSealedChunks(db, [{ projectId: 'p', sn: 'G1', kind: 'gas', tunnelId: null, startMs: t0, cols: { ts: [t0, t0 + 20_000], values: { CO: [4.25, 9.5] } } }], () => 2);
    const raw = (await readRaw(db, 'p', { sns: ['G1'] }, t0, t0 + 60_000)).get('G1');
    const hours = (await readRollups(db, 'p', ['G1'], 'hour', t0, t0 + 60_000)).get('G1');
    return { ts: raw?.ts, co: raw?.values.CO, hourMaxCo: hours?.[0]?.stats.CO?.max };
  } finally {
    await close();
  }
}
