import { describe, expect, it } from 'vitest';
import type { Page } from '../../protocol';
import { makeAlarm } from '../test/builders';
import { holdingSos, pageShowingDevice } from './alarmFocus';

function page(pageId: string, panels: Array<{ type: string; config: Record<string, unknown>; hidden?: boolean }>): Page {
  return {
    pageId,
    name: pageId,
    order: 0,
    panels: panels.map((p, i) => ({ panelId: `${pageId}-${i}`, title: p.type, x: 0, y: 0, w: 100, h: 100, z: i, ...p })),
  } as Page;
}

describe('pageShowingDevice', () => {
  const pages = [
    page('gas', [{ type: 'gasTable', config: {} }]),
    page('right', [{ type: 'tunnelPersonnel', config: { tunnelIds: ['RK'] } }]),
    page('hidden-left', [{ type: 'tunnelPersonnel', config: { tunnelIds: ['LK'] }, hidden: true }]),
    page('left', [{ type: 'tunnelPersonnel', config: { tunnelIds: ['LK'] } }]),
    page('crane', [{ type: 'towerCrane', config: { sn: 'TC-01' } }]),
  ];

  it("finds the visible personnel map of a person's bore", () => {
    expect(pageShowingDevice(pages, { sn: 'B-1', kind: 'beacon', tunnelId: 'LK' })).toBe(3);
    expect(pageShowingDevice(pages, { sn: 'B-2', kind: 'beacon', tunnelId: 'RK' })).toBe(1);
  });

  it('a map without a bore list shows every bore; a device bound by sn is found too; else -1', () => {
    expect(pageShowingDevice([pages[0], page('all', [{ type: 'tunnelPersonnel', config: {} }])], { sn: 'B-1', kind: 'beacon', tunnelId: 'XK' })).toBe(1);
    expect(pageShowingDevice(pages, { sn: 'TC-01', kind: 'towerCrane', tunnelId: null })).toBe(4);
    expect(pageShowingDevice(pages, { sn: 'B-9', kind: 'beacon', tunnelId: 'ZK' })).toBe(-1);
  });
});

describe('holdingSos', () => {
  it('is the first SOS of the triage list, or null', () => {
    const sos = makeAlarm({ alarmId: 2, kind: 'sos', metric: 'sos' });
    expect(holdingSos([makeAlarm({ alarmId: 1 }), sos])).toBe(sos);
    expect(holdingSos([makeAlarm({ alarmId: 1 })])).toBeNull();
  });
});
