import type { TelemetryBatch } from '../../protocol';

/** A downsampled window of one device's metrics, aligned on one time axis. */
export interface SeriesFrame {
  sn: string;
  metrics: string[];
  /**
   * ms since epoch, ascending: the M4 selection of [fromMs, toMs], plus the nearest held point just
   * before fromMs and just after toMs when there are such, so lines reach the plot edges.
   */
  x: Float64Array;
  /** one array per metric, same length as x; NaN where the metric was absent in that message. */
  ys: Float64Array[];
  /** ts of the newest point held for this device (ms), or null. */
  latestTs: number | null;
  /** raw points held in the ring buffer within [fromMs, toMs], before downsampling (diagnostics). */
  rawCount: number;
}

/** Beacons of one tunnel bore. */
export interface PersonnelTunnelFrame {
  tunnelId: string;
  /** beacon sns with a fix newer than staleMs, same order as chainageM/sos (ascending chainage, then sn) */
  sns: string[];
  /** metres from the entry portal */
  chainageM: Float64Array;
  /** 1 when the beacon's last message had sos true */
  sos: Uint8Array;
  /**
   * ms since epoch of each person's last fix at or before the frame's instant (same order as sns); the
   * headcount rule (src/panels/TunnelPersonnel/underground.ts) tells a silent tag by it. Absent from
   * frames of older sources: every person then counts as just seen.
   */
  fixMs?: Float64Array;
  /** Set by the headcount rule, not the sources: 1 for a person counted while their tag is silent (drawn greyed). */
  silent?: Uint8Array;
  /**
   * people per bin of binM metres along the bore, from 0 to lengthM (see heat.ts for the edges); in a
   * replay asked with `heatFromMs`, the mean headcount per bin over [heatFromMs, atMs] (rounded up, so a
   * bin anyone passed through shows)
   */
  heat: Uint16Array;
  /**
   * Replay only, when asked with `trailMs`: where each person was over the last trailMs, oldest first.
   * Person i's points are chainageM[starts[i]] .. chainageM[starts[i + 1] - 1] (starts has sns.length + 1
   * entries), at evenly spaced instants; NaN where they had no fix.
   */
  trails?: { starts: Uint32Array; chainageM: Float64Array };
}

/** The track of one followed person over a replay range (ms since epoch, metres), time-ordered. */
export interface PersonTrack {
  sn: string;
  tunnelId: string | null;
  ts: Float64Array;
  chainageM: Float64Array;
  sos: Uint8Array;
}

/** Positions of people per tunnel at `atMs`. */
export interface PersonnelFrame {
  atMs: number;
  tunnels: PersonnelTunnelFrame[];
  /** Replay only, when asked with `followSn`: that person's fixes from trackFromMs up to atMs. */
  track?: PersonTrack;
  /** ts (ms) of the newest fix in the frame, when the source knows it (live); null when none. */
  latestTs?: number | null;
}

/** = one entry of TelemetryHistory.series in protocol/api.ts, without its sn. */
export interface HistoryColumns {
  ts: number[];
  values: Record<string, Array<number | null>>;
}

/** The telemetry worker's interface; the in-worker class, the worker facade and the in-process facade share it. */
export interface TelemetryApi {
  /** Per-device ring capacity in points (default 8192). */
  configure(opts: { capacityPerDevice?: number }): Promise<void>;
  /**
   * Appends a socket batch as the topic's kind descriptor says (protocol/kinds `live.store`): `series`
   * kinds (gas, towerCrane) → per-device ring buffers, one column per metric; `positions` kinds (beacon)
   * → latest position per sn. Late points are inserted in order; a point older than every
   * point of a full buffer is dropped. Duplicate ts for the same device are ignored.
   */
  ingest(batch: TelemetryBatch): Promise<void>;
  /**
   * Folds a binary telemetry frame (protocol/telemetryFrame.ts, as received on `telemetry.frame`) like
   * {@link ingest}: decoded here, in the worker. Rejects with TelemetryFrameError on a malformed frame
   * (nothing changes).
   */
  ingestFrame(bytes: Uint8Array): Promise<void>;
  /** Merges history loaded over REST (gap fill after open/reconnect); dedups by ts. */
  fill(sn: string, history: HistoryColumns): Promise<void>;
  /**
   * M4 downsampling of [fromMs, toMs] into widthPx columns over the UNION of the requested metrics'
   * extreme indices per column (first, last, argmin and argmax of each metric), so all series share x
   * and each stays pixel-exact. Result arrays are transferred (comlink.transfer).
   */
  window(req: { sn: string; metrics: string[]; fromMs: number; toMs: number; widthPx: number }): Promise<SeriesFrame>;
  /** Latest beacon positions per tunnel with heat-map binning. */
  personnel(req: {
    nowMs: number;
    staleMs: number;
    binM: number;
    tunnels: Array<{ tunnelId: string; lengthM: number }>;
  }): Promise<PersonnelFrame>;
  /** Drops all state (logout / project switch). */
  reset(): Promise<void>;
}
