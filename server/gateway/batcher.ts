import type { DeviceStatusBatch, TelemetryBatch } from '../../protocol';

/** A telemetry topic of the gateway. */
export type TelemetryTopic = TelemetryBatch['topic'];

/** One telemetry item: a device message plus its sn. */
export type TelemetryItem = TelemetryBatch['items'][number];

/** Largest batch per project and topic per tick before it is compacted to the newest item per device. */
export const MAX_BATCH_ITEMS = 5_000;

/**
 * A batch this full is sent before the tick (the gateway flushes it within the same event-loop turn):
 * under heavy ingest a room gets frames of about this many items as they fill instead of waiting up to a
 * whole tick, which bounds ingest → socket latency, and a batch never reaches {@link MAX_BATCH_ITEMS}
 * compaction while the server keeps up. At low rates nothing changes (one frame per tick).
 */
export const EARLY_FLUSH_ITEMS = 1_000;

/**
 * Batches of `maxItems` kept whole, waiting for the early flush, before compaction starts: an external-broker
 * node drains many MQTT sessions in one poll phase and can fill a batch past MAX_BATCH_ITEMS before the
 * flush runs (bench:server --cluster lost two thirds of the items to compaction that way). 20 × 5,000 items
 * bounds it at 100,000 items.
 */
export const MAX_READY_BATCHES = 20;

/**
 * Accumulates telemetry per project and topic between gateway ticks. A batch reaching `maxItems` is set
 * aside whole for the next flush (at most `maxReadyBatches` of them); beyond that a pending batch exceeding
 * `maxItems` keeps only the newest item per device (a screen draws the present; history is in the
 * database), and if the devices alone exceed it, the most recently heard devices.
 */
export class TelemetryBatcher {
  private pending = new Map<string, { projectId: string; topic: TelemetryTopic; items: TelemetryItem[] }>();
  /** Full batches set aside whole, oldest first. */
  private ready: TelemetryBatch[] = [];

  constructor(
    private readonly maxItems = MAX_BATCH_ITEMS,
    private readonly earlyFlushItems = EARLY_FLUSH_ITEMS,
    private readonly maxReadyBatches = MAX_READY_BATCHES,
  ) {}

  /**
   * Queues one item for the batch of its project and topic.
   * @returns true when that batch has just reached the early-flush size, or was set aside full (take it with {@link takeFull})
   */
  add(projectId: string, topic: TelemetryTopic, item: TelemetryItem): boolean {
    const key = `${projectId}\u0000${topic}`;
    let batch = this.pending.get(key);
    if (!batch) {
      batch = { projectId, topic, items: [] };
      this.pending.set(key, batch);
    }
    batch.items.push(item);
    if (batch.items.length >= this.maxItems && this.ready.length < this.maxReadyBatches) {
      this.pending.delete(key);
      this.ready.push(batch as TelemetryBatch);
      return true;
    }
    if (batch.items.length > this.maxItems) batch.items = compact(batch.items, this.maxItems);
    return batch.items.length === this.earlyFlushItems;
  }

  /** Takes the batches that reached the early-flush size, set-aside full ones first (the others wait for the tick). */
  takeFull(): TelemetryBatch[] {
    const out: TelemetryBatch[] = this.ready;
    this.ready = [];
    for (const [key, batch] of this.pending) {
      if (batch.items.length < this.earlyFlushItems) continue;
      this.pending.delete(key);
      out.push(batch as TelemetryBatch);
    }
    return out;
  }

  /** Takes every pending batch (one per project and topic), oldest item first. */
  drain(): TelemetryBatch[] {
    const out = [...this.ready, ...this.pending.values()] as TelemetryBatch[];
    this.ready = [];
    this.pending = new Map();
    return out;
  }
}

/**
 * Newest item per sn, in arrival order of those newest items; if still over `max`, the newest 80 % of
 * `max` (the margin keeps a flood from re-compacting on every add).
 */
function compact(items: TelemetryItem[], max: number): TelemetryItem[] {
  const newest = new Map<string, TelemetryItem>();
  for (const item of items) {
    newest.delete(item.sn);
    newest.set(item.sn, item);
  }
  const kept = [...newest.values()];
  return kept.length > max ? kept.slice(kept.length - Math.floor(max * 0.8)) : kept;
}

/** Accumulates device status changes per project; only the latest status per device is sent. */
export class StatusBatcher {
  private pending = new Map<string, Map<string, { status: DeviceStatusBatch['items'][number]['status']; atMs: number; online?: boolean }>>();

  /** Records the newest status of a device (and whether it is online, when known). */
  add(projectId: string, sn: string, status: DeviceStatusBatch['items'][number]['status'], atMs: number, online?: boolean): void {
    let project = this.pending.get(projectId);
    if (!project) {
      project = new Map();
      this.pending.set(projectId, project);
    }
    project.delete(sn);
    project.set(sn, online === undefined ? { status, atMs } : { status, atMs, online });
  }

  /** Takes every pending batch, one per project. */
  drain(): DeviceStatusBatch[] {
    const out: DeviceStatusBatch[] = [];
    for (const [projectId, items] of this.pending) {
      out.push({ projectId, items: [...items].map(([sn, s]) => ({ sn, status: s.status, atMs: s.atMs, ...(s.online === undefined ? {} : { online: s.online }) })) });
    }
    this.pending = new Map();
    return out;
  }
}
