import { ADMIN, PEOPLE, type Organisation } from '../../protocol';
import { createRequest } from '../api/request';

/**
 * A fake transport behind the real request client and the real contracts (a unit test starts no server):
 * organisations in memory for org/list and org/add, an empty zone list, one member per project (its
 * username `<projectId>-lead`), and every call counted by path.
 * `hold(path)` keeps the next answers of a path until `release()` lets them go, last asked first;
 * `fetch` goes to a RootStore, `request` is a request client over it. For the QueryStore's unit tests.
 */
export function fakeServer() {
  const orgs: Organisation[] = [{ coId: 'co1', name: 'First', logo: '', archived: false }];
  const calls: string[] = [];
  const held: Array<() => void> = [];
  let holding: string | null = null;
  let refuse: string | null = null;
  const answer = (data: unknown) => new Response(JSON.stringify({ success: true, data }), { headers: { 'Content-Type': 'application/json' } });
  const fetch = async (url: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const path = String(url);
    calls.push(path);
    const body = JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;
    if (refuse === path) return new Response(JSON.stringify({ success: false, errorCode: 'INTERNAL', errorMessage: 'database down', showType: 2 }));
    const snapshot = orgs.map((o) => ({ ...o }));
    const respond = () => {
      if (path === ADMIN.orgList.path) return answer(snapshot);
      if (path === ADMIN.orgAdd.path) {
        const org = { coId: String(body.coId), name: String(body.name), logo: '', archived: false };
        orgs.push(org);
        return answer(org);
      }
      if (path === PEOPLE.zoneList.path) return answer([]);
      if (path === ADMIN.memberList.path) return answer([{ username: `${String(body.projectId)}-lead`, displayName: 'Lead', role: 'projectManager', disabled: false, wallScreen: false }]);
      return new Response('not found', { status: 404 });
    };
    if (holding !== path) return respond();
    return new Promise((resolve) => held.push(() => resolve(respond())));
  };
  return {
    orgs,
    calls,
    fetch: fetch as typeof globalThis.fetch,
    request: createRequest({ fetch: fetch as typeof globalThis.fetch }),
    count: (path: string) => calls.filter((c) => c === path).length,
    hold: (path: string | null) => (holding = path),
    refuse: (path: string | null) => (refuse = path),
    /** Lets the held answers go, the last asked first. */
    release: () => held.splice(0).reverse().forEach((go) => go()),
  };
}

