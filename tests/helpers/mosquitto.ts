import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startMosquitto, type MosquittoProcess } from '../../scripts/services.mjs';

/** A throwaway Mosquitto of a test: {@link MosquittoProcess} plus `close()`, which stops it and deletes its data. */
export interface TestMosquitto extends MosquittoProcess {
  close(): Promise<void>;
}

/**
 * Starts a real Mosquitto on a free 127.0.0.1 port with a temporary config and persistence folder, installing
 * Debian's `mosquitto` with apt-get first when it is missing (scripts/services.mjs). `restart()` keeps the
 * port and the persisted sessions and messages. Close it with `close()`.
 * @throws when Mosquitto is missing and cannot be installed, or does not start within 10 s.
 */
export async function startTestMosquitto(): Promise<TestMosquitto> {
  const dir = mkdtempSync(path.join(tmpdir(), 'siteboard-mosquitto-'));
  let broker: MosquittoProcess;
  try {
    broker = await startMosquitto({ dir });
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  return {
    port: broker.port,
    url: broker.url,
    dir,
    get pid() {
      return broker.pid;
    },
    stop: () => broker.stop(),
    kill: () => broker.kill(),
    restart: () => broker.restart(),
    log: () => broker.log(),
    async close() {
      await broker.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
