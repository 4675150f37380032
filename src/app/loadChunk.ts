/** docs/product.md "Constants": a script chunk that has not loaded after 120 s counts as failed. */
export const CHUNK_TIMEOUT_MS = 120_000;

/** Why a chunk did not load. */
export type ChunkFailure = 'failed' | 'timeout' | 'missing';

/**
 * A lazily loaded screen or panel chunk that failed to load (docs/product.md "Notices and errors"): the import rejected
 * (`failed`), did not settle within the time-out (`timeout`), or loaded without the expected component
 * (`missing`). `chunk` names it so the message tells which part of the app is missing.
 */
export class ChunkLoadError extends Error {
  constructor(
    readonly chunk: string,
    readonly reason: ChunkFailure,
    options?: { cause?: unknown },
  ) {
    super(`chunk "${chunk}" ${reason === 'timeout' ? 'timed out' : reason === 'missing' ? 'is missing' : 'failed to load'}`, options);
    this.name = 'ChunkLoadError';
  }
}

/**
 * Runs `importer` (a dynamic import picking one export) and resolves with what it gives, or rejects with a
 * {@link ChunkLoadError} naming `chunk` when it rejects, gives nothing, or takes longer than `timeoutMs`.
 * The timer is always cleared.
 */
export function loadChunk<T>(chunk: string, importer: () => Promise<T | null | undefined>, timeoutMs = CHUNK_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(chunk, 'timeout')), timeoutMs);
    let started: Promise<T | null | undefined>;
    try {
      started = importer();
    } catch (e) {
      started = Promise.reject(e);
    }
    started.then(
      (value) => {
        clearTimeout(timer);
        if (value == null) reject(new ChunkLoadError(chunk, 'missing'));
        else resolve(value);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError(chunk, 'failed', { cause: e }));
      },
    );
  });
}
