import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN, PEOPLE } from '../../protocol';
import { fakeServer } from '../test/fakeQueryServer';
import { QueryStore } from './QueryStore';

/** Lets pending promises (fetch, json, the store's settle) run. */
const settle = () => new Promise((r) => setTimeout(r, 0));

describe('QueryStore', () => {
  afterEach(() => vi.useRealTimers());

  it('loads a query once for every component showing it, whatever the key order of the body', async () => {
    const server = fakeServer();
    let now = 1_000_000;
    const store = new QueryStore(server.request, { now: () => now, staleMs: 2_000 });
    const a = store.query(PEOPLE.personList, { projectId: 'p1', q: 'Li' });
    expect(store.query(PEOPLE.personList, { q: 'Li', projectId: 'p1' })).toBe(a);
    expect(store.query(PEOPLE.personList, { q: 'Wang', projectId: 'p1' })).not.toBe(a);
    const q = store.query(ADMIN.orgList, {});
    const hideA = store.show(q);
    const hideB = store.show(store.query(ADMIN.orgList, {}));
    expect(q.loading).toBe(true);
    await settle();
    expect(server.count(ADMIN.orgList.path)).toBe(1);
    expect(q.loading).toBe(false);
    expect(q.data?.map((o) => o.coId)).toEqual(['co1']);
    hideA();
    hideB();
    store.show(q)(); // shown again at once (a tab switched back): the kept answer, no new load
    expect(server.count(ADMIN.orgList.path)).toBe(1);
    now += 2_000;
    store.show(q); // a screen opened later: the kept answer shows and is loaded again
    expect(q.data?.map((o) => o.coId)).toEqual(['co1']);
    await settle();
    expect(server.count(ADMIN.orgList.path)).toBe(2);
  });

  it('keeps the last answer and gives the server message when a load fails', async () => {
    const server = fakeServer();
    const store = new QueryStore(server.request);
    const q = store.query(ADMIN.orgList, {});
    store.show(q);
    await settle();
    server.refuse(ADMIN.orgList.path);
    await store.load(q);
    expect(q.error).toBe('database down');
    expect(q.data?.map((o) => o.coId)).toEqual(['co1']);
    server.refuse(null);
    await store.load(q);
    expect(q.error).toBeNull();
  });

  it('drops an answer that arrives after a newer load of the same query (the last request wins)', async () => {
    const server = fakeServer();
    const store = new QueryStore(server.request);
    const orgs = store.query(ADMIN.orgList, {});
    server.hold(ADMIN.orgList.path);
    store.show(orgs); // first load: sees co1 only
    await settle();
    server.orgs.push({ coId: 'co2', name: 'Second', logo: '', archived: false });
    void store.load(orgs); // second load: sees co1 and co2
    await settle();
    server.release(); // the second answer comes first, then the first one
    await settle();
    await settle();
    expect(orgs.data?.map((o) => o.coId)).toEqual(['co1', 'co2']);
    expect(orgs.loading).toBe(false);
  });

  it('keeps at most maxQueries, dropping the least recently used that nobody shows', async () => {
    const server = fakeServer();
    const store = new QueryStore(server.request, { maxQueries: 3 });
    const shown = store.query(PEOPLE.zoneList, { projectId: 'p0' });
    store.show(shown);
    for (let i = 1; i <= 10; i++) store.show(store.query(PEOPLE.zoneList, { projectId: `p${i}` }))();
    expect(store.size).toBe(3);
    expect(store.query(PEOPLE.zoneList, { projectId: 'p0' })).toBe(shown);
    expect(store.query(PEOPLE.zoneList, { projectId: 'p10' }).body).toEqual({ projectId: 'p10' });
    await settle();
  });

  it('refreshes a shown query at the period asked for, and stops when nobody shows it', async () => {
    vi.useFakeTimers();
    const server = fakeServer();
    const store = new QueryStore(server.request);
    const zones = store.query(PEOPLE.zoneList, { projectId: 'p1' });
    const hide = store.show(zones, { refreshMs: 10_000 });
    await vi.advanceTimersByTimeAsync(0);
    expect(server.count(PEOPLE.zoneList.path)).toBe(1);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(server.count(PEOPLE.zoneList.path)).toBe(4);
    hide();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(server.count(PEOPLE.zoneList.path)).toBe(4);
  });
});
