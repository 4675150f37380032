import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, MAX_PENDING_INVITATIONS, TENANCY, type DeviceTransfer, type ImportResult, type Member, type ProjectInvitation, type ReceivedInvitation, type RegistryDevice } from '../../protocol';
import type { RunningServer } from '../../server/app';
import { BRIDGE_USER, DEMO_PROJECT, OTHER_PROJECT } from '../../server/seed';
import { ApiClient } from '../helpers/apiClient';
import { loggedInClient, startTestServer } from '../helpers/testServer';

/**
 * Tenancy between organisations against the real server (docs/api.md "Invitations", "Device serials across
 * organisations"): an organisation administrator cannot tell another organisation's user from an unknown name,
 * nor another organisation's serial number from a new one; memberships and device moves need consent.
 */
describe('tenancy between organisations', () => {
  const PASSWORD = 'tenancy-pass-42';
  const HOME = DEMO_PROJECT.projectId; // organisation co-demo, administered by ada
  const RIVAL = 'rival-site'; // organisation rival, administered by rex
  let server: RunningServer;
  let admin: ApiClient;
  let ada: ApiClient;
  let rex: ApiClient;

  const ok = async <T>(client: ApiClient, route: string, body: unknown): Promise<T> => {
    const r = await client.post<T>(route, body);
    if (!r.body.success) throw new Error(`${route}: ${r.body.errorCode} ${r.body.errorMessage}`);
    return r.body.data as T;
  };
  /** The answer exactly as it travels: HTTP status and body text. */
  const raw = async (client: ApiClient, route: string, body: unknown): Promise<{ status: number; text: string }> => {
    const res = await fetch(server.url + route, { method: 'POST', headers: { 'content-type': 'application/json', cookie: client.cookie ?? '' }, body: JSON.stringify(body) });
    return { status: res.status, text: await res.text() };
  };
  const addUser = (username: string) => ok(admin, ADMIN.userAdd.path, { username, displayName: `${username} name`, password: PASSWORD, temporary: false });
  const members = async (projectId: string) => (await ok<Member[]>(admin, ADMIN.memberList.path, { projectId })).map((m) => [m.username, m.role]);
  const login = (username: string) => loggedInClient(server.url, username, PASSWORD);
  const invitationsOf = (client: ApiClient) => ok<ReceivedInvitation[]>(client, TENANCY.myInvitations.path, {});
  const projectInvitations = (client: ApiClient, projectId = HOME) => ok<ProjectInvitation[]>(client, TENANCY.invitationList.path, { projectId });

  beforeAll(async () => {
    server = await startTestServer();
    admin = await loggedInClient(server.url);
    await ok(admin, ADMIN.orgAdd.path, { coId: 'rival', name: 'Rival Builders' });
    await ok(admin, ADMIN.projectAdd.path, { coId: 'rival', projectId: RIVAL, name: 'Rival site' });
    for (const u of ['ada', 'rex', 'rita', 'rob', 'ruth', 'roy']) await addUser(u);
    await ok(admin, ADMIN.memberSet.path, { projectId: HOME, username: 'ada', role: 'orgAdmin' });
    await ok(admin, ADMIN.memberSet.path, { projectId: RIVAL, username: 'rex', role: 'orgAdmin' });
    for (const u of ['rita', 'rob', 'ruth', 'roy']) await ok(admin, ADMIN.memberSet.path, { projectId: RIVAL, username: u, role: 'viewer' });
    [ada, rex] = await Promise.all([login('ada'), login('rex')]);
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  describe('members from another organisation', () => {
    it('answers byte for byte the same for another organisation’s user and an unknown name, and adds neither', async () => {
      const foreign = await raw(ada, ADMIN.memberSet.path, { projectId: HOME, username: 'rita', role: 'projectManager' });
      const unknown = await raw(ada, ADMIN.memberSet.path, { projectId: HOME, username: 'nobody-here', role: 'projectManager' });
      expect(foreign.status).toBe(202);
      expect(unknown).toEqual(foreign);
      expect(JSON.parse(foreign.text)).toMatchObject({ success: true, data: { invitation: 'sent' } });
      expect((await members(HOME)).map(([u]) => u)).not.toContain('rita');
      // both are listed alike for the inviting project
      const listed = (await projectInvitations(ada)).filter((i) => i.username === 'rita' || i.username === 'nobody-here');
      expect(listed.map((i) => [i.username, i.state, i.role])).toEqual([
        ['nobody-here', 'pending', 'projectManager'],
        ['rita', 'pending', 'projectManager'],
      ]);
    });

    it('adds a user of its own organisation at once', async () => {
      const m = await ok<Member>(ada, ADMIN.memberSet.path, { projectId: HOME, username: BRIDGE_USER.username, role: 'viewer' });
      expect(m).toMatchObject({ username: BRIDGE_USER.username, role: 'viewer' });
      expect(await members(HOME)).toContainEqual([BRIDGE_USER.username, 'viewer']);
      await ok(ada, ADMIN.memberRemove.path, { projectId: HOME, username: BRIDGE_USER.username });
    });

    it('makes the membership with the role offered only when the invitee accepts', async () => {
      const rita = await login('rita');
      const [inv] = await invitationsOf(rita);
      expect(inv).toMatchObject({ username: 'rita', projectId: HOME, projectName: DEMO_PROJECT.name, coName: DEMO_PROJECT.coName, role: 'projectManager', invitedBy: 'ada' });
      await ok(rita, TENANCY.invitationRespond.path, { invitationId: inv.invitationId, accept: true });
      expect(await members(HOME)).toContainEqual(['rita', 'projectManager']);
      expect(await invitationsOf(rita)).toEqual([]);
      expect((await projectInvitations(ada)).find((i) => i.invitationId === inv.invitationId)?.state).toBe('accepted');
      // answered once only
      expect((await rita.post(TENANCY.invitationRespond.path, { invitationId: inv.invitationId, accept: false })).body.errorCode).toBe('NOT_FOUND');
      const audit = await ok<{ rows: Array<{ action: string; target: string }> }>(ada, ADMIN.auditList.path, { projectId: HOME, action: 'invitation.accept' });
      expect(audit.rows[0]).toMatchObject({ action: 'invitation.accept', target: 'rita' });
    });

    it('makes no membership when the invitee declines', async () => {
      expect((await ada.post(ADMIN.memberSet.path, { projectId: HOME, username: 'rob', role: 'viewer' })).status).toBe(202);
      const rob = await login('rob');
      const [inv] = await invitationsOf(rob);
      await ok(rob, TENANCY.invitationRespond.path, { invitationId: inv.invitationId, accept: false });
      expect((await members(HOME)).map(([u]) => u)).not.toContain('rob');
      expect((await projectInvitations(ada)).find((i) => i.invitationId === inv.invitationId)?.state).toBe('declined');
    });

    it("lets the invitee's organisation administrator accept on their behalf, and nobody else", async () => {
      expect((await ada.post(ADMIN.memberSet.path, { projectId: HOME, username: 'ruth', role: 'safetyOfficer' })).status).toBe(202);
      const seen = await ok<ReceivedInvitation[]>(rex, TENANCY.orgInvitationList.path, { projectId: RIVAL });
      const inv = seen.find((i) => i.username === 'ruth')!;
      expect(inv).toMatchObject({ projectId: HOME, role: 'safetyOfficer' });
      // ada administers the inviting project, not ruth's organisation: the invitation is not hers to answer
      expect((await ada.post(TENANCY.orgInvitationDecide.path, { projectId: HOME, invitationId: inv.invitationId, accept: true })).body.errorCode).toBe('NOT_FOUND');
      expect((await ok<ReceivedInvitation[]>(ada, TENANCY.orgInvitationList.path, { projectId: HOME })).map((i) => i.username)).not.toContain('ruth');
      await ok(rex, TENANCY.orgInvitationDecide.path, { projectId: RIVAL, invitationId: inv.invitationId, accept: true });
      expect(await members(HOME)).toContainEqual(['ruth', 'safetyOfficer']);
    });

    it('withdraws an invitation: the invitee no longer sees it and cannot accept it', async () => {
      await ada.post(ADMIN.memberSet.path, { projectId: HOME, username: 'roy', role: 'viewer' });
      const roy = await login('roy');
      const [inv] = await invitationsOf(roy);
      await ok(ada, TENANCY.invitationWithdraw.path, { projectId: HOME, invitationId: inv.invitationId });
      expect(await invitationsOf(roy)).toEqual([]);
      expect((await roy.post(TENANCY.invitationRespond.path, { invitationId: inv.invitationId, accept: true })).body.errorCode).toBe('NOT_FOUND');
      expect((await projectInvitations(ada)).find((i) => i.invitationId === inv.invitationId)?.state).toBe('withdrawn');
      expect((await members(HOME)).map(([u]) => u)).not.toContain('roy');
    });

    it('makes no membership from an expired invitation', async () => {
      await ada.post(ADMIN.memberSet.path, { projectId: HOME, username: 'roy', role: 'viewer' });
      const roy = await login('roy');
      const [inv] = await invitationsOf(roy);
      // seven days later, as the database sees it
      await server.db.updateTable('member_invitations').set({ expires_at_ms: Date.now() - 1 }).where('invitation_id', '=', inv.invitationId).execute();
      expect(await invitationsOf(roy)).toEqual([]);
      expect((await roy.post(TENANCY.invitationRespond.path, { invitationId: inv.invitationId, accept: true })).body.errorCode).toBe('NOT_FOUND');
      expect((await projectInvitations(ada)).find((i) => i.invitationId === inv.invitationId)?.state).toBe('expired');
      expect((await members(HOME)).map(([u]) => u)).not.toContain('roy');
    });

    it('never shows an invitation to an account made after it was sent', async () => {
      await addUser('nobody-here');
      expect(await invitationsOf(await login('nobody-here'))).toEqual([]);
    });

    it(`caps a project's open invitations at ${MAX_PENDING_INVITATIONS}, alike for every name`, async () => {
      const open = (await projectInvitations(ada)).filter((i) => i.state === 'pending').length;
      for (let i = open; i < MAX_PENDING_INVITATIONS; i++) {
        expect((await ada.post(ADMIN.memberSet.path, { projectId: HOME, username: `ghost-${i}`, role: 'viewer' })).status).toBe(202);
      }
      const unknown = await raw(ada, ADMIN.memberSet.path, { projectId: HOME, username: 'ghost-over', role: 'viewer' });
      const foreign = await raw(ada, ADMIN.memberSet.path, { projectId: HOME, username: 'rob', role: 'viewer' });
      expect(unknown.status).toBe(400);
      expect(foreign).toEqual(unknown);
      expect(JSON.parse(unknown.text)).toMatchObject({ errorCode: 'VALIDATION' });
      // withdrawing one makes room
      const [latest] = await projectInvitations(ada);
      await ok(ada, TENANCY.invitationWithdraw.path, { projectId: HOME, invitationId: latest.invitationId });
      expect((await ada.post(ADMIN.memberSet.path, { projectId: HOME, username: 'ghost-over', role: 'viewer' })).status).toBe(202);
    });
  });

  describe('device serials across organisations', () => {
    const device = (sn: string) => ({ sn, kind: 'gas', name: `Gas ${sn}`, station: 'face', reportPeriodS: 10, gases: ['CO'] });
    const registry = async (client: ApiClient, projectId: string) => (await ok<RegistryDevice[]>(client, ADMIN.deviceRegistryList.path, { projectId })).map((d) => d.sn);
    const transfers = (client: ApiClient, projectId: string) => ok<DeviceTransfer[]>(client, TENANCY.transferList.path, { projectId });

    beforeAll(async () => {
      for (const sn of ['RIV-1', 'RIV-2', 'RIV-3']) await ok(rex, ADMIN.deviceAdd.path, { projectId: RIVAL, device: device(sn) });
    });

    it("answers a serial another organisation holds exactly as a new one, and asks the holder", async () => {
      const fresh = await raw(ada, ADMIN.deviceAdd.path, { projectId: HOME, device: device('NEW-1') });
      const held = await raw(ada, ADMIN.deviceAdd.path, { projectId: HOME, device: device('RIV-1') });
      expect(fresh).toEqual({ status: 200, text: JSON.stringify({ success: true, data: null }) });
      expect(held).toEqual(fresh);
      expect(await registry(ada, HOME)).toEqual(expect.arrayContaining(['NEW-1', 'RIV-1']));
      expect(await registry(rex, RIVAL)).toContain('RIV-1');
      const asked = await transfers(rex, RIVAL);
      expect(asked.map((t) => [t.sn, t.toProjectId, t.toCoName, t.requestedBy, t.state])).toEqual([['RIV-1', HOME, DEMO_PROJECT.coName, 'ada', 'pending']]);
      // the requests are the holder's: the requesting project lists none
      expect(await transfers(ada, HOME)).toEqual([]);
    });

    it('refuses a serial its own organisation holds (409), in the same project or another', async () => {
      expect((await ada.post(ADMIN.deviceAdd.path, { projectId: HOME, device: device('NEW-1') })).body.errorCode).toBe('CONFLICT');
      await ok(admin, ADMIN.deviceAdd.path, { projectId: OTHER_PROJECT.projectId, device: device('BRG-1') });
      expect((await ada.post(ADMIN.deviceAdd.path, { projectId: HOME, device: device('BRG-1') })).body.errorCode).toBe('CONFLICT');
    });

    it("refuses to move a device into a project whose organisation holds its serial number", async () => {
      // the installation administrator created both organisations' projects and administers both
      await ok(admin, ADMIN.deviceAdd.path, { projectId: OTHER_PROJECT.projectId, device: device('RIV-3') });
      expect((await admin.post(ADMIN.deviceMove.path, { projectId: OTHER_PROJECT.projectId, sn: 'RIV-3', toProjectId: RIVAL })).body.errorCode).toBe('CONFLICT');
      expect(await registry(rex, RIVAL)).toContain('RIV-3');
      expect(await registry(admin, OTHER_PROJECT.projectId)).toContain('RIV-3');
    });

    it('changes nothing when the holder refuses', async () => {
      const t = (await transfers(rex, RIVAL)).find((x) => x.sn === 'RIV-1')!;
      await ok(rex, TENANCY.transferDecide.path, { projectId: RIVAL, transferId: t.transferId, approve: false });
      expect(await registry(rex, RIVAL)).toEqual(['RIV-1', 'RIV-2', 'RIV-3']);
      expect((await transfers(rex, RIVAL)).find((x) => x.transferId === t.transferId)?.state).toBe('refused');
      expect((await rex.post(TENANCY.transferDecide.path, { projectId: RIVAL, transferId: t.transferId, approve: true })).body.errorCode).toBe('NOT_FOUND');
    });

    it("moves the serial when the holder approves, and a request made by an import is the same", async () => {
      const csv = ['sn,kind,name,station,reportPeriodS,gases', 'RIV-2,gas,Imported,face,10,CO', 'NEW-2,gas,Imported new,face,10,CO'].join('\n');
      const r = await ok<ImportResult>(ada, ADMIN.deviceImport.path, { projectId: HOME, format: 'csv', contentBase64: Buffer.from(csv).toString('base64') });
      expect(r).toMatchObject({ imported: 2, created: 2, problems: [] });
      const t = (await transfers(rex, RIVAL)).find((x) => x.sn === 'RIV-2' && x.state === 'pending')!;
      // another organisation cannot answer for the holder
      expect((await ada.post(TENANCY.transferDecide.path, { projectId: HOME, transferId: t.transferId, approve: true })).body.errorCode).toBe('NOT_FOUND');
      await ok(rex, TENANCY.transferDecide.path, { projectId: RIVAL, transferId: t.transferId, approve: true });
      expect(await registry(rex, RIVAL)).toEqual(['RIV-1', 'RIV-3']);
      expect(await registry(ada, HOME)).toContain('RIV-2');
    });
  });
});
