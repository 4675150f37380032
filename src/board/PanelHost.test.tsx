import { describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import { observable, runInAction } from 'mobx';
import type { Panel } from '../../protocol';
import { makeCraneDevice } from '../test/builders';
import { renderWithApp, testRoot } from '../test/render';
import { panelContentSize } from '../components';
import { PanelHost } from './PanelHost';
import { PanelDataProvider, type PanelDataSource } from '../panelData';

const base = { x: 10, y: 20, w: 460, h: 290, z: 1 };

describe('PanelHost', () => {
  it('renders a panel of a registered type at its page position, with the type title by default', async () => {
    const root = testRoot();
    root.devices.replaceAll([makeCraneDevice({ sn: 'TC-01' })]);
    const panel: Panel = { ...base, panelId: 'p1', type: 'towerCrane', config: { sn: 'TC-01' } };
    await renderWithApp(<PanelHost panel={panel} />, root);
    expect(await screen.findByText('Tower crane 1 (entry yard)')).toBeTruthy();
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
    expect(await screen.findByText('力矩')).toBeTruthy();
    expect(screen.getByRole('heading', { name: '塔吊' })).toBeTruthy();
    expect(screen.getByText('在线')).toBeTruthy();
  });
});

describe('PanelHost style', () => {
  const frameOf = (id: string) => document.querySelector(`[data-panel-id="${id}"] > section`) as HTMLElement;

  it('draws the frame with the panel style: background, border, corners, padding, opacity', async () => {
    const panel: Panel = {
      ...base,
      panelId: 's1',
      type: 'alarmFeed',
      title: 'Styled',
      config: {},
      style: { background: '#112233', borderColor: '#ff0000', borderWidthPx: 3, borderRadiusPx: 12, paddingPx: 4, opacity: 0.5 },
    };
    await renderWithApp(<PanelHost panel={panel} />, testRoot());
    const frame = frameOf('s1');
    expect(frame.style.background).toBe('rgb(17, 34, 51)');
    expect(frame.style.border).toBe('3px solid rgb(255, 0, 0)');
    expect(frame.style.borderRadius).toBe('12px');
    expect(frame.style.opacity).toBe('0.5');
    expect((frame.lastElementChild as HTMLElement).style.padding).toBe('4px');
    expect(screen.getByRole('heading', { name: 'Styled' })).toBeTruthy();
  });

  it('keeps the theme frame without a style, and showTitle false drops the title bar but keeps the name', async () => {
    const panel: Panel = { ...base, panelId: 's2', type: 'alarmFeed', title: 'Plain', config: {} };
    const bare: Panel = { ...base, panelId: 's3', type: 'alarmFeed', title: 'No title bar', config: {}, style: { showTitle: false } };
    await renderWithApp(
      <>
        <PanelHost panel={panel} />
        <PanelHost panel={bare} />
      </>,
      testRoot(),
    );
    expect(frameOf('s2').style.borderRadius).toBe('6px');
    expect(frameOf('s2').style.opacity).toBe('');
    expect(screen.getByRole('heading', { name: 'Plain' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'No title bar' })).toBeNull();
    expect(frameOf('s3').querySelector('header')).toBeNull();
    expect(screen.getByRole('region', { name: 'No title bar' })).toBeTruthy();
  });

  it('gives the content the room the style leaves: no title bar and less padding make it larger', () => {
    expect(panelContentSize(460, 290)).toEqual({ width: 440, height: 230 });
    expect(panelContentSize(460, 290, { showTitle: false, paddingPx: 0 })).toEqual({ width: 460, height: 290 });
    expect(panelContentSize(460, 290, { borderWidthPx: 5, paddingPx: 10 })).toEqual({ width: 432, height: 222 });
  });

});

describe('PanelHost in replay', () => {
  it('veils the panel with "Loading history…" while a replay reads its range, and only then', async () => {
    const state = observable({ loading: true });
    const source = { mode: 'replay', devicesLoading: () => state.loading } as unknown as PanelDataSource;
    const panel: Panel = { ...base, panelId: 'p5', type: 'videoWall', config: {} };
    await renderWithApp(
      <PanelDataProvider source={source}>
        <PanelHost panel={panel} />
      </PanelDataProvider>,
      testRoot(),
    );
    expect(screen.getByRole('status').textContent).toBe('Loading history…');
    act(() => runInAction(() => (state.loading = false)));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('never veils a live panel', async () => {
    const source = { mode: 'live', devicesLoading: () => true } as unknown as PanelDataSource;
    await renderWithApp(
      <PanelDataProvider source={source}>
        <PanelHost panel={{ ...base, panelId: 'p6', type: 'videoWall', config: {} }} />
      </PanelDataProvider>,
      testRoot(),
    );
    expect(screen.queryByRole('status')).toBeNull();
  });
});
