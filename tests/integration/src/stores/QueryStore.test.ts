import { describe, expect, it } from 'vitest';
import { ADMIN, PEOPLE } from '../../../../protocol';
import { BusinessError } from '../../../../src/api/request';
import { eventually } from '../../../helpers/eventually';
import { subjectFeeds } from '../../../../src/test/fakeFeeds';
import { TEST_ADMIN_PASSWORD, useRealServer } from '../../../../src/test/realServer';
import { RootStore } from '../../../../src/stores/RootStore';

const real = useRealServer();
const PROJECT = 'demo-tunnel';

/** A logged-in root store on the real server, and the REST calls it made. */
async function signedIn() {
  const client = real().client();
  const root = new RootStore({ fetch: client.fetch, createFeeds: subjectFeeds().factory });
  await root.session.login('admin', TEST_ADMIN_PASSWORD);
  const sent = (route: string) => client.calls.filter((c) => c.route === route).length;
  return { root, sent };
}

describe('QueryStore on the real server', () => {
  it('loads a list once for every screen showing it, and a person saved anywhere shows in every one', async () => {
    const { root, sent } = await signedIn();
    const { queries } = root;
    // the people screen and another one listing the same people, each with its own body object
    const people = queries.query(PEOPLE.personList, { projectId: PROJECT });
    const hidePeople = queries.show(people, { refreshMs: 60_000 });
    const hideOther = queries.show(queries.query(PEOPLE.personList, { projectId: PROJECT }));
    const zones = queries.query(PEOPLE.zoneList, { projectId: PROJECT });
    const hideZones = queries.show(zones);
    await eventually(() => people.data !== null && zones.data !== null, 10_000, 'the first answers');
    expect(sent(PEOPLE.personList.path)).toBe(1);
    const before = people.data!.total;

    await queries.mutate(PEOPLE.personAdd, { projectId: PROJECT, person: { name: 'Query Tester', beaconSn: null, company: 'QA', team: 'T1', workType: 'tester', phone: '' } });
    await eventually(() => people.data!.list.some((p) => p.name === 'Query Tester'), 10_000, 'the new person in the kept list');
    expect(people.data!.total).toBe(before + 1);
    expect(sent(PEOPLE.personList.path)).toBe(2); // one reload for both viewers
    expect(sent(PEOPLE.zoneList.path)).toBe(2); // headcounts of the same domain too
    expect(people.error).toBeNull();

    // a refused save changes nothing and reloads nothing
    await expect(queries.mutate(PEOPLE.personAdd, { projectId: PROJECT, person: { name: '', beaconSn: null, company: '', team: '', workType: '', phone: '' } }, { skipErrorHandler: true })).rejects.toMatchObject({ errorCode: 'VALIDATION' });
    expect(sent(PEOPLE.personList.path)).toBe(2);
    hidePeople();
    hideOther();
    hideZones();
  });

  it('reloads the shown queries of the domain a change touched, and only those', async () => {
    const { root, sent } = await signedIn();
    const { queries } = root;
    const orgs = queries.query(ADMIN.orgList, {});
    const zones = queries.query(PEOPLE.zoneList, { projectId: PROJECT });
    const hideOrgs = queries.show(orgs);
    const hideZones = queries.show(zones);
    await eventually(() => orgs.data !== null && zones.data !== null, 10_000, 'the first answers');
    const added = await queries.mutate(ADMIN.orgAdd, { coId: 'qs-co2', name: 'Second' });
    expect(added.coId).toBe('qs-co2');
    await eventually(() => orgs.data!.some((o) => o.coId === 'qs-co2'), 10_000, 'the new organisation in the kept list');
    expect(sent(ADMIN.orgList.path)).toBe(2);
    expect(sent(PEOPLE.zoneList.path)).toBe(1);
    await queries.mutate(ADMIN.orgAdd, { coId: 'qs-co3', name: 'Third' }, { invalidates: [PEOPLE.zoneList] });
    await eventually(() => sent(PEOPLE.zoneList.path) === 2 && !zones.loading, 10_000, 'the zones named by the change reloaded');
    hideOrgs();
    hideZones();
  });

  it('reloads an invalidated query nobody shows when it is shown again, and refuses a bad change without reloading', async () => {
    const { root, sent } = await signedIn();
    const { queries } = root;
    const orgs = queries.query(ADMIN.orgList, {});
    queries.show(orgs)();
    await eventually(() => orgs.data !== null, 10_000, 'the organisations');
    await expect(queries.mutate(ADMIN.orgAdd, { coId: '', name: 'No id' }, { skipErrorHandler: true })).rejects.toBeInstanceOf(BusinessError);
    expect(sent(ADMIN.orgList.path)).toBe(1);
    await queries.mutate(ADMIN.orgAdd, { coId: 'qs-co4', name: 'Fourth' });
    expect(sent(ADMIN.orgList.path)).toBe(1); // not shown: not loaded yet
    const hide = queries.show(orgs);
    await eventually(() => orgs.data!.some((o) => o.coId === 'qs-co4'), 10_000, 'the new organisation once shown');
    expect(sent(ADMIN.orgList.path)).toBe(2);
    hide();
  });

  it("forgets every kept answer when the session ends, so the next user never sees the last one's", async () => {
    const { root } = await signedIn();
    const zones = root.queries.query(PEOPLE.zoneList, { projectId: PROJECT });
    const hide = root.queries.show(zones);
    await eventually(() => zones.data !== null, 10_000, 'the zone list');
    expect(root.queries.size).toBe(1);
    await root.session.logout();
    hide();
    expect(root.queries.size).toBe(0);
  });
});
