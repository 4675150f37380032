import { describe, expect, it } from 'vitest';
import { runInAction } from 'mobx';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { makeCraneDevice } from '../test/builders';
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
