import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Trans, useLingui } from '@lingui/react/macro';
import type { EditorStore } from '../../stores/EditorStore';
import { addPage, deletePage, movePage, renamePage, setPageSize } from './commands';
import { COLORS, UI } from './ui';

/** Pages of the board: select, add, rename, reorder (drag or up/down), delete; and the page size. */
export const PagesPane = observer(function PagesPane({ store }: { store: EditorStore }) {
  const { t } = useLingui();
  const [renaming, setRenaming] = useState<string | null>(null);
  const [dragging, setDragging] = useState<string | null>(null);
  const board = store.board;
  if (!board) return null;
  const pages = board.pages;
  const sizeKey = `${board.layout.pageWidth}x${board.layout.pageHeight}`;

  return (
    <section aria-label={t`Pages`}>
      <h3 style={UI.heading}>
        <Trans>Pages</Trans>
      </h3>
      <ol style={{ listStyle: 'none', padding: 0, margin: 0, display: 'flex', flexDirection: 'column', gap: 4 }} data-testid="pages-list">
        {pages.map((p, i) => (
          <li
            key={p.pageId}
            draggable={renaming !== p.pageId}
            onDragStart={(e) => {
              setDragging(p.pageId);
              e.dataTransfer.setData('text/x-siteboard-page', p.pageId);
            }}
            onDragOver={(e) => dragging && e.preventDefault()}
            onDrop={(e) => {
              e.preventDefault();
              if (dragging) store.run(movePage(board, dragging, i));
              setDragging(null);
            }}
            style={{ display: 'flex', gap: 4, alignItems: 'center', padding: 4, borderRadius: 4, background: p.pageId === store.pageId ? COLORS.raised : 'transparent', outline: p.pageId === store.pageId ? `1px solid ${COLORS.border}` : undefined }}
          >
            {renaming === p.pageId ? (
              <input
                autoFocus
                aria-label={t`Page name`}
                defaultValue={p.name}
                style={{ ...UI.input, flex: 1, minWidth: 0 }}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') (e.target as HTMLInputElement).blur();
                  if (e.key === 'Escape') setRenaming(null);
                }}
                onBlur={(e) => {
                  store.run(renamePage(board, p.pageId, e.target.value));
                  setRenaming(null);
                }}
              />
            ) : (
              <button type="button" onClick={() => store.setPage(p.pageId)} onDoubleClick={() => setRenaming(p.pageId)} style={{ ...UI.button, flex: 1, textAlign: 'left', background: 'transparent', border: 'none' }}>
                {p.name}
              </button>
            )}
            <button type="button" style={UI.button} title={t`Rename`} aria-label={t`Rename ${p.name}`} onClick={() => setRenaming(p.pageId)}>
              ✎
            </button>
            <button type="button" style={UI.button} title={t`Move up`} aria-label={t`Move ${p.name} up`} disabled={i === 0} onClick={() => store.run(movePage(board, p.pageId, i - 1))}>
              ↑
            </button>
            <button type="button" style={UI.button} title={t`Move down`} aria-label={t`Move ${p.name} down`} disabled={i === pages.length - 1} onClick={() => store.run(movePage(board, p.pageId, i + 1))}>
              ↓
            </button>
            <button type="button" style={UI.button} title={t`Delete page`} aria-label={t`Delete ${p.name}`} disabled={pages.length <= 1} onClick={() => store.run(deletePage(board, p.pageId))}>
              ✕
            </button>
          </li>
        ))}
      </ol>
      <button type="button" style={{ ...UI.button, marginTop: 6 }} onClick={() => store.run(addPage(board, t`Page ${pages.length + 1}`, store.newId)) && store.setPage(store.board!.pages.at(-1)!.pageId)}>
        <Trans>Add page</Trans>
      </button>
      <form
        key={sizeKey}
        style={{ display: 'flex', gap: 4, alignItems: 'center', marginTop: 10 }}
        onSubmit={(e) => {
          e.preventDefault();
          const f = new FormData(e.currentTarget);
          store.run(setPageSize(board, Number(f.get('w')), Number(f.get('h'))));
        }}
      >
        <span style={{ whiteSpace: 'nowrap' }}>
          <Trans>Size</Trans>
        </span>
        <input name="w" aria-label={t`Page width`} type="number" defaultValue={board.layout.pageWidth} style={{ ...UI.input, width: 62, minWidth: 0 }} />×
        <input name="h" aria-label={t`Page height`} type="number" defaultValue={board.layout.pageHeight} style={{ ...UI.input, width: 62, minWidth: 0 }} />
        {/* nowrap, no shrink: in zh-CN "设置" broke onto two lines in the narrow pane */}
        <button type="submit" style={{ ...UI.button, whiteSpace: 'nowrap', flexShrink: 0 }}>
          <Trans>Set</Trans>
        </button>
      </form>
    </section>
  );
});
