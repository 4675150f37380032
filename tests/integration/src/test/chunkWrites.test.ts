import { describe, expect, it } from 'vitest';
import { chunkRoundTrip } from '../../../helpers/chunkRoundTrip';

// The board tests run the real server in process under jsdom, whose Uint8Array is not Node's: PGlite
// refused every telemetry chunk (a Node Buffer) there with "Invalid input for bytea type", so readings
// vanished from history once their minute was sealed (the skipped replay and reconnect-refill tests).
describe('telemetry chunks under jsdom', () => {
  it('are written to PGlite and read back with their hour rollup', async () => {
    const T0 = Date.UTC(2025, 4, 12, 2, 0, 0);
    expect(await chunkRoundTrip(T0)).toEqual({ ts: [T0, T0 + 20_000], co: [4.25, 9.5], hourMaxCo: 9.5 });
  });
});
