import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { useSearchParams } from 'react-router';
import { useDocumentTitle } from './useDocumentTitle';
import { Menu, MenuItem, MenuList, MenuPopover, MenuTrigger } from '@fluentui/react-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { HeaderActions } from '../../app/shell/HeaderActions';
import { useProjectId } from '../../app/shell/useProjectId';
import { useOpenProject, useStores } from '../../stores';
import { EditorStore } from '../../stores/EditorStore';
import { Canvas } from './Canvas';
import { Catalogue } from './Catalogue';
import { alignPanels, distributePanels } from './commands';
import { clampZoom, fitScale, type AlignMode } from './geometry';
import { NewBoardForm } from './NewBoardForm';
import { PagesPane } from './PagesPane';
import { PropertyPane } from './PropertyPane';
import { RecoveredBanner, downloadText } from './RecoveredBanner';
import { ReleaseDialog } from './ReleaseDialog';
import { ReleasesDialog } from './ReleasesDialog';
import { ReleaseStateBadge } from './ReleaseStateBadge';
import { RULER_PX, Rulers } from './Rulers';
import { ShortcutSheet } from './ShortcutSheet';
import { handleShortcut } from './tools';
import { COLORS, UI } from './ui';

/** Zoom levels of the zoom menu besides Fit (as Figma's and Grafana's zoom menus). */
const ZOOM_STEPS = [0.5, 1, 2] as const;

const ALIGN_BUTTONS: Array<{ mode: AlignMode; label: MessageDescriptor; icon: string }> = [
  { mode: 'left', label: msg`Align left`, icon: '⇤' },
  { mode: 'hCenter', label: msg`Align horizontal centres`, icon: '↔' },
  { mode: 'right', label: msg`Align right`, icon: '⇥' },
  { mode: 'top', label: msg`Align top`, icon: '⤒' },
  { mode: 'vCenter', label: msg`Align vertical centres`, icon: '↕' },
  { mode: 'bottom', label: msg`Align bottom`, icon: '⤓' },
];

/**
 * /dataV/create: the board builder. Board picker and "New board", pages, panel catalogue, the canvas
 * (one zoom menu: fit, 50, 100, 200 %, the current value; Ctrl+wheel) and the property pane; autosaves, and stops with a Reload banner when
 * someone else changed the board.
 */
