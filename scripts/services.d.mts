// Types of scripts/services.mjs for the TypeScript tests that import it.

/** A throwaway Mosquitto started by {@link startMosquitto}. */
export interface MosquittoProcess {
  /** Loopback port it listens on (kept across restarts). */
  readonly port: number;
  /** `mqtt://127.0.0.1:{port}`. */
  readonly url: string;
  /** Folder of its config and persistence file. */
  readonly dir: string;
  /** Process id of the running broker; null before the first start. */
  readonly pid: number | null;
  /** SIGTERM (Mosquitto saves its persistence file) and wait for the exit. No-op when stopped. */
  stop(): Promise<void>;
  /** SIGKILL and wait for the exit. No-op when stopped. */
  kill(): Promise<void>;
  /** stop() then start again on the same port and data. */
  restart(): Promise<void>;
  /** The last 20,000 characters of its log (errors, warnings, notices). */
  log(): string;
}

/** Path of the mosquitto binary, installing Debian's package with apt-get when missing. */
export function ensureMosquitto(): string;
/** A free TCP port on 127.0.0.1. */
export function freeLoopbackPort(): Promise<number>;
/** Starts a throwaway Mosquitto with persistence in `dir` on `port` (free when omitted). */
export function startMosquitto(opts: { dir: string; port?: number }): Promise<MosquittoProcess>;
