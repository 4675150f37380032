/**
 * Encoded compact track pages (docs/api.md "Compact personnel tracks") kept for pages that can no longer
 * change, so several people replaying the same shift cost one encode. Least recently used first out,
 * bounded by the total bytes of the bodies (TRACKS_CACHE_MB, docs/configuration.md).
 */
export class TrackPageCache {
  private readonly pages = new Map<string, Uint8Array>();
  private bytes = 0;
  /** Requests answered from the cache, and pages stored, since start. */
  hits = 0;
  stores = 0;

  /** @param maxBytes total body bytes kept (0 keeps nothing) */
  constructor(private readonly maxBytes: number) {}

  /** The body stored under `key` (then the most recently used), or undefined. */
  get(key: string): Uint8Array | undefined {
    const body = this.pages.get(key);
    if (body === undefined) return undefined;
    this.pages.delete(key);
    this.pages.set(key, body);
    this.hits++;
    return body;
  }

  /** Stores `body` under `key` and drops the least recently used pages beyond the bound; a body larger than the bound is not kept. */
  set(key: string, body: Uint8Array): void {
    if (body.byteLength > this.maxBytes) return;
    const old = this.pages.get(key);
    if (old) {
      this.pages.delete(key);
      this.bytes -= old.byteLength;
    }
    this.pages.set(key, body);
    this.bytes += body.byteLength;
    this.stores++;
    for (const [k, b] of this.pages) {
      if (this.bytes <= this.maxBytes) break;
      this.pages.delete(k);
      this.bytes -= b.byteLength;
    }
  }

  /** Bytes and pages held. */
  get size(): { bytes: number; pages: number } {
    return { bytes: this.bytes, pages: this.pages.size };
  }
}
