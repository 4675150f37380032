import { z } from 'zod';
import { DEVICE_KIND_REGISTRY, PARTICULATE_KINDS, TOPIC_ROOT, TOPIC_SEGMENT, tsMs } from './kinds';

/**
 * Spray linkage (docs/domain.md "Spray linkage"): the server switches a fog cannon on while the dust at
 * its linked environment monitor is over the linkage limit, and off once it has stayed under it for the
 * hold time; administrators may switch it by hand. The downlink is one MQTT topic per device
 * (docs/device-protocol.md "Commands").
 */

/** The topic channel of commands the server publishes to a device (never published by devices). */
export const COMMAND_CHANNEL = 'command';

/** The command topic of device `sn` of `kind` in `projectId`: `zhgd/{projectId}/{kind}/{sn}/command`. */
export function commandTopic(projectId: string, kind: string, sn: string): string {
  return `${TOPIC_ROOT}/${projectId}/${kind}/${sn}/${COMMAND_CHANNEL}`;
}

/** Whether `topic` is a command topic (the server's own downlink: ingest ignores it, devices may not publish it). */
export function isCommandTopic(topic: string): boolean {
  return topic.startsWith(`${TOPIC_ROOT}/`) && topic.endsWith(`/${COMMAND_CHANNEL}`) && topic.split('/').length === 5;
}

export const SPRAY_ACTIONS = ['on', 'off'] as const;
/** Switch the spray on or off. */
export type SprayAction = (typeof SPRAY_ACTIONS)[number];

/** Who asked for a command: the linkage rule (`auto`) or an administrator (`manual`). */
export const COMMAND_SOURCES = ['auto', 'manual'] as const;
export type CommandSource = (typeof COMMAND_SOURCES)[number];

/**
 * A command as published on the command topic (QoS 1): `commandId` names it (the device acknowledges it
 * by this id; a retry repeats the same id), `ts` when the server sent it (ms since epoch).
 */
export const sprayCommandSchema = z.strictObject({
  commandId: z.string().regex(TOPIC_SEGMENT),
  action: z.enum(SPRAY_ACTIONS),
  source: z.enum(COMMAND_SOURCES),
  ts: tsMs,
});
export type SprayCommand = z.infer<typeof sprayCommandSchema>;

/** The particulate metrics a linkage may follow (environment metric keys). */
export const LINKAGE_METRICS = ['pm10', 'tsp'] as const;
export type LinkageMetric = (typeof LINKAGE_METRICS)[number];

/**
 * The unit of a linkage's limit for each metric: the one the particulate monitors report it in, read from
 * their kind's descriptor (PM10 in µg/m³, TSP in mg/m³).
 */
export const LINKAGE_UNIT: Readonly<Record<LinkageMetric, string>> = Object.fromEntries(
  LINKAGE_METRICS.map((m) => [m, DEVICE_KIND_REGISTRY.metric(PARTICULATE_KINDS[0], m)?.unit ?? '']),
) as Record<LinkageMetric, string>;

/** Longest hold time, s (a day). */
export const MAX_HOLD_S = 86_400;

/**
 * A fog cannon's linkage: the environment monitor it follows (`stationSn`), the metric and its limit
 * (`onAbove`, in the metric's unit: µg/m³ for PM10, mg/m³ for TSP), and the hold time `holdS` the value
 * must stay under the limit before the cannon is switched off.
 */
export const sprayLinkageSchema = z.strictObject({
  stationSn: z.string().regex(TOPIC_SEGMENT),
  metric: z.enum(LINKAGE_METRICS),
  onAbove: z.number().finite().positive().max(20_000),
  holdS: z.number().int().min(0).max(MAX_HOLD_S),
});
export type SprayLinkage = z.infer<typeof sprayLinkageSchema>;

/**
 * The demo's and a new linkage's defaults: PM10 over 150 µg/m³ (the GB 3095 grade II 24-hour limit, the
 * environment kind's alarm limit) switches on; 10 minutes under it switches off (our convention: a few of
 * a monitor's one-minute readings, so one clean minute between two dusty ones does not stop the spray).
 */
export const DEFAULT_LINKAGE: Omit<SprayLinkage, 'stationSn'> = { metric: 'pm10', onAbove: 150, holdS: 600 };

/**
 * What became of a command: `pending` (sent, not acknowledged yet), `acked` (carried out), `refused` (the
 * device said no), `unacknowledged` (no answer after every retry), `superseded` (a newer command replaced it
 * before its answer).
 */
export const COMMAND_RESULTS = ['pending', 'acked', 'refused', 'unacknowledged', 'superseded'] as const;
export type CommandResult = (typeof COMMAND_RESULTS)[number];

/** The last command of a device: what, who (`by`: a user name, or `linkage`), when sent and answered, attempts. */
export const commandRecordSchema = z.object({
  commandId: z.string(),
  action: z.enum(SPRAY_ACTIONS),
  source: z.enum(COMMAND_SOURCES),
  by: z.string(),
  sentAtMs: z.number(),
  attempts: z.number(),
  result: z.enum(COMMAND_RESULTS),
  answeredAtMs: z.number().nullable(),
});
export type CommandRecord = z.infer<typeof commandRecordSchema>;

/** Automatic (the linkage rule decides) or manual (an administrator's last command holds until set back to auto). */
export const SPRAY_MODES = ['auto', 'manual'] as const;
export type SprayMode = (typeof SPRAY_MODES)[number];

/**
 * One fog cannon's state as the environment screen and the spray panel show it: its linkage (null when not
 * linked), mode, whether it sprays as it last reported (`spraying`, null before its first report), its
 * linked reading, and its last command.
 */
export const sprayStateSchema = z.object({
  sn: z.string(),
  name: z.string(),
  online: z.boolean(),
  linkage: sprayLinkageSchema.nullable(),
  mode: z.enum(SPRAY_MODES),
  spraying: z.boolean().nullable(),
  reportedAtMs: z.number().nullable(),
  lastCommand: commandRecordSchema.nullable(),
});
export type SprayState = z.infer<typeof sprayStateSchema>;
