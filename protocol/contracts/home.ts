import { eventAddBody, eventDeleteBody, eventEditBody, eventExportBody, eventListBody, eventPageSchema, projectEventSchema } from '../eventBook';
import { homeStatisticsSchema, homeSummaryBody, homeSummarySchema, profileSetBody, projectProfileSchema } from '../projectHome';
import { XLSX_MEDIA_TYPE } from './alarms';
import { defineContract, fileAnswer, notEnvelope, nullData } from './define';

/** The event book and the home share a tag: a recorded event reloads the home's latest events and safe days. */
const tag = 'home';

/** The project home and its profile (docs/api.md "Project home"). */
export const HOME = {
  summary: defineContract({
    tag,
    path: '/zhgd/home/summary',
    body: homeSummaryBody,
    response: homeSummarySchema,
    permission: 'project.read',
    errors: ['NOT_FOUND'],
    summary: "The project's details and profile, safe-production and environment compliant days, alarms today and this week by group, latest events",
  }),
  statistics: defineContract({
    tag,
    path: '/zhgd/home/statistics',
    body: homeSummaryBody,
    response: homeStatisticsSchema,
    permission: 'project.read',
    errors: ['NOT_FOUND'],
    summary: 'Lifting equipment and vehicles by state (working, idle, offline, alarm) and attendance today, from the gates or else the beacons',
  }),
  profileSet: defineContract({
    tag,
    path: '/zhgd/home/profile/set',
    body: profileSetBody,
    response: projectProfileSchema,
    permission: 'project.admin',
    errors: ['NOT_FOUND'],
    summary: "Set the project's participating units, design figures and reported quantities",
  }),
} as const;

/** The event book (docs/api.md "Event book"). */
export const EVENTS = {
  list: defineContract({ tag, path: '/zhgd/event/list', body: eventListBody, response: eventPageSchema, permission: 'project.read', summary: "The project's events, latest first, filtered and paged" }),
  add: defineContract({ tag, path: '/zhgd/event/add', body: eventAddBody, response: projectEventSchema, permission: 'zone.edit', summary: 'Record an event with its attachments' }),
  edit: defineContract({ tag, path: '/zhgd/event/edit', body: eventEditBody, response: projectEventSchema, permission: 'zone.edit', errors: ['NOT_FOUND'], summary: 'Change an event; attachments no longer listed are deleted' }),
  delete: defineContract({ tag, path: '/zhgd/event/delete', body: eventDeleteBody, response: nullData, permission: 'zone.edit', errors: ['NOT_FOUND'], summary: 'Delete an event and its attachments' }),
  export: defineContract({
    tag,
    path: '/zhgd/event/export',
    body: eventExportBody,
    response: notEnvelope,
    answer: fileAnswer(XLSX_MEDIA_TYPE, 'The events of an event/list filter as an .xlsx file, or CSV (text/csv, UTF-8 with BOM) for format csv; Content-Disposition names the file'),
    permission: 'project.read',
    summary: 'The events of an event/list filter as a file',
  }),
} as const;