export const BuilderScreen = observer(function BuilderScreen() {
  const root = useStores();
  const { t, i18n } = useLingui();
  const projectId = useProjectId();
  const [store] = useState(() => new EditorStore({ request: root.request }));
  const [params, setParams] = useSearchParams();
  // Without ?boardId the project's first board is edited; the URL is left as it is (it may carry other state).
  const boardId = params.get('boardId') ?? store.boards[0]?.boardId ?? null;
  const [creating, setCreating] = useState(false);
  const [help, setHelp] = useState(false);
  const [releases, setReleases] = useState(false);
  const [releasing, setReleasing] = useState(false);
  const [zoomMode, setZoomMode] = useState<'fit' | number>('fit');
  const [viewport, setViewport] = useState({ w: 0, h: 0 });
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const viewportRef = useRef<HTMLDivElement>(null);
  const [pageEl, setPageEl] = useState<HTMLDivElement | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);

  useEffect(() => () => void store.flush().finally(() => store.dispose()), [store]);
  useEffect(() => {
    if (projectId) store.loadList(projectId).catch(() => {});
  }, [store, projectId]);
  // The canvas draws the real panels: they need the project's devices and live feeds, as in a viewer.
  useOpenProject(projectId);
  useEffect(() => {
    // A board the store has just created and opened is not opened again when the URL comes to name it.
    if (boardId && store.board?.boardId !== boardId) void store.open(boardId);
  }, [store, boardId]);

  // Leaving with edits not yet on the server asks first (they would be lost).
  useEffect(() => {
    const onUnload = (e: BeforeUnloadEvent) => {
      if (store.saveState !== 'saved') e.preventDefault();
    };
    window.addEventListener('beforeunload', onUnload);
    return () => window.removeEventListener('beforeunload', onUnload);
  }, [store]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const r = handleShortcut(store, e);
      if (r === 'help') setHelp((h) => !h);
      if (r) e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [store]);

  useLayoutEffect(() => {
    const el = viewportRef.current;
    if (!el) return;
    const measure = () => setViewport({ w: el.clientWidth, h: el.clientHeight });
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    const onWheel = (e: WheelEvent) => {
      if (!e.ctrlKey) return;
      e.preventDefault();
      setZoomMode((z) => clampZoom((typeof z === 'number' ? z : Number(el.dataset.zoom)) * Math.exp(-e.deltaY * 0.002)));
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => {
      ro.disconnect();
      el.removeEventListener('wheel', onWheel);
    };
  }, [store.board !== null]); // eslint-disable-line react-hooks/exhaustive-deps

  const board = store.board;
  const page = store.page;
  useDocumentTitle(board?.name);
  const fit = board ? fitScale({ w: board.layout.pageWidth, h: board.layout.pageHeight }, viewport, 24) : 1;
  const zoom = zoomMode === 'fit' ? fit : zoomMode;
  const sel = store.selection;

  const release = async (note: string) => {
    setMessage(null);
    await store.release(note || undefined);
    setMessage({ text: t`Released. Viewers now see this version.`, error: false });
    if (projectId) store.loadList(projectId).catch(() => {});
  };
  const exportJson = () => downloadText(`${board?.name ?? 'board'}.json`, store.exportJson());
  const importJson = (file: File) => {
    file.text().then((text) => {
      const err = store.importJson(text);
      setMessage(err ? { text: t`Import refused, nothing changed: ${err}`, error: true } : { text: t`Imported ${file.name}.`, error: false });
    });
  };

  const saveText = {
    saved: t`All changes saved`,
    pending: t`Unsaved changes…`,
    saving: t`Saving…`,
    error: store.saveError ?? t`Not saved`,
    conflict: t`Not saved`,
  }[store.saveState];

  return (
    <main style={{ height: '100vh', display: 'grid', gridTemplateRows: 'auto auto 1fr', gridTemplateColumns: '240px 1fr 280px', background: COLORS.workspace, color: COLORS.text, fontSize: 13 }}>
      <header style={{ gridColumn: '1 / 4', display: 'flex', gap: 6, alignItems: 'center', padding: '6px 10px', borderBottom: `1px solid ${COLORS.border}`, background: COLORS.pane, flexWrap: 'wrap' }}>
        <strong style={{ marginRight: 8 }}>
          <Trans>Board builder</Trans>
        </strong>
        <select aria-label={t`Board`} value={boardId ?? ''} onChange={(e) => setParams({ boardId: e.target.value })} style={UI.input}>
          {boardId ? null : <option value="">{t`Choose a board`}</option>}
          {store.boards.map((b) => (
            <option key={b.boardId} value={b.boardId}>
              {b.name}
            </option>
          ))}
        </select>
        <button type="button" style={UI.button} onClick={() => setCreating(true)}>
          <Trans>New board</Trans>
        </button>
        <span style={{ width: 12 }} />
        <button type="button" style={UI.button} disabled={!store.canUndo} onClick={() => store.undo()} title="Ctrl+Z">
          <Trans>Undo</Trans>
        </button>
        <button type="button" style={UI.button} disabled={!store.canRedo} onClick={() => store.redo()} title="Ctrl+Shift+Z">
          <Trans>Redo</Trans>
        </button>
        <span style={{ width: 12 }} />
        {ALIGN_BUTTONS.map((b) => (
          <button key={b.mode} type="button" style={UI.button} disabled={sel.length < 2} title={i18n._(b.label)} aria-label={i18n._(b.label)} onClick={() => store.run(alignPanels(board!, page!.pageId, sel, b.mode, store.locked))}>
            {b.icon}
          </button>
        ))}
        <button type="button" style={UI.button} disabled={sel.length < 3} title={t`Distribute horizontally`} aria-label={t`Distribute horizontally`} onClick={() => store.run(distributePanels(board!, page!.pageId, sel, 'x', store.locked))}>
          ⋯
        </button>
        <button type="button" style={UI.button} disabled={sel.length < 3} title={t`Distribute vertically`} aria-label={t`Distribute vertically`} onClick={() => store.run(distributePanels(board!, page!.pageId, sel, 'y', store.locked))}>
          ⋮
        </button>
        <span style={{ width: 12 }} />
        <Menu positioning="below-start">
          <MenuTrigger disableButtonEnhancement>
            <button type="button" style={{ ...UI.button, minWidth: 74, whiteSpace: 'nowrap' }} aria-label={t`Zoom: ${Math.round(zoom * 100)} %`}>
              <span data-testid="zoom">{Math.round(zoom * 100)} %</span> ▾
            </button>
          </MenuTrigger>
          <MenuPopover>
            <MenuList>
              <MenuItem onClick={() => setZoomMode('fit')} secondaryContent={zoomMode === 'fit' ? '✓' : undefined}>
                {t`Fit`} ({Math.round(fit * 100)} %)
              </MenuItem>
              {ZOOM_STEPS.map((z) => (
                <MenuItem key={z} onClick={() => setZoomMode(z)} secondaryContent={zoomMode === z ? '✓' : undefined}>
                  {Math.round(z * 100)} %
                </MenuItem>
              ))}
            </MenuList>
          </MenuPopover>
        </Menu>
        <span style={{ flex: 1 }} />
        <span data-testid="save-state" data-state={store.saveState} style={{ color: store.saveState === 'error' || store.saveState === 'conflict' ? COLORS.danger : COLORS.muted }}>
          {saveText}
        </span>
        <a href={boardId ? `#/dataV/preview?boardId=${encodeURIComponent(boardId)}` : undefined} target="_blank" rel="noreferrer" style={{ ...UI.button, textDecoration: 'none' }}>
          <Trans>Preview</Trans>
        </a>
        {store.releaseState ? <ReleaseStateBadge state={store.releaseState} /> : null}
        <button type="button" style={UI.primary} disabled={!board || store.live === undefined} onClick={() => setReleasing(true)}>
          <Trans>Release…</Trans>
        </button>
        <button type="button" style={UI.button} disabled={!board} onClick={() => setReleases(true)}>
          <Trans>Version history…</Trans>
        </button>
        <Menu positioning="below-end">
          <MenuTrigger disableButtonEnhancement>
            <button type="button" style={UI.button} disabled={!board} aria-label={t`More actions`} title={t`More actions`}>
              ⋯
            </button>
          </MenuTrigger>
          <MenuPopover>
            <MenuList>
              <MenuItem onClick={exportJson}>{t`Export JSON`}</MenuItem>
              <MenuItem onClick={() => fileRef.current?.click()}>{t`Import JSON`}</MenuItem>
            </MenuList>
          </MenuPopover>
        </Menu>
        <input
          ref={fileRef}
          type="file"
          accept="application/json,.json"
          aria-label={t`Import JSON file`}
          data-testid="import-file"
          style={{ display: 'none' }}
          onChange={(e) => {
            const f = e.target.files?.[0];
            if (f) importJson(f);
            e.target.value = '';
          }}
        />
        <button type="button" style={UI.button} aria-label={t`Keyboard shortcuts`} onClick={() => setHelp(true)}>
          ?
        </button>
        <HeaderActions />
      </header>
      <div style={{ gridColumn: '1 / 4' }}>
        {creating && projectId ? (
          <div style={{ padding: '6px 10px', borderBottom: `1px solid ${COLORS.border}`, background: COLORS.pane }}>
            <NewBoardForm
              store={store}
              projectId={projectId}
              onCreated={(id) => {
                setCreating(false);
                setParams({ boardId: id });
              }}
              onCancel={() => setCreating(false)}
            />
          </div>
        ) : null}
        {store.saveState === 'conflict' ? (
          <div role="alert" data-testid="conflict-banner" style={{ padding: '8px 10px', background: COLORS.dangerBackground, display: 'flex', gap: 10, alignItems: 'center' }}>
            <span>{t`This board was changed by someone else. Reload to see their changes.`}</span>
            <button type="button" style={UI.primary} onClick={() => void store.reload()}>
              <Trans>Reload</Trans>
            </button>
          </div>
        ) : null}
        <RecoveredBanner store={store} />
        {store.saveState === 'error' ? (
          <div role="status" style={{ padding: '6px 10px', background: COLORS.warnBackground }}>
            {store.saveError} <Trans>Retrying…</Trans>{' '}
            <button type="button" style={UI.button} onClick={() => void store.flush()}>
              <Trans>Retry now</Trans>
            </button>
          </div>
        ) : null}
        {message ? (
          <div role={message.error ? 'alert' : 'status'} data-testid="builder-message" style={{ padding: '6px 10px', background: message.error ? COLORS.dangerBackground : COLORS.okBackground, display: 'flex', gap: 10 }}>
            <span style={{ whiteSpace: 'pre-wrap' }}>{message.text}</span>
            <button type="button" style={UI.button} onClick={() => setMessage(null)}>
              <Trans>Dismiss</Trans>
            </button>
          </div>
        ) : null}
        {store.loadError ? (
          <div role="alert" style={{ padding: '6px 10px', background: COLORS.dangerBackground }}>
            {store.loadError}
          </div>
        ) : null}
      </div>
      <aside style={UI.pane}>
        {board ? <PagesPane store={store} /> : null}
        {board ? <Catalogue store={store} /> : null}
      </aside>
      <div style={{ position: 'relative', minWidth: 0, minHeight: 0 }}>
        {board ? <Rulers store={store} zoom={zoom} viewportRef={viewportRef} page={pageEl} /> : null}
        <div
          ref={viewportRef}
          data-zoom={zoom}
          data-testid="builder-viewport"
          // a page's layout is its author's, not the interface language's: never mirrored in Arabic
          dir="ltr"
          style={{ position: 'absolute', inset: board ? `${RULER_PX}px 0 0 ${RULER_PX}px` : 0, overflow: 'auto', display: 'flex', padding: 24, boxSizing: 'border-box' }}
        >
          {board ? (
            <div style={{ margin: 'auto' }}>
              <Canvas store={store} zoom={zoom} pageRef={setPageEl} />
            </div>
          ) : (
            <p style={{ margin: 'auto', color: COLORS.muted }}>
              {store.boards.length ? <Trans>Choose a board above.</Trans> : <Trans>No board yet: create one with “New board”.</Trans>}
            </p>
          )}
        </div>
      </div>
      <aside style={{ ...UI.pane, borderRight: 'none', borderLeft: `1px solid ${COLORS.border}` }}>
        <h3 style={UI.heading}>
          <Trans>Properties</Trans>
        </h3>
        <PropertyPane store={store} />
      </aside>
      {help ? <ShortcutSheet onClose={() => setHelp(false)} /> : null}
      {releasing && board && store.live !== undefined ? <ReleaseDialog live={store.live} draft={board} onRelease={release} onClose={() => setReleasing(false)} /> : null}
      {releases && board ? (
        <ReleasesDialog
          boardId={board.boardId}
          onRelease={release}
          onRestore={async (releaseNo) => {
            await store.restoreRelease(releaseNo);
            setMessage({ text: t`Release ${releaseNo} restored into the draft.`, error: false });
          }}
          onClose={() => setReleases(false)}
        />
      ) : null}
    </main>
  );
});
