import type { Threshold } from '../thresholds';
import { metricNumber, TOPIC_ROOT, TOPIC_SEGMENT, type Channel, type DeviceKindDescriptor, type MetricDescriptor } from './descriptor';

/** Largest accepted MQTT payload in bytes; real messages are under 1 kB. */
export const MAX_PAYLOAD_BYTES = 16 * 1024;

/** Live topics that are not a kind's telemetry (protocol/socket.ts); no kind may take them. */
export const RESERVED_LIVE_TOPICS = ['alarm', 'deviceStatus'] as const;

/** Why a topic was refused; also used as a rejection-counter reason. */
export type TopicError = 'topic-grammar' | 'topic-kind' | 'topic-channel';

/** Why a payload was refused (a subset of the ingest rejection reasons in protocol/devices.ts). */
export type PayloadError = 'too-large' | 'not-json' | 'schema';

/** A topic split into its parts. */
export interface KindTopic<K extends string = string> {
  projectId: string;
  kind: K;
  sn: string;
  channel: Channel;
}

/** Any descriptor, whatever its message type (the registry stores them side by side). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyKindDescriptor = DeviceKindDescriptor<string, any>;

/**
 * A set of device kinds with O(1) lookups by kind and by live topic. The app uses one (DEVICE_KIND_REGISTRY
 * in protocol/kinds/index.ts); tests build their own to prove a new kind flows through without code
 * elsewhere.
 */
export interface KindRegistry<D extends AnyKindDescriptor = AnyKindDescriptor> {
  /** Every descriptor, in registration order. */
  readonly descriptors: readonly D[];
  /** Kind names, in registration order. */
  readonly kinds: readonly D['kind'][];
  /** Live telemetry topics (the names of the kinds that have live telemetry), in registration order. */
  readonly liveTopics: readonly string[];
  /** The kinds that are lifting equipment (with an `equipment` role), in registration order. */
  readonly equipmentKinds: readonly D['kind'][];
  /** The kinds that carry live video (with a `video` role), in registration order. */
  readonly videoKinds: readonly D['kind'][];
  /** The descriptor of `kind`, or undefined for a name no kind has. */
  get(kind: string): D | undefined;
  /** The descriptor of `kind`. @throws Error for a name no kind has. */
  require(kind: string): D;
  /** The descriptor whose live topic is `topic`, or undefined. */
  byLiveTopic(topic: string): D | undefined;
  /** The metric `key` of `kind`, or undefined. */
  metric(kind: string, key: string): MetricDescriptor | undefined;
  /** Parses `zhgd/{projectId}/{kind}/{sn}/{channel}`; `{ error }` names the first rule broken. Never throws. */
  parseTopic(topic: string): KindTopic<D['kind']> | { error: TopicError };
  /** Builds a device topic. @throws Error for an unknown kind or a segment that breaks the grammar. */
  topicOf(projectId: string, kind: string, sn: string): string;
  /**
   * Parses a raw payload (bytes or text) of `kind` with the kind's schema.
   * @returns `{ kind, msg }`, or `{ reason, detail }` (`outOfRange` when the schema refused a number for
   *   lying outside its bounds: a metric's physical range, a sensor fault). Never throws for a registered kind.
   */
  parseMessage(kind: D['kind'], payload: Uint8Array | string): { kind: D['kind']; msg: unknown } | { reason: PayloadError; detail: string; outOfRange?: boolean };
  /** Numeric values of a message by metric key (booleans as 0/1), for thresholds, `latest` and history. */
  flatten(kind: string, msg: unknown): Record<string, number>;
  /**
   * The default thresholds of a new device of `kind`; for kinds with `thresholdScope: 'measured'`, only
   * those of `measured` in its order (a gas station's gases). Unknown kinds have none.
   */
  defaultThresholds(kind: string, measured?: readonly string[]): Threshold[];
}

/** One decoder for every payload (a TextDecoder per message was a measurable part of ingest, bench/server). */
const UTF8 = new TextDecoder();

/** Numeric values of a message of kind `d` by metric key: numbers as they are, booleans as 0/1, the rest left out. */
export function flattenMetrics(d: AnyKindDescriptor, msg: unknown): Record<string, number> {
  const out: Record<string, number> = {};
  const fields = d.metricFields.of(msg);
  if (fields === null) return out;
  const skip = d.metricFields.skip;
  for (const key in fields) {
    if (skip.has(key)) continue;
    const v = metricNumber(fields[key]);
    if (v === v) out[key] = v;
  }
  return out;
}

/**
 * Builds a registry.
 * @throws Error on a duplicate kind, a kind that breaks the topic grammar or (with live telemetry) takes a
 *   reserved live topic, a duplicate metric key, a default threshold or an equipment role (card reading,
 *   work-record metric) naming a metric the kind does not have, or equipment without live series telemetry.
 */
