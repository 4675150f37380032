import { TOPIC_ROOT } from '../../protocol';

/** FNV-1a, 32 bit, of the UTF-16 code units of `text` (each below 256 for the ids of docs/device-protocol.md). */
export function fnv1a32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/**
 * The partition of a device in a cluster of `count` partitions (docs/operations.md "Cluster"):
 * {@link fnv1a32} of `{projectId}/{sn}`, modulo `count`. Stable across nodes, restarts and versions: changing
 * it (or CLUSTER_PARTITIONS) on a running cluster moves devices between partitions.
 * @returns an integer in [0, count)
 */
export function partitionOf(projectId: string, sn: string, count: number): number {
  return fnv1a32(`${projectId}/${sn}`) % count;
}

/** The MQTT topic filter of every channel of one device: `zhgd/{projectId}/{kind}/{sn}/+` (docs/device-protocol.md). */
export function deviceFilter(projectId: string, kind: string, sn: string): string {
  return `${TOPIC_ROOT}/${projectId}/${kind}/${sn}/+`;
}

/**
 * The MQTT client id of partition `k`'s session on the external broker: the session belongs to the
 * partition, not to a node, so the node that takes a partition over resumes its subscriptions and the
 * QoS 1 messages queued or in flight for it.
 */
export function partitionClientId(k: number): string {
  return `siteboard-p${k}`;
}
