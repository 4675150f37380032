import { z } from 'zod';
import {
  personAddBody,
  personDeleteBody,
  personDetailBody,
  personEditBody,
  personExportBody,
  personFieldsShape,
  personListBody,
  ZONE_KINDS,
  zoneAddBody,
  zoneDeleteBody,
  zoneEditBody,
  zoneFieldsSchema,
  zoneHoursBody,
  zoneHoursSchema,
  zoneListBody,
  zonePortalCountsBody,
  zonePortalCountsSchema,
  type Person,
  type PersonDetail,
  type PersonList,
  type PersonRow,
  type Zone,
  type ZoneRow,
} from '../people';
import { defineContract, fileAnswer, notEnvelope, shapesAgree, type SameShape } from './define';
import { XLSX_MEDIA_TYPE } from './alarms';

/** A registered person (protocol/people.ts Person). */
export const personSchema = z.object({
  ...personFieldsShape,
  /** Masked (3301**********1234) for everyone but administrators (docs/api.md "People and zones"). */
  idNumber: z.string(),
  personId: z.string(),
  projectId: z.string(),
  updatedAtMs: z.number(),
});

/** A person with the beacon's live state (PersonRow). */
export const personRowSchema = personSchema.extend({
  online: z.boolean(),
  sos: z.boolean(),
  lowBattery: z.boolean(),
  battery: z.number().nullable(),
  tunnelId: z.string().nullable(),
  chainageM: z.number().nullable(),
  zoneIds: z.array(z.string()),
  lastSeenMs: z.number().nullable(),
  age: z.number().nullable(),
  outsideArea: z.boolean(),
  entryEducation: z.boolean(),
});

/** person/list data (PersonList). */
export const personListSchema = z.object({
  total: z.number(),
  list: z.array(personRowSchema),
  companies: z.array(z.string()),
  teams: z.array(z.string()),
  positions: z.array(z.string()),
  outsideAreaCount: z.number(),
  insideAreaCount: z.number(),
});

/** person/detail data (PersonDetail). */
export const personDetailSchema = z.object({
  person: personRowSchema.nullable(),
  beaconSn: z.string(),
  deviceName: z.string().nullable(),
  latest: z.record(z.string(), z.number()).nullable(),
  thresholds: z.array(
    z.object({ metric: z.string(), unit: z.string(), warnHigh: z.number().nullable(), alarmHigh: z.number().nullable(), warnLow: z.number().nullable(), alarmLow: z.number().nullable() }),
  ),
  zones: z.array(z.object({ zoneId: z.string(), name: z.string(), kind: z.enum(ZONE_KINDS) })),
});

/** A zone of a project (Zone). */
export const zoneSchema = z.object({ ...zoneFieldsSchema.shape, zoneId: z.string(), projectId: z.string() });

/** A zone with its live counts (ZoneRow). */
export const zoneRowSchema = zoneSchema.extend({ headcount: z.number(), portalIn: z.number(), portalOut: z.number() });

shapesAgree<
  [
    SameShape<z.output<typeof personSchema>, Person>,
    SameShape<z.output<typeof personRowSchema>, PersonRow>,
    SameShape<z.output<typeof personListSchema>, PersonList>,
    SameShape<z.output<typeof personDetailSchema>, PersonDetail>,
    SameShape<z.output<typeof zoneSchema>, Zone>,
    SameShape<z.output<typeof zoneRowSchema>, ZoneRow>,
  ]
>();

const tag = 'people';

/** The person registry and the zones of the bores (docs/api.md "People and zones"). */
export const PEOPLE = {
  personList: defineContract({ tag, path: '/zhgd/person/list', body: personListBody, response: personListSchema, permission: 'people.view', summary: "The project's people with their live state, filtered" }),
  personExport: defineContract({
    tag,
    path: '/zhgd/person/export',
    body: personExportBody,
    response: notEnvelope,
    answer: fileAnswer(XLSX_MEDIA_TYPE, 'The filtered person list as an .xlsx file, or CSV (text/csv, UTF-8 with BOM) for format csv'),
    permission: 'people.view',
    summary: 'The filtered person list as a file',
  }),
  personDetail: defineContract({ tag, path: '/zhgd/person/detail', body: personDetailBody, response: personDetailSchema, permission: 'people.view', errors: ['NOT_FOUND'], summary: "One person (or a beacon's wearer) with live state, thresholds and zones" }),
  personAdd: defineContract({ tag, path: '/zhgd/person/add', body: personAddBody, response: personSchema, permission: 'zone.edit', errors: ['CONFLICT'], summary: 'Register a person' }),
  personEdit: defineContract({ tag, path: '/zhgd/person/edit', body: personEditBody, response: personSchema, permission: 'zone.edit', errors: ['NOT_FOUND', 'CONFLICT'], summary: 'Change a person' }),
  personDelete: defineContract({ tag, path: '/zhgd/person/delete', body: personDeleteBody, response: z.object({ personId: z.string() }), permission: 'zone.edit', errors: ['NOT_FOUND'], summary: 'Remove a person (the beacon stays a device)' }),
  zoneList: defineContract({ tag, path: '/zhgd/zone/list', body: zoneListBody, response: z.array(zoneRowSchema), permission: 'people.view', summary: "The project's zones with live headcount and today's portal counts" }),
  zonePortalCounts: defineContract({ tag, path: '/zhgd/zone/portalCounts', body: zonePortalCountsBody, response: zonePortalCountsSchema, permission: 'people.view', summary: "Per portal zone the people in and out from 00:00 Beijing time to now or an instant, and the latest crossings" }),
  zoneHours: defineContract({ tag, path: '/zhgd/zone/hours', body: zoneHoursBody, response: zoneHoursSchema, permission: 'people.view', summary: 'Headcount and portal in/out per zone and hour' }),
  zoneAdd: defineContract({ tag, path: '/zhgd/zone/add', body: zoneAddBody, response: zoneSchema, permission: 'zone.edit', errors: ['CONFLICT'], summary: 'Add a zone' }),
  zoneEdit: defineContract({ tag, path: '/zhgd/zone/edit', body: zoneEditBody, response: zoneSchema, permission: 'zone.edit', errors: ['NOT_FOUND'], summary: 'Change a zone' }),
  zoneDelete: defineContract({ tag, path: '/zhgd/zone/delete', body: zoneDeleteBody, response: z.object({ zoneId: z.string() }), permission: 'zone.edit', errors: ['NOT_FOUND'], summary: 'Remove a zone (its open alarms clear)' }),
} as const;