export function createKindRegistry<const D extends AnyKindDescriptor>(descriptors: readonly D[]): KindRegistry<D> {
  const byKind = new Map<string, D>();
  const byTopic = new Map<string, D>();
  const metrics = new Map<string, Map<string, MetricDescriptor>>();
  const defaults = new Map<string, Map<string, Threshold>>();
  for (const d of descriptors) {
    if (!TOPIC_SEGMENT.test(d.kind)) throw new Error(`kind ${d.kind}: not a topic segment`);
    if (byKind.has(d.kind)) throw new Error(`kind ${d.kind} registered twice`);
    byKind.set(d.kind, d);
    if (d.live) {
      if ((RESERVED_LIVE_TOPICS as readonly string[]).includes(d.kind)) throw new Error(`kind ${d.kind}: live topic ${d.kind} is reserved`);
      byTopic.set(d.kind, d);
    }
    const keys = new Map<string, MetricDescriptor>();
    for (const m of d.metrics) {
      if (keys.has(m.key)) throw new Error(`kind ${d.kind}: metric ${m.key} twice`);
      keys.set(m.key, m);
    }
    metrics.set(d.kind, keys);
    const t = new Map<string, Threshold>();
    for (const { threshold } of d.thresholds) {
      if (!keys.has(threshold.metric)) throw new Error(`kind ${d.kind}: threshold for unknown metric ${threshold.metric}`);
      t.set(threshold.metric, threshold);
    }
    defaults.set(d.kind, t);
    if (d.equipment) {
      if (d.live?.store !== 'series') throw new Error(`kind ${d.kind}: equipment needs live series telemetry`);
      const rule = d.equipment.workRecords;
      const named = [...d.equipment.cardReadings, ...(rule.by === 'lift' ? [...rule.load, ...rule.moment] : [])];
      for (const key of named) if (!keys.has(key)) throw new Error(`kind ${d.kind}: equipment names unknown metric ${key}`);
    }
  }

  const require = (kind: string): D => {
    const d = byKind.get(kind);
    if (!d) throw new Error(`unknown device kind ${kind}`);
    return d;
  };

  return {
    descriptors,
    kinds: descriptors.map((d) => d.kind),
    liveTopics: [...byTopic.keys()],
    equipmentKinds: descriptors.filter((d) => d.equipment).map((d) => d.kind),
    videoKinds: descriptors.filter((d) => d.video).map((d) => d.kind),
    get: (kind) => byKind.get(kind),
    require,
    byLiveTopic: (topic) => byTopic.get(topic),
    metric: (kind, key) => metrics.get(kind)?.get(key),

    parseTopic(topic) {
      const parts = topic.split('/');
      if (parts.length !== 5 || parts[0] !== TOPIC_ROOT) return { error: 'topic-grammar' };
      const [, projectId, kind, sn, channel] = parts;
      if (!TOPIC_SEGMENT.test(projectId) || !TOPIC_SEGMENT.test(sn)) return { error: 'topic-grammar' };
      const d = byKind.get(kind);
      if (!d) return { error: 'topic-kind' };
      if (d.channel !== channel) return { error: 'topic-channel' };
      return { projectId, kind: d.kind, sn, channel: d.channel };
    },

    topicOf(projectId, kind, sn) {
      const d = require(kind);
      if (!TOPIC_SEGMENT.test(projectId) || !TOPIC_SEGMENT.test(sn)) throw new Error(`invalid topic segment: ${projectId}/${sn}`);
      return `${TOPIC_ROOT}/${projectId}/${d.kind}/${sn}/${d.channel}`;
    },

    parseMessage(kind, payload) {
      const size = typeof payload === 'string' ? payload.length : payload.byteLength;
      if (size > MAX_PAYLOAD_BYTES) return { reason: 'too-large', detail: `${size} bytes` };
      let json: unknown;
      try {
        json = JSON.parse(typeof payload === 'string' ? payload : UTF8.decode(payload));
      } catch (e) {
        return { reason: 'not-json', detail: (e as Error).message };
      }
      const result = require(kind).schema.safeParse(json);
      if (!result.success) {
        const issue = result.error.issues[0];
        // a reading beyond its bounds, and nothing else wrong (a timestamp out of bounds is the clock's fault, not a sensor's)
        const outOfRange = result.error.issues.every((i) => (i.code === 'too_big' || i.code === 'too_small') && i.origin === 'number' && i.path[i.path.length - 1] !== 'ts');
        return { reason: 'schema', detail: `${issue.path.join('.') || '(root)'}: ${issue.message}`, ...(outOfRange ? { outOfRange } : {}) };
      }
      return { kind, msg: result.data };
    },

    flatten(kind, msg) {
      const d = byKind.get(kind);
      return d ? flattenMetrics(d, msg) : {};
    },

    defaultThresholds(kind, measured = []) {
      const d = byKind.get(kind);
      if (!d) return [];
      if (d.thresholdScope === 'all') return d.thresholds.map((t) => t.threshold);
      const byMetric = defaults.get(kind)!;
      return measured.flatMap((m) => {
        const t = byMetric.get(m);
        return t ? [t] : [];
      });
    },
  };
}
