import { describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { DEVICES } from '../../../../../protocol';
import { observer } from 'mobx-react-lite';
import { PanelDataProvider } from '../../../../../src/panelData';
import { createReplaySource } from '../../../../../src/panelData/replay';
import { makeCraneDevice, T0 } from '../../../../../src/test/builders';
import { createInProcessHistory, renderWithApp, testRoot } from '../../../../../src/test/render';
import { TEST_ADMIN_PASSWORD, useRealServer } from '../../../../../src/test/realServer';
import { createEvents, installSiteBoard, MAX_HANDLERS_PER_EVENT, type SiteBoardGlobal } from '../../../../../src/app/shell/siteBoardGlobal';

const real = useRealServer();

describe('window.SiteBoard (custom modules)', () => {
  it('exposes live values, the request helper, dates, Select, utils; cannot be replaced; uninstalls', async () => {
    const root = testRoot({ fetch: real().client().fetch });
    const target: { SiteBoard?: SiteBoardGlobal } = {};
    let colour = '#00b589';
    const uninstall = installSiteBoard(target, { root, primaryColor: () => colour, projectId: () => 'p1', params: () => ({ proId: 'p1' }) });
    const sb = target.SiteBoard!;
    expect(sb.version).toBe(1);
    expect(sb.primaryColor).toBe('#00b589');
    colour = '#F5222D';
    expect(sb.primaryColor).toBe('#F5222D');
    expect(sb.project).toEqual({ projectId: 'p1', params: { proId: 'p1' } });
    expect(sb.currentUser).toBeNull();
    await root.session.login('admin', TEST_ADMIN_PASSWORD);
    expect(sb.currentUser?.username).toBe('admin');
    const devices = await real().admin.call(DEVICES.deviceList.path, { projectId: 'demo-tunnel' });
    await expect(sb.request(DEVICES.deviceList, { projectId: 'demo-tunnel' })).resolves.toEqual(devices);
    expect(sb.utils.formatDisplayNumber(1.239, 2)).toBe('1.23');
    expect(sb.dayjs(0).year()).toBe(1970);
    expect(sb.timeZone).toBe('Asia/Shanghai');
    const SbSelect = sb.Select;
    render(<SbSelect aria-label="Shift"><option>Day</option></SbSelect>);
    expect(screen.getByRole('combobox', { name: 'Shift' })).toBeTruthy();
    expect(() => {
      'use strict';
      (target as Record<string, unknown>).SiteBoard = {};
    }).toThrow(TypeError);
    uninstall();
    expect(target.SiteBoard).toBeUndefined();
  });

  it('useLiveConnection re-renders on connection changes', async () => {
    const root = testRoot();
    const target: { SiteBoard?: SiteBoardGlobal } = {};
    installSiteBoard(target, { root, primaryColor: () => '', projectId: () => null, params: () => ({}) });
    const Probe = () => <span>{String(target.SiteBoard!.useLiveConnection().connected)}</span>;
    render(<Probe />);
    expect(screen.getByText('null')).toBeTruthy();
    act(() => {
      (root.live as unknown as { connected: boolean }).connected = true;
    });
    expect(screen.getByText('true')).toBeTruthy();
  });

  it('gives custom panels the panel-data hooks, reading the board’s source (live or replay)', async () => {
    const root = testRoot();
    root.devices.replaceAll([makeCraneDevice({ sn: 'TC-01' })]);
    const target: { SiteBoard?: SiteBoardGlobal } = {};
    installSiteBoard(target, { root, primaryColor: () => '', projectId: () => null, params: () => ({}) });
    const { data } = target.SiteBoard!;
    const Probe = observer(() => {
      const clock = data.useBoardClock();
      const d = data.useDevices().get('TC-01');
      return <span>{`${clock.mode} ${d?.name} ${d?.latest?.momentPct ?? '-'} ${clock.now()}`}</span>;
    });
    const { unmount } = await renderWithApp(<Probe />, root);
    expect(screen.getByText(/^live Tower crane 1 \(entry yard\) 62.4 /)).toBeTruthy();
    unmount();
    const replay = createReplaySource(root, 'demo-tunnel', { fromMs: T0, toMs: T0 + 60_000, atMs: T0 + 1000 }, { createHistory: createInProcessHistory });
    await renderWithApp(
      <PanelDataProvider source={replay}>
        <Probe />
      </PanelDataProvider>,
      root,
    );
    // Nothing loaded in this replay: no reading as of the instant, and the clock is the replay's.
    expect(screen.getByText(`replay Tower crane 1 (entry yard) - ${T0 + 1000}`)).toBeTruthy();
  });

  it('events: on, emit, off; a failing handler does not stop the others; bounded', () => {
    const ev = createEvents();
    const seen: unknown[] = [];
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    ev.on('board:selected', () => {
      throw new Error('bad module');
    });
    const off = ev.on('board:selected', (p) => seen.push(p));
    ev.emit('board:selected', { boardId: 'b' });
    off();
    ev.emit('board:selected', 'again');
    expect(seen).toEqual([{ boardId: 'b' }]);
    for (let i = 1; i < MAX_HANDLERS_PER_EVENT; i++) ev.on('many', () => {});
    ev.on('many', () => {});
    expect(() => ev.on('many', () => {})).toThrow(RangeError);
    spy.mockRestore();
  });
});
