import { TOPIC_ROOT } from '../../protocol';

/**
 * The partition of a device in a cluster of `count` partitions (docs/operations.md "Cluster"): FNV-1a
 * (32 bit) of `{projectId}/{sn}`, modulo `count`. Stable across nodes, restarts and versions: changing it
 * (or CLUSTER_PARTITIONS) on a running cluster moves devices between partitions.
 * @returns an integer in [0, count)
 */
export function partitionOf(projectId: string, sn: string, count: number): number {
  let h = 0x811c9dc5;
  const key = `${projectId}/${sn}`;
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h % count;
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
