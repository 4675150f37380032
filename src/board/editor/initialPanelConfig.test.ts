import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { noMigration, type PanelBinding, type PanelDefinition } from '../../components/panelApi';
import { initialPanelConfig } from './tools';

const binding = (key: string, multiple: boolean, target: PanelBinding['target']): PanelBinding => ({ key, target, multiple, label: { id: 'device' } });

const def = (bindings: PanelBinding[]): PanelDefinition => ({
  type: 'test',
  title: { id: 'test' },
  defaultSize: { w: 400, h: 300 },
  configSchema: z.record(z.string(), z.unknown()),
  configVersion: 1,
  migrate: noMigration,
  component: () => null,
  bindings,
});

describe('a new panel’s first settings', () => {
  it('binds a binding that exactly one device or tunnel fits, as one id or a list of one', () => {
    const candidates = (b: PanelBinding) => (b.target === 'tunnel' ? ['LK'] : b.key === 'sn' ? ['TC-01'] : ['GAS-1']);
    expect(initialPanelConfig(def([binding('sn', false, { devices: ['towerCrane'] }), binding('tunnelId', false, 'tunnel'), binding('sns', true, { devices: ['gas'] })]), candidates)).toEqual({
      sn: 'TC-01',
      tunnelId: 'LK',
      sns: ['GAS-1'],
    });
  });

  it('leaves a binding with several choices, or none, to the property pane’s picker', () => {
    const candidates = (b: PanelBinding) => (b.key === 'sn' ? ['TC-01', 'TC-02'] : []);
    expect(initialPanelConfig(def([binding('sn', false, { devices: ['towerCrane'] }), binding('tunnelId', false, 'tunnel')]), candidates)).toEqual({});
    expect(initialPanelConfig(def([binding('sn', false, { devices: ['towerCrane'] })]), undefined)).toEqual({});
  });
});
