import { createRoot } from 'react-dom/client';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { ROUTES, type Board, type Panel } from '../../../protocol';
import { createRequest } from '../../../src/api/request';
import { Canvas } from '../../../src/board/editor/Canvas';
import { EditorStore } from '../../../src/stores/EditorStore';

/**
 * The builder benchmark page: the real EditorStore and Canvas at zoom 0.5 with `?panels=N` panels on a
 * 1920×1080 page (a grid of boxes), served a board by an in-page fetch. Autosave is pushed out of the
 * measured window. The harness (bench/builder/run.mjs) drives the mouse and reads `window.__frames`.
 */
const params = new URLSearchParams(location.search);
const count = Math.max(1, Math.min(2000, Number(params.get('panels') ?? 20)));
const cols = Math.ceil(Math.sqrt(count * (16 / 9)));
const cellW = 1920 / cols;
const cellH = 1080 / Math.ceil(count / cols);
const panels: Panel[] = Array.from({ length: count }, (_, i) => ({
  panelId: `p${i}`,
  type: 'gasTable',
  x: Math.round((i % cols) * cellW + 4),
  y: Math.round(Math.floor(i / cols) * cellH + 4),
  w: Math.round(cellW - 8),
  h: Math.round(cellH - 8),
  z: i + 1,
  config: {},
}));
const board: Board = {
  boardId: 'bench',
  projectId: 'bench',
  name: 'Bench',
  version: 1,
  layout: { pageWidth: 1920, pageHeight: 1080, pageSwitchModel: 1, wholeTips: 0, pageTips: 0 },
  pages: [{ pageId: 'pg', name: 'Page', order: 0, panels }],
};
const fetchStub = (async (url: string) => {
  const route = new URL(url, location.href).pathname;
  const data = route === ROUTES.boardScreen ? board : { boardId: 'bench', version: 1 };
  return new Response(JSON.stringify({ success: true, data }), { headers: { 'Content-Type': 'application/json' } });
}) as unknown as typeof fetch;

const store = new EditorStore({ request: createRequest({ fetch: fetchStub }), saveDebounceMs: 3_600_000 });
i18n.loadAndActivate({ locale: 'en', messages: {} });

/** Frame timestamps (performance.now(), ms) recorded while `__recording` is true. */
const w = window as unknown as { __frames: number[]; __recording: boolean; __ready: boolean };
w.__frames = [];
w.__recording = false;
const tick = (t: number) => {
  if (w.__recording) w.__frames.push(t);
  requestAnimationFrame(tick);
};
requestAnimationFrame(tick);

void store.open('bench').then(() => {
  createRoot(document.getElementById('root')!).render(
    <I18nProvider i18n={i18n}>
      <div style={{ padding: 20 }}>
        <Canvas store={store} zoom={0.5} />
      </div>
    </I18nProvider>,
  );
  requestAnimationFrame(() => (w.__ready = true));
});
