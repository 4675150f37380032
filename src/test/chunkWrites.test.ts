import { describe, expect, it } from 'vitest';
import { openDatabase, readRaw, readRollups, writeSealedChunks } from '../../server/storage';

// The board tests run the real server in process under jsdom, whose Uint8Array is not Node's: PGlite
// refused every telemetry chunk (a Node Buffer) there with "Invalid input for bytea type", so readings
// vanished from history once their minute was sealed (the skipped replay and reconnect-refill tests).
describe('telemetry chunks under jsdom', () => {
  it('are written to PGlite and read back with their hour rollup', async () => {
    const { db, close } = await openDatabase({ databaseUrl: undefined, dataDir: 'memory://' } as never);
    try {
      const T0 = Date.UTC(2025, 4, 12, 2, 0, 0);
      await writeSealedChunks(
        db,
        [{ projectId: 'p', sn: 'G1', kind: 'gas', tunnelId: null, startMs: T0, cols: { ts: [T0, T0 + 20_000], values: { CO: [4.25, 9.5] } } }],
        () => 2,
      );
      const raw = await readRaw(db, 'p', { sns: ['G1'] }, T0, T0 + 60_000);
      expect(raw.get('G1')?.ts).toEqual([T0, T0 + 20_000]);
      expect(raw.get('G1')?.values.CO).toEqual([4.25, 9.5]);
      const hours = await readRollups(db, 'p', ['G1'], 'hour', T0, T0 + 60_000);
      expect(hours.get('G1')?.[0].stats.CO.max).toBe(9.5);
    } finally {
      await close();
    }
  });
});
