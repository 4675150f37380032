import { z } from 'zod';
import type { ErrorCode } from './envelope';
import type { VideoRecorderStatus, VideoStreamStatus } from './video';

/**
 * The administrator's status page (docs/api.md "system/status", docs/operations.md "Metrics"): the same
 * counters as GET /metrics, as JSON. Counters run since the node started.
 */
export const systemStatusBody = z.strictObject({});

/** Answer of system/status. Administrators only. */
export interface SystemStatus {
  /** When this node started, ms since epoch. */
  startedAtMs: number;
  /** When this answer was made on the node, ms since epoch (ages such as a last segment's are counted from it). */
  atMs: number;
  ingest: {
    accepted: number;
    /** Rejected device messages by reason (keys of REJECT_REASONS, plus any the server adds later). */
    rejected: Record<string, number>;
  };
  /** REST requests refused (4xx) by route and error code. */
  restRejections: Array<{ route: string; code: ErrorCode; status: number; count: number }>;
  /** REST answers 5xx by route (faults of the server; expected empty). */
  restServerErrors: Array<{ route: string; count: number }>;
  /**
   * Devices reporting a metric with no configured threshold, judged on the kind's defaults until an
   * administrator confirms or edits it (docs/domain.md "Unconfigured metrics"); every project, at most
   * MAX_UNCONFIGURED_LISTED devices.
   */
  unconfiguredMetrics: Array<{ projectId: string; sn: string; name: string; kind: string; metrics: string[] }>;
  /**
   * With an external broker (one node): how often the broker had lost the server's persistent session, and
   * when last (docs/operations.md "Broker persistence"); null with the embedded broker or in a cluster.
   */
  mqttSession: { lost: number; lastLostAtMs: number | null } | null;
  /**
   * Camera video on this node (docs/operations.md "Video"): the streams running or failing now, ffmpeg
   * starts and failures (exits before or after a stream went live, not stops of idle streams) since start,
   * and the recorder: each recorded camera's state, last segment, restarts and disk use, with the limits.
   */
  video: { streams: VideoStreamStatus[]; starts: number; failures: number; recorder: VideoRecorderStatus };
}

/** Most devices system/status lists under `unconfiguredMetrics`. */
export const MAX_UNCONFIGURED_LISTED = 500;
