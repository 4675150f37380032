import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATTACHMENTS, beijingDateOf, INSPECTIONS, type Attachment, type Inspection } from '../../protocol';
import type { RunningServer } from '../../server/app';
import { DEMO_PROJECT } from '../../server/seed';
import type { ApiClient } from '../helpers/apiClient';
import { memberClient, startServerWithUsers } from '../helpers/testServer';

/**
 * Photos of an inspection's issue and of its rectification against the real server (docs/api.md
 * "Inspections", "Attachments"): taken from the project's uploads with the write, JPEG/PNG only, answered
 * with the list, served to members, deleted with the inspection; a foreign or non-photo upload is refused
 * and changes nothing; a viewer may not attach.
 */
const demo = DEMO_PROJECT.projectId;
const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]);
const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1]);
const PDF = Buffer.from('%PDF-1.7\n%%EOF\n');
const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
const today = beijingDateOf(Date.now());

describe('inspection photos (real server)', () => {
  let server: RunningServer;
  let admin: ApiClient;
  let bridge: ApiClient;
  let viewer: ApiClient;

  beforeAll(async () => {
    ({ server, admin, bridge } = await startServerWithUsers());
    viewer = await memberClient(server, demo, 'watcher', 'viewer');
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  const upload = async (fileName: string, bytes: Uint8Array, client = admin, projectId: string = demo) =>
    (await client.post<Attachment>(ATTACHMENTS.upload.path, { projectId, fileName, contentBase64: b64(bytes) })).body.data!;
  const file = (client: ApiClient, attachmentId: number) => fetch(`${server.url}${ATTACHMENTS.file.path}?projectId=${demo}&attachmentId=${attachmentId}`, { headers: { cookie: client.cookie! } });
  const listed = async (id: number) => (await admin.post<{ list: Inspection[] }>(INSPECTIONS.list.path, { projectId: demo, q: 'Guardrail gap' })).body.data!.list.find((i) => i.inspectionId === id);
  const issue = { category: 'safety', issue: 'Guardrail gap at the LK shaft', place: 'LK shaft', severity: 'major', company: 'Hengtai Earthworks Ltd.', foundOn: today, deadline: today };

  it('saves an issue with photos, answers them in the list, rectifies with a photo, and deletes them with the inspection', async () => {
    const [a, b] = [await upload('gap.jpg', JPEG), await upload('gap-wide.png', PNG)];
    const saved = await admin.post<Inspection>(INSPECTIONS.save.path, { projectId: demo, inspection: issue, attachmentIds: [a.attachmentId, b.attachmentId] });
    expect(saved.body.errorMessage).toBeUndefined();
    const id = saved.body.data!.inspectionId;
    expect(saved.body.data!.attachments.map((x) => [x.attachmentId, x.type])).toEqual([[a.attachmentId, 'jpeg'], [b.attachmentId, 'png']]);
    expect((await listed(id))!.attachments.map((x) => x.fileName)).toEqual(['gap.jpg', 'gap-wide.png']);
    // members see the files; a member of another project does not
    const res = await file(viewer, a.attachmentId);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect((await file(bridge, a.attachmentId)).status).toBe(403);

    // an edit without attachmentIds keeps the photos; with them, the dropped one is deleted
    expect((await admin.post<Inspection>(INSPECTIONS.save.path, { projectId: demo, inspectionId: id, inspection: { ...issue, inspector: 'Zhao Lei' } })).body.data!.attachments).toHaveLength(2);
    expect((await admin.post<Inspection>(INSPECTIONS.save.path, { projectId: demo, inspectionId: id, inspection: issue, attachmentIds: [a.attachmentId] })).body.data!.attachments.map((x) => x.attachmentId)).toEqual([a.attachmentId]);
    expect((await file(admin, b.attachmentId)).status).toBe(404);

    const fixed = await upload('fixed.png', PNG);
    const rectified = (await admin.post<Inspection>(INSPECTIONS.rectify.path, { projectId: demo, inspectionId: id, rectification: 'Guardrail closed', rectifiedOn: today, rectificationAttachmentIds: [fixed.attachmentId] })).body.data!;
    expect(rectified).toMatchObject({ state: 'awaitingReview', attachments: [{ attachmentId: a.attachmentId }], rectificationAttachments: [{ attachmentId: fixed.attachmentId, type: 'png' }] });
    // the review answers the photos too
    expect((await admin.post<Inspection>(INSPECTIONS.review.path, { projectId: demo, inspectionId: id, result: 'rejected' })).body.data!.rectificationAttachments).toHaveLength(1);

    expect((await admin.post(INSPECTIONS.delete.path, { projectId: demo, ids: [id] })).body.data).toEqual({ deleted: 1 });
    expect((await file(admin, a.attachmentId)).status).toBe(404);
    expect((await file(admin, fixed.attachmentId)).status).toBe(404);
  });

  it("refuses another project's upload, one held by another inspection, a PDF and more than six photos, changing nothing", async () => {
    const foreign = await upload('elsewhere.png', PNG, bridge, 'demo-bridge');
    const before = (await admin.post<{ total: number }>(INSPECTIONS.list.path, { projectId: demo })).body.data!.total;
    const refusedForeign = await admin.post(INSPECTIONS.save.path, { projectId: demo, inspection: issue, attachmentIds: [foreign.attachmentId] });
    expect(refusedForeign.body).toMatchObject({ errorCode: 'VALIDATION', errorMessage: `attachmentIds: no upload ${foreign.attachmentId} in this project` });
    expect((await admin.post<{ total: number }>(INSPECTIONS.list.path, { projectId: demo })).body.data!.total).toBe(before);

    const pdf = await upload('report.pdf', PDF);
    expect((await admin.post(INSPECTIONS.save.path, { projectId: demo, inspection: issue, attachmentIds: [pdf.attachmentId] })).body).toMatchObject({ errorCode: 'VALIDATION', errorMessage: `attachmentIds: attachment ${pdf.attachmentId} is not a JPEG or PNG photo` });
    const seven = Array.from({ length: 7 }, (_, i) => i + 1);
    expect((await admin.post(INSPECTIONS.save.path, { projectId: demo, inspection: issue, attachmentIds: seven })).body.errorCode).toBe('VALIDATION');

    const held = await upload('held.png', PNG);
    const first = (await admin.post<Inspection>(INSPECTIONS.save.path, { projectId: demo, inspection: issue, attachmentIds: [held.attachmentId] })).body.data!;
    const rectify = await admin.post(INSPECTIONS.rectify.path, { projectId: demo, inspectionId: first.inspectionId, rectification: 'x', rectifiedOn: today, rectificationAttachmentIds: [held.attachmentId] });
    expect(rectify.body).toMatchObject({ errorCode: 'VALIDATION', errorMessage: `rectificationAttachmentIds: no upload ${held.attachmentId} in this project` });
    // the refused rectification was rolled back with its photos
    expect(await listed(first.inspectionId)).toMatchObject({ state: 'open', rectification: '', attachments: [{ attachmentId: held.attachmentId }] });
  });

  it('refuses a viewer who would attach photos', async () => {
    const photo = await upload('v.png', PNG);
    expect((await viewer.post(INSPECTIONS.save.path, { projectId: demo, inspection: issue, attachmentIds: [photo.attachmentId] })).body.errorCode).toBe('FORBIDDEN');
    expect((await viewer.post(ATTACHMENTS.upload.path, { projectId: demo, fileName: 'v.png', contentBase64: b64(PNG) })).status).toBe(403);
  });
});
