import type { z } from 'zod';
import { beaconKind } from './beacon';
import { cameraKind } from './camera';
import { gasKind } from './gas';
import { createKindRegistry } from './registry';
import type { AttendanceRole, ClockInRole, CommandRole, KindArea, ProgressRole, VehicleRole } from './descriptor';
import type { AnyKindDescriptor } from './registry';
import { towerCraneKind } from './towerCrane';
import { constructionElevatorKind } from './constructionElevator';
import { bridgeGirderErectorKind } from './bridgeGirderErector';
import { gantryCraneKind } from './gantryCrane';
import { yardCraneKind } from './yardCrane';
import { environmentKind } from './environment';
import { tunnelProgressKind } from './tunnelProgress';
import { cycleStageKind } from './cycleStage';
import { gateKind } from './gate';
import { fogCannonKind } from './fogCannon';
import { vehicleKind } from './vehicle';
import { cabFaceKind } from './cabFace';

/**
 * The device kinds of protocol v1, one module each (docs/architecture.md "Device kinds"). Adding a kind:
 * write protocol/kinds/<kind>.ts and list it here; the other files are in docs/architecture.md "Adding a
 * device kind".
 */
export const DEVICE_KIND_DESCRIPTORS = [
  gasKind,
  beaconKind,
  towerCraneKind,
  cameraKind,
  constructionElevatorKind,
  bridgeGirderErectorKind,
  gantryCraneKind,
  yardCraneKind,
  environmentKind,
  tunnelProgressKind,
  cycleStageKind,
  gateKind,
  fogCannonKind,
  vehicleKind,
  cabFaceKind,
] as const;

/** The app's registry of kinds (O(1) lookups by kind and live topic). */
export const DEVICE_KIND_REGISTRY = createKindRegistry(DEVICE_KIND_DESCRIPTORS);

type Descriptors = (typeof DEVICE_KIND_DESCRIPTORS)[number];

/** A device kind name. */
export type DeviceKind = Descriptors['kind'];

/** The descriptor of kind K. */
export type KindDescriptorOf<K extends DeviceKind> = Extract<Descriptors, { kind: K }>;

/** The validated message of kind K. */
export type MessageOf<K extends DeviceKind> = z.infer<KindDescriptorOf<K>['schema']>;

/** Kinds with live telemetry (their live topic is their name). */
export type LiveKind = { [K in DeviceKind]: KindDescriptorOf<K>['live'] extends null ? never : K }[DeviceKind];

/** Kinds that are lifting equipment (their descriptor has an `equipment` role). */
export type EquipmentKind = { [K in DeviceKind]: KindDescriptorOf<K> extends { equipment: object } ? K : never }[DeviceKind];

/** Device kinds that speak protocol v1, in registration order. */
export const DEVICE_KINDS = DEVICE_KIND_REGISTRY.kinds as readonly [DeviceKind, ...DeviceKind[]];

/** The area of work of `kind` (its descriptor's `area`: alarm group, screens that show it), or undefined. */
export function kindArea(kind: string): KindArea | undefined {
  return DEVICE_KIND_REGISTRY.get(kind)?.area;
}

/**
 * Whether devices of `kind` are people's tags: the kind has a `position` (the personnel map draws them,
 * their detail is the person's card, replay takes their tracks from the raw positions).
 */
export function isPersonTagKind(kind: string): boolean {
  return !!DEVICE_KIND_REGISTRY.get(kind)?.position;
}

/** The kinds whose devices are people's tags (isPersonTagKind), in registration order; never empty in the app. */
export const PERSON_TAG_KINDS: readonly DeviceKind[] = DEVICE_KIND_REGISTRY.descriptors.filter((d) => d.position).map((d) => d.kind);

/** The kinds of area `area` (descriptor `area`), in registration order. */
export function kindsInArea(area: KindArea): DeviceKind[] {
  return DEVICE_KIND_REGISTRY.descriptors.filter((d) => d.area === area).map((d) => d.kind);
}

/**
 * Whether a device of `kind` lists what it measures (a gas station's `gases` in the device registry, the
 * admin form and the import): its kind seeds thresholds only for those (`thresholdScope: 'measured'`).
 */
