import { REJECT_REASONS, type IngestStats, type RejectReason } from '../../protocol';

/** Rejections remembered with their detail for administrators (`POST /zhgd/ingest/stats`). */
export const LAST_REJECTS_KEPT = 50;

/** Longest topic/detail text kept per remembered rejection (a hostile client controls both). */
const MAX_TEXT = 256;

/** Counts accepted and rejected device messages since start; keeps the last LAST_REJECTS_KEPT rejections. */
export class IngestCounter {
  private accepted = 0;
  private readonly rejected = Object.fromEntries(REJECT_REASONS.map((r) => [r, 0])) as Record<RejectReason, number>;
  private readonly last: IngestStats['lastRejects'] = [];

  /** One message passed every check. */
  countAccepted(): void {
    this.accepted++;
  }

  /** One message refused for `reason`; topic and detail are kept (truncated) among the last rejections. */
  countRejected(reason: RejectReason, topic: string, detail: string, atMs: number): void {
    this.rejected[reason]++;
    this.last.push({ atMs, topic: topic.slice(0, MAX_TEXT), reason, detail: detail.slice(0, MAX_TEXT) });
    if (this.last.length > LAST_REJECTS_KEPT) this.last.shift();
  }

  /** A copy of the counters; `lastRejects` oldest first. */
  snapshot(): IngestStats {
    return { accepted: this.accepted, rejected: { ...this.rejected }, lastRejects: this.last.map((r) => ({ ...r })) };
  }
}
