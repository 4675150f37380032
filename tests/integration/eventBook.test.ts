import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATTACHMENTS, beijingDayStart, EVENTS, HOME, type Attachment, type EventPage, type HomeSummary, type ProjectEvent } from '../../protocol';
import type { RunningServer } from '../../server/app';
import { hashPassword } from '../../server/http/passwords';
import { DEMO_PROJECT } from '../../server/seed';
import type { ApiClient } from '../helpers/apiClient';
import { loggedInClient, startServerWithUsers } from '../helpers/testServer';

/**
 * The attachment store and the event book against the real server and database (docs/api.md "Attachments",
 * "Event book", "Project home"): uploads recognised by content, the project cap (ATTACHMENT_CAP_MB=1 here),
 * files served to members only, attachments kept and deleted with their event, audit, export, safe days,
 * and who may write (a viewer may not; `bridge` is no member of the tunnel project).
 */
const demo = DEMO_PROJECT.projectId;
const DAY = 86_400_000;
const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]);
const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
/** A PDF of `kb` KiB: the header and padding. */
const pdf = (kb: number) => Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(kb * 1024 - 9, 0x20)]);

describe('attachments and the event book (real server)', () => {
  let server: RunningServer;
  let admin: ApiClient;
  let bridge: ApiClient;
  let viewer: ApiClient;

  beforeAll(async () => {
    ({ server, admin, bridge } = await startServerWithUsers({ ATTACHMENT_CAP_MB: '1' }));
    await server.db.insertInto('users').values({ username: 'onlooker', display_name: 'Onlooker', password_hash: await hashPassword('onlooker-pw-1'), is_admin: false, created_at_ms: Date.now() }).execute();
    await server.db.insertInto('memberships').values({ username: 'onlooker', project_id: demo, mid: 'onlooker@demo', role: 'viewer' }).execute();
    viewer = await loggedInClient(server.url, 'onlooker', 'onlooker-pw-1');
  });

  afterAll(async () => {
    await server?.close();
  });

  const upload = (client: ApiClient, fileName: string, bytes: Uint8Array) => client.post<Attachment>(ATTACHMENTS.upload.path, { projectId: demo, fileName, contentBase64: b64(bytes) });
  const file = (client: ApiClient, attachmentId: number, projectId: string = demo) =>
    fetch(`${server.url}${ATTACHMENTS.file.path}?projectId=${projectId}&attachmentId=${attachmentId}`, { headers: { cookie: client.cookie! } });

  it('recognises an upload by its content, not its name, and serves it to members only', async () => {
    const photo = await upload(admin, 'face.txt', PNG);
    expect(photo.body.data).toMatchObject({ fileName: 'face.txt', type: 'png', sizeBytes: PNG.byteLength, uploadedBy: 'admin' });

    const disguised = await upload(admin, 'photo.jpg', new TextEncoder().encode('<html><script>alert(1)</script></html>'));
    expect(disguised.status).toBe(400);
    expect(disguised.body.errorMessage).toBe('The file is not a JPEG, PNG or WebP photo, a PDF or an MP4 clip');

    const res = await file(viewer, photo.body.data!.attachmentId);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('content-security-policy')).toContain('sandbox');
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(PNG);

    // not a member of the tunnel project: refused, whether it names the tunnel project or its own
    expect((await file(bridge, photo.body.data!.attachmentId)).status).toBe(403);
    expect((await file(bridge, photo.body.data!.attachmentId, 'demo-bridge')).status).toBe(404);
    // a viewer reads but does not upload
    expect((await upload(viewer, 'p.png', PNG)).status).toBe(403);
  });

  it('keeps an event with its photos, deletes the photos it drops and all of them with the event; audits each change', async () => {
    const [a, b] = [(await upload(admin, 'portal.png', PNG)).body.data!, (await upload(admin, 'report.pdf', pdf(2))).body.data!];
    const added = await admin.post<ProjectEvent>(EVENTS.add.path, {
      projectId: demo,
      occurredAtMs: Date.parse('2025-05-20T02:00:00Z'),
      kind: 'inspection',
      title: 'Quarterly inspection by the provincial quality station',
      text: 'Portal slope and initial support checked',
      attachmentIds: [a.attachmentId, b.attachmentId],
    });
    expect(added.body.data).toMatchObject({ kind: 'inspection', recordable: false, recordedBy: 'admin', editedBy: null });
    expect(added.body.data!.attachments.map((x) => [x.fileName, x.type])).toEqual([['portal.png', 'png'], ['report.pdf', 'pdf']]);
    const eventId = added.body.data!.eventId;

    // a taken upload is no longer free: another event cannot take it, and it cannot be removed as an upload
    const stolen = await admin.post(EVENTS.add.path, { projectId: demo, occurredAtMs: Date.now(), kind: 'other', title: 'x', attachmentIds: [a.attachmentId] });
    expect(stolen.body).toMatchObject({ errorCode: 'VALIDATION', errorMessage: `attachmentIds: no upload ${a.attachmentId} in this project` });
    expect((await admin.post(ATTACHMENTS.remove.path, { projectId: demo, attachmentId: a.attachmentId })).body.errorCode).toBe('CONFLICT');

    const { occurredAtMs, kind, text } = added.body.data!;
    const edit = { projectId: demo, eventId, occurredAtMs, kind, text, title: 'Quarterly inspection (provincial quality station)', attachmentIds: [b.attachmentId] };
    const edited = await admin.post<ProjectEvent>(EVENTS.edit.path, edit);
    expect(edited.body.data).toMatchObject({ editedBy: 'admin', title: 'Quarterly inspection (provincial quality station)' });
    expect(edited.body.data!.attachments.map((x) => x.attachmentId)).toEqual([b.attachmentId]);
    expect((await file(admin, a.attachmentId)).status).toBe(404);

    // a viewer can read the book but not write it
    const page = await viewer.post<EventPage>(EVENTS.list.path, { projectId: demo, q: 'provincial quality' });
    expect(page.body.data!.list.map((e) => e.eventId)).toEqual([eventId]);
    expect((await viewer.post(EVENTS.edit.path, { ...edit, attachmentIds: [] })).status).toBe(403);
    expect((await viewer.post(EVENTS.delete.path, { projectId: demo, eventId })).status).toBe(403);
    expect((await bridge.post(EVENTS.list.path, { projectId: demo })).status).toBe(403);

    expect((await admin.post(EVENTS.delete.path, { projectId: demo, eventId })).body.success).toBe(true);
    expect((await file(admin, b.attachmentId)).status).toBe(404);
    expect((await admin.post(EVENTS.delete.path, { projectId: demo, eventId })).body.errorCode).toBe('NOT_FOUND');

    const audit = await server.db.selectFrom('audit_log').select(['action', 'target', 'username']).where('project_id', '=', demo).where('action', 'like', 'event.%').orderBy('audit_id').execute();
    expect(audit).toEqual([
      { action: 'event.add', target: demo, username: 'admin' },
      { action: 'event.edit', target: String(eventId), username: 'admin' },
      { action: 'event.delete', target: String(eventId), username: 'admin' },
    ]);
  });

  it("refuses an upload beyond the project's cap and says so; a removed upload frees its room", async () => {
    const big = await upload(admin, 'drawings.pdf', pdf(700));
    expect(big.body.success).toBe(true);
    const over = await upload(admin, 'more.pdf', pdf(400));
    expect(over.status).toBe(400);
    expect(over.body.errorMessage).toMatch(/^The project's attachments would exceed their cap of 1 MB \(0\.\d MB used\); delete some first$/);
    expect((await admin.post(ATTACHMENTS.remove.path, { projectId: demo, attachmentId: big.body.data!.attachmentId })).body.success).toBe(true);
    expect((await upload(admin, 'more.pdf', pdf(400))).body.success).toBe(true);
  });

  it('counts safe-production days from the last recordable accident and lists the latest events on the home', async () => {
    const accidentAt = beijingDayStart(Date.now()) - 3 * DAY + 10 * 3_600_000;
    const incident = await admin.post<ProjectEvent>(EVENTS.add.path, { projectId: demo, occurredAtMs: accidentAt, kind: 'incident', recordable: true, title: 'Hand injury at the rebar yard' });
    expect(incident.body.success).toBe(true);
    const home = await viewer.post<HomeSummary>(HOME.summary.path, { projectId: demo, atMs: accidentAt + 3 * DAY });
    expect(home.body.data!.safeDays).toEqual({ days: 3, since: 'accident', sinceMs: accidentAt });
    // the latest five as of then, newest first: the demo's own events of the last days are among them
    const latest = home.body.data!.latestEvents;
    expect(latest.length).toBe(5);
    expect(latest.map((e) => e.occurredAtMs)).toEqual([...latest.map((e) => e.occurredAtMs)].sort((a, b) => b - a));
    expect(latest.find((e) => e.recordable)).toMatchObject({ title: 'Hand injury at the rebar yard', occurredAtMs: accidentAt });
    expect(home.body.data!.project).toMatchObject({ projectId: demo, name: DEMO_PROJECT.name });

    // a near miss is an incident too, but not a recordable accident: the days go on
    await admin.post(EVENTS.add.path, { projectId: demo, occurredAtMs: accidentAt + DAY, kind: 'incident', title: 'Near miss: loader reversing at the portal' });
    expect((await viewer.post<HomeSummary>(HOME.summary.path, { projectId: demo, atMs: accidentAt + 3 * DAY })).body.data!.safeDays.days).toBe(3);
  });

  it("lets only the project's administrators set its profile, and shows it on the home", async () => {
    const profile = {
      units: [{ role: 'construction', name: 'Yunling Tunnel Engineering Co.' }],
      design: { costTenThousandCny: 182_000, durationDays: 1460, concreteM3: 420_000, reinforcementT: 38_000, mileageKm: 12.6 },
      quantities: [{ structure: 'bridge', item: 'Piers', unit: 'pcs', design: 48, done: 30 }],
    };
    expect((await viewer.post(HOME.profileSet.path, { projectId: demo, profile })).status).toBe(403);
    expect((await admin.post(HOME.profileSet.path, { projectId: demo, profile })).body.success).toBe(true);
    expect((await viewer.post<HomeSummary>(HOME.summary.path, { projectId: demo })).body.data!.profile).toEqual(profile);
  });

  it('exports the filtered book as .xlsx', async () => {
    const res = await fetch(server.url + EVENTS.export.path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: admin.cookie! },
      body: JSON.stringify({ projectId: demo, kind: 'incident', q: 'rebar yard' }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="events-demo-tunnel-\d{12}\.xlsx"/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await res.arrayBuffer());
    const rows = (workbook.getWorksheet('Events')!.getSheetValues().filter(Boolean) as unknown[][]).map((r) => r.slice(1));
    const col = (h: string) => rows[0].indexOf(h);
    expect(rows.slice(1).map((r) => [r[col('Kind')], r[col('Recordable accident')], r[col('Title')], r[col('Recorded by')]])).toEqual([['incident', 'yes', 'Hand injury at the rebar yard', 'admin']]);
  });
});
