import { createHash } from 'node:crypto';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { DEVICE_KIND_REGISTRY, isVehicleKind, TOPIC_ROOT } from '../../protocol';

/**
 * The partition hash of a key: the first 32 bits of its MD5 (RFC 1321) over UTF-8, unsigned. MD5 because
 * PostgreSQL computes the same in SQL ({@link partitionWhere}), so a takeover reads only its partition's rows;
 * nothing here relies on MD5 being hard to invert.
 */
export function partitionHash(key: string): number {
  return createHash('md5').update(key).digest().readUInt32BE(0);
}

/**
 * Whether the rows of `kind` are partitioned by project (every one of a project in one partition): the
 * positioned kinds (the kind descriptor's `position`, e.g. beacons), vehicles (descriptor `vehicle`: the
 * proximity rule needs the project's people) and zone alarms (`kind: 'zone'`), since a project's zone rules
 * (headcount, over-headcount, portal counts) must see all of its people at once.
 */
export function projectWideKind(kind: string): boolean {
  return kind === 'zone' || (DEVICE_KIND_REGISTRY.get(kind)?.position ?? null) !== null || isVehicleKind(kind);
}

/** The kinds partitioned by project ({@link projectWideKind}) among the registered ones, plus `zone`. */
export function projectWideKinds(): string[] {
  return ['zone', ...DEVICE_KIND_REGISTRY.descriptors.filter((d) => projectWideKind(d.kind)).map((d) => d.kind)];
}

/**
 * The partition of a device (or of an alarm, with its device kind) in a cluster of `count` partitions
 * (docs/operations.md "Cluster"): {@link partitionHash} of `{projectId}` for the kinds partitioned by
 * project ({@link projectWideKind}), of `{projectId}/{sn}` for the others, modulo `count`. The zone rules of
 * a project run in its project partition, `partitionOf(projectId, 'zone', '', count)`. Stable across
 * nodes and restarts: changing it (or CLUSTER_PARTITIONS) moves devices between partitions, so every node
 * of a cluster must run the same version.
 * @returns an integer in [0, count)
 */
export function partitionOf(projectId: string, kind: string, sn: string, count: number): number {
  return partitionHash(projectWideKind(kind) ? projectId : `${projectId}/${sn}`) % count;
}

/**
 * The SQL condition "this row is in partition `k` of `count`", the same as {@link partitionOf}, for a table
 * with the columns `project_id`, `sn` / `device_sn` and `kind` / `device_kind` (and an alarm's own `kind`,
 * whose `zone` alarms belong to the project partition). PostgreSQL (and PGlite): md5, then the first 8 hex
 * digits read as a 32-bit unsigned number.
 */
export function partitionWhere(table: 'devices' | 'alarms', k: number, count: number): RawBuilder<SqlBool> {
  const wide = sql.join(projectWideKinds().map((kind) => sql.lit(kind)));
  const key =
    table === 'devices'
      ? sql`case when kind in (${wide}) then project_id else project_id || '/' || sn end`
      : sql`case when kind = 'zone' or device_kind in (${wide}) then project_id else project_id || '/' || device_sn end`;
  return sql<SqlBool>`(('x' || substr(md5(${key}), 1, 8))::bit(32)::bigint % ${sql.lit(count)}) = ${sql.lit(k)}`;
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
