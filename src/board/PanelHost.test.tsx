import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { Panel } from '../../protocol';
import { makeCraneDevice } from '../test/builders';
import { renderWithApp, testRoot } from '../test/render';
import { PanelHost } from './PanelHost';

const base = { x: 10, y: 20, w: 460, h: 290, z: 1 };

describe('PanelHost', () => {
  it('renders a panel of a registered type at its page position, with the type title by default', async () => {
    const root = testRoot();
    root.devices.replaceAll([makeCraneDevice({ sn: 'TC-01' })]);
    const panel: Panel = { ...base, panelId: 'p1', type: 'towerCrane', config: { sn: 'TC-01' } };
    await renderWithApp(<PanelHost panel={panel} />, root);
    expect(await screen.findByText('Tower crane 1 (entry yard)', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Tower crane' })).toBeTruthy();
    const host = document.querySelector('[data-panel-id="p1"]') as HTMLElement;
    expect([host.style.left, host.style.top, host.style.width, host.style.height]).toEqual(['10px', '20px', '460px', '290px']);
  });

  it('shows a bad config inside the panel instead of crashing', async () => {
    const panel: Panel = { ...base, panelId: 'p2', type: 'gasTrend', title: 'Face gas', config: { sn: 'GAS-1', windowMin: -5 } };
    await renderWithApp(<PanelHost panel={panel} />, testRoot());
    expect(screen.getByRole('heading', { name: 'Face gas' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toMatch(/^Invalid panel settings: windowMin: /);
  });

  it('names an unknown panel type', async () => {
    const panel: Panel = { ...base, panelId: 'p3', type: 'videoWall', config: {} };
    await renderWithApp(<PanelHost panel={panel} />, testRoot());
    expect(screen.getByRole('alert').textContent).toBe('Unknown panel type: videoWall');
  });

  it('speaks Chinese with the zh-CN catalog', async () => {
    const root = testRoot();
    root.devices.replaceAll([makeCraneDevice({ sn: 'TC-01' })]);
    const panel: Panel = { ...base, panelId: 'p4', type: 'towerCrane', config: { sn: 'TC-01' } };
    await renderWithApp(<PanelHost panel={panel} />, root, 'zh-CN');
    expect(await screen.findByText('力矩', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('heading', { name: '塔吊' })).toBeTruthy();
    expect(screen.getByText('在线')).toBeTruthy();
  });
});
