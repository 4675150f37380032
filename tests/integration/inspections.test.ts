import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, beijingDateOf, INSPECTIONS, type AuditPage, type Inspection, type InspectionStatis } from '../../protocol';
import type { RunningServer } from '../../server/app';
import { DEMO_PROJECT } from '../../server/seed';
import { rectifyInspection, reviewInspection } from '../../server/storage';
import type { ApiClient } from '../helpers/apiClient';
import { loggedInClient, memberClient, startTestServer } from '../helpers/testServer';

const demo = DEMO_PROJECT.projectId;
const DAY_MS = 86_400_000;
const day = (offset: number) => beijingDateOf(Date.now() + offset * DAY_MS);
type List = { total: number; list: Inspection[] };

/**
 * Quality and safety inspections against the real server (docs/api.md "Inspections"): the demo's seeded
 * ones, an issue recorded, rectified, rejected, rectified again and passed (audited), the overdue rule as
 * the list and the summaries show it, refusals, a viewer who may read but not write, and the export.
 */
describe('quality and safety inspections', () => {
  let server: RunningServer;
  let admin: ApiClient;
  let viewer: ApiClient;

  beforeAll(async () => {
    server = await startTestServer();
    admin = await loggedInClient(server.url);
    viewer = await memberClient(server, demo, 'watcher', 'viewer');
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  const list = async (body: Record<string, unknown>, client = admin) => (await client.post<List>(INSPECTIONS.list.path, { projectId: demo, ...body })).body.data!;
  const statis = async (category: 'safety' | 'quality', client = admin) => (await client.post<InspectionStatis>(category === 'safety' ? INSPECTIONS.safetyStatis.path : INSPECTIONS.qualityStatis.path, { projectId: demo, days: 30 })).body.data!;
  const issue = { category: 'safety', issue: 'Fire extinguisher missing at the RK generator', tunnelId: 'RK', chainageM: 12_030, severity: 'general', company: 'Hengtai Earthworks Ltd.', foundOn: day(-3), deadline: day(-1), inspector: 'Zhao Lei' };

  it("shows a viewer the demo's inspections, overdue ones among the open, and the summaries per company", async () => {
    const all = await list({}, viewer);
    expect(all.total).toBe(8);
    expect(new Set(all.list.map((i) => i.state))).toEqual(new Set(['open', 'awaitingReview', 'closed']));
    const overdue = await list({ state: 'overdue' }, viewer);
    expect(overdue.total).toBeGreaterThan(0);
    expect(overdue.list.every((i) => i.overdue && i.state !== 'closed' && i.deadline < day(0))).toBe(true);
    const s = await statis('safety', viewer);
    expect(s.total).toBe(all.list.filter((i) => i.category === 'safety').length);
    expect(s.byCompany.reduce((n, c) => n + c.overdue, 0)).toBe(s.overdue);
    expect(s.trend.length).toBe(30);
    expect(s.trend.at(-1)!.day).toBe(day(0));
    expect(s.trend.reduce((n, d) => n + d.found, 0)).toBe(s.total);
  });

  it('follows an issue from found to closed: overdue until rectification, rejected opens it again, passed closes it; audited', async () => {
    const before = await statis('safety');
    expect((await viewer.post(INSPECTIONS.save.path, { projectId: demo, inspection: issue })).body.errorCode).toBe('FORBIDDEN');
    const saved = (await admin.post<Inspection>(INSPECTIONS.save.path, { projectId: demo, inspection: issue })).body.data!;
    expect(saved).toMatchObject({ ...issue, state: 'open', overdue: true, place: '', photoNote: '' });
    const id = saved.inspectionId;
    const hengtai = (s: InspectionStatis) => s.byCompany.find((c) => c.company === issue.company)!;
    expect(hengtai(await statis('safety')).overdue).toBe(hengtai(before).overdue + 1);

    const review = (result: string) => admin.post<Inspection>(INSPECTIONS.review.path, { projectId: demo, inspectionId: id, result });
    expect((await review('passed')).body.errorCode).toBe('CONFLICT');
    const late = (await admin.post<Inspection>(INSPECTIONS.rectify.path, { projectId: demo, inspectionId: id, rectification: 'Extinguisher placed', rectifiedOn: day(0) })).body.data!;
    expect(late).toMatchObject({ state: 'awaitingReview', overdue: true });
    expect((await review('rejected')).body.data).toMatchObject({ state: 'open', review: 'rejected', reviewer: 'admin', overdue: true });
    const onTime = (await admin.post<Inspection>(INSPECTIONS.rectify.path, { projectId: demo, inspectionId: id, rectification: 'Two extinguishers, checked', rectifiedOn: day(-1) })).body.data!;
    expect(onTime).toMatchObject({ state: 'awaitingReview', overdue: false, review: null });
    expect((await review('passed')).body.data).toMatchObject({ state: 'closed', overdue: false, review: 'passed' });
    expect((await admin.post(INSPECTIONS.rectify.path, { projectId: demo, inspectionId: id, rectification: 'again', rectifiedOn: day(0) })).body.errorCode).toBe('CONFLICT');
    const after = await statis('safety');
    expect(after).toMatchObject({ total: before.total + 1, closed: before.closed + 1, overdue: before.overdue });
    expect(after.trend.at(-1)!.closed).toBe(before.trend.at(-1)!.closed + 1);

    const audit = await admin.post<AuditPage>(ADMIN.auditList.path, { projectId: demo, q: 'inspection' });
    expect(audit.body.data!.rows.map((r) => r.action)).toEqual(['inspection.review', 'inspection.rectify', 'inspection.review', 'inspection.rectify', 'inspection.save']);
    expect(audit.body.data!.rows.slice(0, 4).every((r) => r.target === String(id))).toBe(true);
  });

  it('checks the state in the same statement that writes it, so a review or rectification read as allowed a moment earlier cannot overwrite a later one', async () => {
    const saved = (await admin.post<Inspection>(INSPECTIONS.save.path, { projectId: demo, inspection: { ...issue, issue: 'Handrail loose on the RK trolley' } })).body.data!;
    const id = saved.inspectionId;
    await admin.post(INSPECTIONS.rectify.path, { projectId: demo, inspectionId: id, rectification: 'Handrail bolted', rectifiedOn: day(0) });
    // what two requests that both read "awaiting review" write, one after the other: the second changes nothing
    expect((await reviewInspection(server.db, demo, id, 'passed', 'admin', ''))?.review).toBe('passed');
    expect(await reviewInspection(server.db, demo, id, 'rejected', 'watcher', '')).toBeUndefined();
    expect(await rectifyInspection(server.db, demo, id, 'bolted again', day(0))).toBeUndefined();
    expect((await list({})).list.find((i) => i.inspectionId === id)).toMatchObject({ state: 'closed', review: 'passed', reviewer: 'admin', rectification: 'Handrail bolted' });
  });

  it('refuses an issue without a place, a deadline before it was found, a bore the project lacks or an unknown inspection', async () => {
    const refused = async (inspection: Record<string, unknown>) => (await admin.post(INSPECTIONS.save.path, { projectId: demo, inspection })).body;
    expect(await refused({ ...issue, tunnelId: null, chainageM: null })).toMatchObject({ errorCode: 'VALIDATION', errorMessage: 'inspection.place: give a bore and chainage or a place' });
    expect(await refused({ ...issue, deadline: day(-5) })).toMatchObject({ errorCode: 'VALIDATION', errorMessage: 'inspection.deadline: the deadline is before the day it was found' });
    expect(await refused({ ...issue, tunnelId: 'ZK' })).toMatchObject({ errorCode: 'VALIDATION' });
    expect((await admin.post(INSPECTIONS.save.path, { projectId: demo, inspectionId: 99_999, inspection: issue })).body.errorCode).toBe('NOT_FOUND');
    expect((await list({ q: 'Fire extinguisher' })).total).toBe(1);
  });

  it('filters by category, company and state, and exports the filtered list as .xlsx; a viewer may not delete', async () => {
    const quality = await list({ category: 'quality', state: 'closed' });
    expect(quality.total).toBeGreaterThan(0);
    expect(quality.list.every((i) => i.category === 'quality' && i.state === 'closed')).toBe(true);
    const res = await fetch(server.url + INSPECTIONS.export.path, { method: 'POST', headers: { 'content-type': 'application/json', cookie: viewer.cookie! }, body: JSON.stringify({ projectId: demo, category: 'quality', state: 'closed' }) });
    expect(res.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await res.arrayBuffer());
    expect(book.worksheets[0].rowCount).toBe(1 + quality.total);
    expect(book.worksheets[0].getRow(1).values).toEqual(expect.arrayContaining(['Issue', 'Responsible company', 'Deadline', 'Overdue']));

    const [one] = quality.list;
    expect((await viewer.post(INSPECTIONS.delete.path, { projectId: demo, ids: [one.inspectionId] })).body.errorCode).toBe('FORBIDDEN');
    expect((await admin.post(INSPECTIONS.delete.path, { projectId: demo, ids: [one.inspectionId] })).body.data).toEqual({ deleted: 1 });
    expect((await list({ category: 'quality', state: 'closed' })).total).toBe(quality.total - 1);
  });
});
