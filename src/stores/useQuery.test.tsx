import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { observer } from 'mobx-react-lite';
import { ADMIN } from '../../protocol';
import { fakeServer } from '../test/fakeQueryServer';
import { testRoot } from '../test/render';
import { StoresContext } from './context';
import type { RootStore } from './RootStore';
import { useQuery } from './useQuery';

/** The organisations as a screen lists them. */
const OrgNames = observer(function OrgNames({ label }: { label: string }) {
  const { data } = useQuery(ADMIN.orgList, {});
  return <p aria-label={label}>{data ? data.map((o) => o.name).join(', ') : 'loading'}</p>;
});

/** The members of one project; `keepPrevious` as the screen asks. */
const Members = observer(function Members({ projectId, keepPrevious }: { projectId: string; keepPrevious: boolean }) {
  const { data } = useQuery(ADMIN.memberList, { projectId }, { keepPrevious });
  return <p aria-label="members">{data ? data.map((m) => m.username).join(', ') : 'none yet'}</p>;
});

function inStores(root: RootStore, ui: React.ReactNode) {
  return <StoresContext.Provider value={root}>{ui}</StoresContext.Provider>;
}

/** Lets the fake transport and the store settle. */
const settle = () => act(() => new Promise((r) => setTimeout(r, 0)));

describe('useQuery', () => {
  afterEach(cleanup);

  it('gives two components showing the same list one load, and shows a change made through the store in both', async () => {
    const server = fakeServer();
    const root = testRoot({ fetch: server.fetch });
    render(inStores(root, [<OrgNames key="a" label="first" />, <OrgNames key="b" label="second" />]));
    expect(screen.getByLabelText('first').textContent).toBe('loading');
    await settle();
    expect(screen.getByLabelText('first').textContent).toBe('First');
    expect(screen.getByLabelText('second').textContent).toBe('First');
    expect(server.count(ADMIN.orgList.path)).toBe(1);
    await act(() => root.queries.mutate(ADMIN.orgAdd, { coId: 'co2', name: 'Second' }));
    await settle();
    expect(screen.getByLabelText('first').textContent).toBe('First, Second');
    expect(screen.getByLabelText('second').textContent).toBe('First, Second');
    expect(server.count(ADMIN.orgList.path)).toBe(2);
  });

  it("keeps the previous body's answer on screen until the new one arrives, unless told not to", async () => {
    const server = fakeServer();
    const root = testRoot({ fetch: server.fetch });
    const view = render(inStores(root, <Members projectId="p1" keepPrevious />));
    await settle();
    expect(screen.getByLabelText('members').textContent).toBe('p1-lead');
    server.hold(ADMIN.memberList.path);
    view.rerender(inStores(root, <Members projectId="p2" keepPrevious />));
    await settle();
    expect(screen.getByLabelText('members').textContent).toBe('p1-lead'); // p2 is still on its way
    server.release();
    await settle();
    expect(screen.getByLabelText('members').textContent).toBe('p2-lead');
    view.rerender(inStores(root, <Members projectId="p3" keepPrevious={false} />));
    await settle();
    expect(screen.getByLabelText('members').textContent).toBe('none yet');
    server.release();
    await settle();
    expect(screen.getByLabelText('members').textContent).toBe('p3-lead');
  });

  it('stops showing a query when its component goes: a later change does not load it', async () => {
    const server = fakeServer();
    const root = testRoot({ fetch: server.fetch });
    const view = render(inStores(root, <OrgNames label="orgs" />));
    await settle();
    view.unmount();
    await act(() => root.queries.mutate(ADMIN.orgAdd, { coId: 'co2', name: 'Second' }));
    await settle();
    expect(server.count(ADMIN.orgList.path)).toBe(1);
  });
});
