import { describe, expect, it } from 'vitest';
import { runInAction } from 'mobx';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { makeAlarm, makeCraneDevice } from '../test/builders';
import type { Board } from '../../protocol';
import { renderWithApp, testRoot } from '../test/render';
import { BoardView } from './BoardView';

function board(layout: Partial<Board['layout']>): Board {
  return {
    boardId: 'b1',
    projectId: 'demo-tunnel',
    name: 'Tunnel live board',
    version: 1,
    layout: { pageWidth: 800, pageHeight: 600, pageSwitchModel: 1, wholeTips: 0, pageTips: 0, ...layout },
    pages: [
      { pageId: 'p1', name: 'First', order: 1, panels: [] },
      { pageId: 'p2', name: 'Second', order: 2, panels: [] },
    ],
  };
}

function rootWith(b: Board) {
  const root = testRoot();
  runInAction(() => (root.boards.board = b));
  return root;
}

describe('BoardView', () => {
  it('shows page tabs for manual switching and a full screen button', async () => {
    await renderWithApp(<BoardView projectName="Demo" />, rootWith(board({})));
    fireEvent.click(screen.getByRole('button', { name: 'Second' }));
    expect(screen.getByRole('button', { name: 'Second' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('button', { name: 'Full screen' })).toBeTruthy();
  });

  it('carousels the pages by itself in pageSwitchModel 2', async () => {
    // Below the schema's 3 s floor on purpose: the view takes the interval as given.
    await renderWithApp(<BoardView />, rootWith(board({ pageSwitchModel: 2, carouselIntervalS: 0.05 })));
    expect(screen.queryByRole('button', { name: 'Second' })).toBeNull();
    expect(await screen.findByText(/Second \(2\/2\)/)).toBeTruthy();
    expect(await screen.findByText(/First \(1\/2\)/)).toBeTruthy();
  });

  it('has no chrome at all in kiosk mode', async () => {
    await renderWithApp(<BoardView projectName="Demo" kiosk />, rootWith(board({})));
    expect(document.querySelector('header')).toBeNull();
    expect(screen.queryByText('Demo')).toBeNull();
  });

  it('hints the board name on load when wholeTips is 1', async () => {
    await renderWithApp(<BoardView kiosk />, rootWith(board({ wholeTips: 1 })));
    expect(document.querySelector('[data-tip]')?.textContent).toBe('Tunnel live board');
  });

  it('offers the scale modes when asked to', async () => {
    let picked = '';
    await renderWithApp(<BoardView fit="fit" onFitChange={(m) => (picked = m)} />, rootWith(board({})));
    fireEvent.change(screen.getByRole('combobox', { name: 'Scale' }), { target: { value: 'stretch' } });
    expect(picked).toBe('stretch');
  });
});

describe('BoardView device detail', () => {
  it('opens the detail of a device from the store and closes it', async () => {
    const root = rootWith(board({}));
    root.devices.replaceAll([makeCraneDevice({ sn: 'TC-01' })]);
    await renderWithApp(<BoardView />, root);
    act(() => root.deviceDetail.openDetail('TC-01'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Tower crane 1 (entry yard)');
    expect(dialog.querySelector('[data-metric="windSpeedMps"]')?.textContent).toMatch(/m\/s/);
    // human names, units and decimals from the kind's descriptor, not field names
    const cells = (metric: string) => [...dialog.querySelectorAll(`[data-metric="${metric}"] td`)].map((td) => td.textContent);
    expect(cells('radiusM').slice(0, 2)).toEqual(['Radius', '38.5 m']);
    expect(cells('windSpeedMps').slice(0, 2)).toEqual(['Wind speed', '6.3 m/s']);
    expect(cells('tiltDeg').slice(0, 2)).toEqual(['Tilt', '0.05 °']);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('BoardView hidden panels', () => {
  it('draws the visible panels of the page and leaves the hidden ones out', async () => {
    const b = board({});
    const panel = { x: 0, y: 0, w: 460, h: 290, z: 1, type: 'alarmFeed', config: {} };
    b.pages[0].panels = [
      { ...panel, panelId: 'shown', title: 'Shown alarms' },
      { ...panel, panelId: 'gone', title: 'Hidden alarms', hidden: true },
    ];
    // jsdom lays nothing out: give the view a size so the page is placed and drawn.
    Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 800 });
    Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 600 });
    try {
      await renderWithApp(<BoardView kiosk />, rootWith(b));
      expect(screen.getByRole('heading', { name: 'Shown alarms' })).toBeTruthy();
      expect(screen.queryByRole('heading', { name: 'Hidden alarms' })).toBeNull();
      expect(document.querySelector('[data-panel-id="gone"]')).toBeNull();
    } finally {
      // Back to jsdom's own (Element.prototype) sizes.
      delete (HTMLElement.prototype as { clientWidth?: number }).clientWidth;
      delete (HTMLElement.prototype as { clientHeight?: number }).clientHeight;
    }
  });
});

describe('BoardView alarm first', () => {
  const sos = makeAlarm({ alarmId: 7, kind: 'sos', deviceKind: 'beacon', deviceSn: 'BC0001', deviceName: 'Li Ming', metric: 'sos', value: 1, threshold: 1, unit: '', side: null, level: 'alarm' });

  it('shows the banner with the count and the worst alarm on a page without an alarm panel, in kiosk mode too', async () => {
    const root = rootWith(board({}));
    root.alarms.upsertMany([makeAlarm({ alarmId: 5, level: 'warning' }), sos], false);
    await renderWithApp(<BoardView projectName="Demo" kiosk />, root);
    const banner = document.querySelector('[data-alarm-banner]') as HTMLElement;
    expect(banner).toBeTruthy();
    expect(banner.getAttribute('data-alarm-count')).toBe('2');
    expect(banner.getAttribute('data-worst-alarm-id')).toBe('7');
    expect(banner.textContent).toContain('Li Ming');
    expect(banner.textContent).not.toContain('SOS SOS');
  });

  it('colours the header while an alarm is open, and clears when it is handled', async () => {
    const root = rootWith(board({}));
    root.alarms.upsertMany([sos], false);
    await renderWithApp(<BoardView projectName="Demo" />, root);
    expect(document.querySelector('header')!.getAttribute('data-alarm-level')).toBe('alarm');
    act(() => root.alarms.upsertMany([{ ...sos, dealStatus: 1 }], false));
    expect(document.querySelector('[data-alarm-banner]')).toBeNull();
    expect(document.querySelector('header')!.getAttribute('data-alarm-level')).toBeNull();
  });

  it('has the sound off by default, and a click turns it on', async () => {
    await renderWithApp(<BoardView projectName="Demo" />, rootWith(board({})));
    const sound = document.querySelector('header [data-sound]') as HTMLElement;
    expect(sound.getAttribute('data-sound')).toBe('off');
    fireEvent.click(sound);
    expect(document.querySelector('header [data-sound]')!.getAttribute('data-sound')).toBe('on');
    localStorage.clear();
  });

  it('in a carousel, an SOS brings up the page showing that person and holds it', async () => {
    const b = board({ pageSwitchModel: 2, carouselIntervalS: 0.05 });
    b.pages[0].panels = [{ panelId: 'g', type: 'gasTable', title: 'Gas', x: 0, y: 0, w: 100, h: 100, z: 1, config: {} }];
    b.pages[1].panels = [{ panelId: 'm', type: 'tunnelPersonnel', title: 'Map', x: 0, y: 0, w: 100, h: 100, z: 1, config: { tunnelIds: ['LK'] } }];
    const root = rootWith(b);
    root.devices.replaceAll([{ sn: 'BC0001', kind: 'beacon', name: 'Li Ming', position: 'Li Ming', tunnelId: 'LK', reportPeriodS: 1, status: 'alarm', lastSeenMs: 1, latest: { chainageM: 400 }, thresholds: [] }]);
    await renderWithApp(<BoardView />, root);
    act(() => root.alarms.upsertMany([sos], false));
    expect(await screen.findByText(/Second \(2\/2\)/)).toBeTruthy();
    // held: sampled across several carousel intervals, it is always the person's page
    for (let i = 0; i < 6; i++) {
      await act(() => new Promise((r) => setTimeout(r, 70)));
      expect(screen.getByText(/\((\d)\/2\)/).textContent).toContain('Second (2/2)');
    }
  });

  it('folds a flood above the board\'s rate below the SOS (no shelve action for it), and does not announce a shelved alarm', async () => {
    const now = Date.now();
    const root = rootWith(board({ alarmFloodPer10Min: 3 }));
    root.tunnels.replace([{ tunnelId: 'LK', name: 'Left bore', startChainageM: 13_000, lengthM: 3000, headings: [] }]);
    root.devices.replaceAll(
      ['B1', 'B2', 'B3', 'B4'].map((sn, i) => ({ sn, kind: 'beacon' as const, name: sn, position: sn, tunnelId: 'LK', reportPeriodS: 1, status: 'online' as const, lastSeenMs: now, latest: { chainageM: 100 + i }, thresholds: [] })),
    );
    const battery = (alarmId: number, sn: string) => makeAlarm({ alarmId, deviceKind: 'beacon', deviceSn: sn, deviceName: sn, metric: 'battery', value: 8, threshold: 10, unit: '%', side: 'below', level: 'alarm', raisedAtMs: now - 1000 });
    const shelved = { ...makeAlarm({ alarmId: 20, metric: 'CO', value: 99, threshold: 24, level: 'alarm', raisedAtMs: now - 1000 }), shelvedUntilMs: now + 3_600_000 };
    root.alarms.upsertMany([{ ...sos, raisedAtMs: now - 1000 }, battery(11, 'B1'), battery(12, 'B2'), battery(13, 'B3'), battery(14, 'B4'), shelved], false);
    // a full-HD wall: the flood lists its lines (a 1366×768 one lists only the worst, floodLines)
    Object.defineProperty(window, 'innerHeight', { value: 1080, configurable: true });
    await renderWithApp(<BoardView projectName="Demo" />, root);
    Object.defineProperty(window, 'innerHeight', { value: 768, configurable: true });
    const banner = document.querySelector('[data-alarm-banner]') as HTMLElement;
    expect(banner.getAttribute('data-flood')).toBe('6');
    expect(banner.getAttribute('data-alarm-count')).toBe('5'); // the shelved CO is not announced
    expect(banner.querySelector('[data-banner-shelved]')?.textContent).toBe('1 shelved');
    const critical = banner.querySelector('[data-flood-critical="sos"]') as HTMLElement;
    expect(critical.textContent).toContain('Li Ming');
    expect(critical.querySelector('[data-banner-shelve]')).toBeNull();
    const groups = [...banner.querySelectorAll('[data-flood-group]')];
    expect(groups.map((g) => g.querySelector('[data-group-text]')!.textContent)).toEqual(['Battery · Below limit · 4 people · Left bore K13+100–K13+103']);
    expect(groups[0].querySelector('[data-banner-shelve]')).toBeTruthy();
  });

  it('never mirrors the page area in a right-to-left language (a layout is its author\'s)', async () => {
    await renderWithApp(<BoardView projectName="Demo" />, rootWith(board({})));
    const header = document.querySelector('header')!;
    const view = header.nextElementSibling as HTMLElement;
    expect(view.getAttribute('dir')).toBe('ltr');
  });
});