export function listsMeasured(kind: string): boolean {
  return DEVICE_KIND_REGISTRY.get(kind)?.thresholdScope === 'measured';
}

/**
 * Whether devices of `kind` send only events, never a periodic report (descriptor `offline.eventOnly`: an
 * AI camera, a gate), so their silence says nothing about whether they work.
 */
export function isEventOnlyKind(kind: string): boolean {
  return (DEVICE_KIND_REGISTRY.get(kind) as AnyKindDescriptor | undefined)?.offline.eventOnly === true;
}

/**
 * The progress role of `kind` (descriptor `progress`: its messages move a heading's saved positions,
 * server/tunnel/progress.ts), or undefined for a kind that reports no progress.
 */
export function progressRole(kind: string): ProgressRole<unknown> | undefined {
  return (DEVICE_KIND_REGISTRY.get(kind) as AnyKindDescriptor | undefined)?.progress;
}

/**
 * The attendance role of `kind` (descriptor `attendance`: its messages are people passing a gate, stored by
 * server/attendance), or undefined for a kind that reports no passes.
 */
export function attendanceRole(kind: string): AttendanceRole<unknown> | undefined {
  return (DEVICE_KIND_REGISTRY.get(kind) as AnyKindDescriptor | undefined)?.attendance;
}

/**
 * The clock-in role of `kind` (descriptor `clockIn`: its messages are drivers clocking in at lifting equipment,
 * stored by server/lifting), or undefined for a kind that reports none.
 */
export function clockInRole(kind: string): ClockInRole<unknown> | undefined {
  return (DEVICE_KIND_REGISTRY.get(kind) as AnyKindDescriptor | undefined)?.clockIn;
}

/**
 * The command role of `kind` (descriptor `commands`: the server switches its devices on and off,
 * server/spray), or undefined for a kind that takes no commands.
 */
export function commandRole(kind: string): CommandRole<unknown> | undefined {
  return (DEVICE_KIND_REGISTRY.get(kind) as AnyKindDescriptor | undefined)?.commands;
}

/** The kinds that measure particulates (a `pm10` metric): the environment monitors of the daily means and the spray linkage. */
export const PARTICULATE_KINDS: readonly DeviceKind[] = DEVICE_KIND_REGISTRY.descriptors.filter((d) => d.metrics.some((m) => m.key === 'pm10')).map((d) => d.kind);

/** The kinds whose devices take on/off commands (descriptor `commands`), in registration order. */
export const COMMANDED_KINDS: readonly DeviceKind[] = DEVICE_KIND_REGISTRY.descriptors.filter((d) => 'commands' in d).map((d) => d.kind);

/**
 * The vehicle role of `kind` (descriptor `vehicle`: a construction vehicle's tag, server/vehicles), or
 * undefined for a kind whose devices are not vehicles.
 */
export function vehicleRole(kind: string): VehicleRole<unknown> | undefined {
  return (DEVICE_KIND_REGISTRY.get(kind) as AnyKindDescriptor | undefined)?.vehicle;
}

/** Whether devices of `kind` are construction vehicles' tags ({@link vehicleRole}). */
export function isVehicleKind(kind: string): boolean {
  return vehicleRole(kind) !== undefined;
}

/** The kinds whose devices are vehicles, in registration order. */
export const VEHICLE_KINDS: readonly DeviceKind[] = DEVICE_KIND_REGISTRY.descriptors.filter((d) => 'vehicle' in d).map((d) => d.kind);

/** Kinds whose messages are people passing a gate (descriptor `attendance`): a project with such a device counts attendance by its gates. */
export const GATE_KINDS: readonly DeviceKind[] = DEVICE_KIND_REGISTRY.descriptors.filter((d) => attendanceRole(d.kind)).map((d) => d.kind);

export * from './descriptor';
export * from './registry';
export * from './gas';
export * from './beacon';
export * from './towerCrane';
export * from './camera';
export * from './equipment';
export * from './constructionElevator';
export * from './bridgeGirderErector';
export * from './gantryCrane';
export * from './yardCrane';
export * from './environment';
export * from './tunnelProgress';
export * from './cycleStage';
export * from './gate';
export * from './fogCannon';
export * from './vehicle';
export * from './cabFace';
