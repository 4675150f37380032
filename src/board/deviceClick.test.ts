import { describe, expect, it } from 'vitest';
import type { Panel } from '../../protocol';
import type { PanelRegistry } from '../components';
import type { PanelBinding } from '../components/panelApi';
import { deviceSnForClick, showsOneDevice } from './deviceClick';

const base = { x: 0, y: 0, w: 100, h: 100, z: 1 };
const PANELS: Panel[] = [
  { ...base, panelId: 'crane', type: 'towerCrane', config: { sn: 'TC-01' } },
  { ...base, panelId: 'table', type: 'gasTable', config: {} },
  { ...base, panelId: 'alarms', type: 'alarmFeed', config: {} },
];

const label = { id: 'x', message: 'x' };
const crane: PanelBinding = { key: 'sn', target: { devices: ['towerCrane'] }, multiple: false, label };
const BINDINGS: Record<string, PanelBinding[]> = {
  towerCrane: [crane],
  gasTable: [{ key: 'sns', target: { devices: ['gas'] }, multiple: true, label }],
  alarmFeed: [],
};
// only what deviceSnForClick reads of a definition: its bindings
const REGISTRY = { get: (type: string) => (BINDINGS[type] ? { bindings: BINDINGS[type] } : undefined), list: () => [] } as unknown as PanelRegistry;

function dom(html: string): HTMLElement {
  const div = document.createElement('div');
  div.innerHTML = html;
  return div;
}

describe('deviceSnForClick', () => {
  it('opens the device of a gas table row', () => {
    const d = dom('<div data-panel-id="table"><table><tr data-sn="GAS-1"><td><span id="t">CO</span></td></tr></table></div>');
    expect(deviceSnForClick(d.querySelector('#t'), PANELS, REGISTRY)).toBe('GAS-1');
  });

  it('opens the crane of a tower crane card, but not for other panels', () => {
    const d = dom('<div data-panel-id="crane"><span id="c">12 t</span></div><div data-panel-id="alarms"><span id="a">x</span></div>');
    expect(deviceSnForClick(d.querySelector('#c'), PANELS, REGISTRY)).toBe('TC-01');
    expect(deviceSnForClick(d.querySelector('#a'), PANELS, REGISTRY)).toBeNull();
  });

  it('takes a panel type as showing one device when it binds config.sn to one device', () => {
    expect(showsOneDevice({ bindings: [crane] })).toBe(true);
    expect(showsOneDevice({ bindings: BINDINGS.gasTable })).toBe(false);
    expect(showsOneDevice({ bindings: [{ key: 'sn', target: 'tunnel', multiple: false, label }] })).toBe(false);
    expect(showsOneDevice({})).toBe(false);
    expect(showsOneDevice(undefined)).toBe(false);
  });

  it('leaves buttons to their own handlers', () => {
    const d = dom('<div data-panel-id="crane"><button id="b">Deal</button></div>');
    expect(deviceSnForClick(d.querySelector('#b'), PANELS, REGISTRY)).toBeNull();
  });
});
