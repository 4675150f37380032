import { z } from 'zod';
import { DEVICE_STATUSES } from '../../protocol';
import type { LiveDeviceState } from '../storage';
import { NO_ZONE_STATS, type ZoneStats } from '../rules/types';

/*
 * The live state a node lends the others (docs/operations.md "Live state across nodes"). In a cluster
 * each node keeps the live state (status, last seen, latest values; zone headcounts, portal counts,
 * people's last fixes) of the partitions it owns only. A REST read of live state (device/list, the people
 * screens, the alarm center) on any node asks every other node for its share through the socket.io
 * adapter and merges the answers, so a user gets the same figures whichever node their browser landed on.
 */

/** A beacon's last fix as the zone rules hold it. */
export interface ZoneFix {
  tunnelId: string;
  chainageM: number;
  lastFixMs: number;
  zoneIds: string[];
}

const id = z.string().min(1).max(64);
const fix = z.object({ tunnelId: z.string().max(64), chainageM: z.number(), lastFixMs: z.number(), zoneIds: z.array(id).max(1_000) });

/** One node's answer for one project: the devices it owns, and the zone figures when it owns the project partition. */
export const liveShareSchema = z.object({
  devices: z
    .array(
      z.object({
        sn: id,
        status: z.enum(DEVICE_STATUSES),
        online: z.boolean().optional(),
        lastSeenMs: z.number().nullable(),
        latest: z.record(z.string().max(64), z.number()).nullable(),
      }),
    )
    .max(100_000),
  zones: z
    .object({
      headcount: z.array(z.tuple([id, z.number().int().min(0)])).max(10_000),
      portal: z.array(z.tuple([id, z.object({ in: z.number().int().min(0), out: z.number().int().min(0) })])).max(10_000),
      fixes: z.array(z.tuple([id, fix])).max(100_000),
    })
    .nullable(),
});
export type LiveShare = z.infer<typeof liveShareSchema>;

/** A project's live state merged over the nodes. */
export interface ProjectLiveState {
  devices: Map<string, LiveDeviceState>;
  zones: ZoneStats;
}

/**
 * A node's share for one project.
 * @param devices the live state of the devices this node owns (single node: every device)
 * @param zones the project's zone figures when this node owns its project partition, else null
 * @param beacons sns whose last fix goes into the share (the project's beacons this node owns)
 */
export function shareOf(devices: ReadonlyMap<string, LiveDeviceState>, zones: ZoneStats | null, beacons: Iterable<string>): LiveShare {
  const fixes: Array<[string, ZoneFix]> = [];
  if (zones) {
    for (const sn of beacons) {
      const f = zones.position(sn);
      if (f) fixes.push([sn, f]);
    }
  }
  return {
    devices: [...devices].map(([sn, d]) => ({ sn, status: d.status, online: d.online, lastSeenMs: d.lastSeenMs, latest: d.latest })),
    zones: zones ? { headcount: [...zones.headcount], portal: [...zones.portal], fixes } : null,
  };
}

/**
 * Merges this node's own state with the other nodes' answers (each checked against liveShareSchema;
 * a malformed answer is left out and reported through `onInvalid`). A device two nodes report (a partition
 * changing hands between their reads) takes the answer seen last (the greater lastSeenMs); the zone figures
 * come from this node when it owns them, else from the first node that does.
 */
export function mergeShares(
  own: { devices: ReadonlyMap<string, LiveDeviceState>; zones: ZoneStats | null },
  peers: readonly unknown[],
  onInvalid: (issue: string) => void,
): ProjectLiveState {
  const devices = new Map(own.devices);
  let zones = own.zones;
  for (const raw of peers) {
    const parsed = liveShareSchema.safeParse(raw);
    if (!parsed.success) {
      onInvalid(parsed.error.issues[0]?.message ?? 'invalid');
      continue;
    }
    for (const d of parsed.data.devices) {
      const mine = devices.get(d.sn);
      if (!mine || (d.lastSeenMs ?? -Infinity) > (mine.lastSeenMs ?? -Infinity)) devices.set(d.sn, { status: d.status, online: d.online, lastSeenMs: d.lastSeenMs, latest: d.latest });
    }
    const z = parsed.data.zones;
    if (!zones && z) {
      const fixes = new Map(z.fixes);
      zones = { headcount: new Map(z.headcount), portal: new Map(z.portal), position: (sn) => fixes.get(sn) };
    }
  }
  return { devices, zones: zones ?? NO_ZONE_STATS };
}
