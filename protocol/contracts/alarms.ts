import { z } from 'zod';
import {
  alarmAckBody,
  alarmAnalysisBody,
  alarmAnalysisSchema,
  alarmDealBatchBody,
  alarmDealBatchResultSchema,
  alarmDealBody,
  alarmDetailBody,
  alarmDetailSchema,
  alarmExportBody,
  alarmListBody,
  alarmPageSchema,
  alarmShelveBody,
  alarmUnshelveBody,
  captureQuery,
} from '../api';
import { alarmSchema } from '../status';
import { defineContract, fileAnswer, notEnvelope } from './define';

const tag = 'alarms';

/** The media type of the .xlsx table exports (docs/api.md "alarm/export"); `format: csv` answers text/csv. */
export const XLSX_MEDIA_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Alarms: the list boards read, handling, the alarm center (docs/api.md "alarm/list" to "Alarm lifecycle"). */
export const ALARMS = {
  alarmList: defineContract({ tag, path: '/zhgd/alarm/list', body: alarmListBody, response: alarmPageSchema, permission: 'project.read', summary: 'Alarms newest first, filtered and paged' }),
  alarmDeal: defineContract({
    tag,
    path: '/zhgd/alarm/deal',
    body: alarmDealBody,
    response: alarmSchema,
    permission: 'alarm.handle',
    errors: ['NOT_FOUND', 'CONFLICT'],
    summary: 'Handle an alarm (processed or misinformation, with a remark)',
  }),
  alarmAck: defineContract({ tag, path: '/zhgd/alarm/ack', body: alarmAckBody, response: alarmSchema, permission: 'alarm.handle', errors: ['NOT_FOUND', 'CONFLICT'], summary: 'Acknowledge an alarm before handling it' }),
  alarmShelve: defineContract({ tag, path: '/zhgd/alarm/shelve', body: alarmShelveBody, response: z.array(alarmSchema), permission: 'alarm.handle', summary: 'Shelve alarms for some minutes (EEMUA 191); SOS alarms are refused' }),
  alarmUnshelve: defineContract({ tag, path: '/zhgd/alarm/unshelve', body: alarmUnshelveBody, response: z.array(alarmSchema), permission: 'alarm.handle', summary: 'Unshelve alarms before their time' }),
  alarmDetail: defineContract({ tag, path: '/zhgd/alarm/detail', body: alarmDetailBody, response: alarmDetailSchema, permission: 'alarm.view', errors: ['NOT_FOUND'], summary: 'One alarm with its location and timeline' }),
  alarmDealBatch: defineContract({ tag, path: '/zhgd/alarm/dealBatch', body: alarmDealBatchBody, response: alarmDealBatchResultSchema, permission: 'alarm.handle', summary: 'Handle several alarms with one status and remark' }),
  alarmAnalysis: defineContract({ tag, path: '/zhgd/alarm/analysis', body: alarmAnalysisBody, response: alarmAnalysisSchema, permission: 'alarm.view', summary: 'Alarm counts per day, kind, device and group, mean times, gas over-limit detail' }),
  alarmExport: defineContract({
    tag,
    path: '/zhgd/alarm/export',
    body: alarmExportBody,
    response: notEnvelope,
    answer: fileAnswer(XLSX_MEDIA_TYPE, 'The alarms as an .xlsx file, or CSV (text/csv, UTF-8 with BOM) for format csv; Content-Disposition names the file'),
    permission: 'alarm.view',
    summary: 'The alarms of an alarm/list filter as a file',
  }),
  alarmCapture: defineContract({
    tag,
    method: 'GET',
    path: '/zhgd/alarm/capture',
    body: captureQuery,
    response: notEnvelope,
    answer: fileAnswer('image/jpeg', 'The capture picture of an AI alarm (image/jpeg or image/png)'),
    permission: 'alarm.view',
    errors: ['NOT_FOUND'],
    summary: "An AI alarm's capture picture",
  }),
} as const;
