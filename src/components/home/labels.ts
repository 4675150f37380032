import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { AlarmGroup, EventKind, StructureType, UnitRole } from '../../../protocol';

/** Names of the event book's kinds (protocol/eventBook.ts). */
export const EVENT_KIND_LABEL: Readonly<Record<EventKind, MessageDescriptor>> = {
  milestone: msg`Milestone`,
  inspection: msg`Inspection`,
  incident: msg`Incident`,
  visit: msg`Visit`,
  other: msg`Other`,
};

/** Colours of the kinds' badges (readable on the dark screens). */
export const EVENT_KIND_COLOR: Readonly<Record<EventKind, string>> = {
  milestone: '#3fa7ff',
  inspection: '#2fbf71',
  incident: '#ff5a5a',
  visit: '#c08cff',
  other: '#9aa4b2',
};

/** Names of the participating units' roles (protocol/projectHome.ts). */
export const UNIT_ROLE_LABEL: Readonly<Record<UnitRole, MessageDescriptor>> = {
  owner: msg`Owner`,
  design: msg`Designer`,
  supervision: msg`Supervisor`,
  construction: msg`Construction unit`,
  survey: msg`Surveyor`,
  other: msg`Other unit`,
};

/** Names of the structure types of reported quantities. */
export const STRUCTURE_LABEL: Readonly<Record<StructureType, MessageDescriptor>> = {
  bridge: msg`Bridge`,
  subgrade: msg`Subgrade`,
  culvert: msg`Culverts`,
  other: msg`Other works`,
};

/** Names of the alarm groups (protocol/alarmGroups.ts). */
export const ALARM_GROUP_LABEL: Record<AlarmGroup, MessageDescriptor> = {
  personnel: msg`Personnel safety`,
  gas: msg`Gas`,
  lifting: msg`Lifting equipment`,
  aiVideo: msg`AI video`,
  environment: msg`Environment`,
  deviceHealth: msg`Device health`,
  other: msg`Other`,
};
