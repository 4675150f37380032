import { captureAnalysisBody, captureAnalysisSchema, captureExportBody, captureListBody, capturePageSchema } from '../captures';
import { XLSX_MEDIA_TYPE } from './alarms';
import { defineContract, fileAnswer, notEnvelope } from './define';

/** Captures are AI alarms: handling an alarm (tag `alarms`) reloads the capture screens too. */
const tag = 'alarms';

/** The AI capture record and the violation analysis (docs/api.md "AI captures"). */
export const CAPTURES = {
  captureList: defineContract({ tag, path: '/zhgd/capture/list', body: captureListBody, response: capturePageSchema, permission: 'alarm.view', summary: 'AI capture records newest first, filtered and paged' }),
  captureAnalysis: defineContract({
    tag,
    path: '/zhgd/capture/analysis',
    body: captureAnalysisBody,
    response: captureAnalysisSchema,
    permission: 'alarm.view',
    summary: 'AI violations by type, camera and day; handled, untreated, false-alarm ratio, mean time to handle',
  }),
  captureExport: defineContract({
    tag,
    path: '/zhgd/capture/export',
    body: captureExportBody,
    response: notEnvelope,
    answer: fileAnswer(XLSX_MEDIA_TYPE, 'The capture records as an .xlsx file, or CSV (text/csv, UTF-8 with BOM) for format csv; Content-Disposition names the file'),
    permission: 'alarm.view',
    summary: 'The capture records of a capture/list filter as a file',
  }),
} as const;
