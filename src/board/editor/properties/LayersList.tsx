import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Eye16Regular, EyeOff16Regular, LockClosed16Regular, LockOpen16Regular } from '@fluentui/react-icons';
import { Trans, useLingui } from '@lingui/react/macro';
import { usePanelRegistry } from '../../../components';
import type { EditorStore } from '../../../stores/EditorStore';
import type { Panel } from '../../../../protocol';
import { stackOrder } from '../../../../protocol/boardOps';
import { useStores } from '../../../stores';
import { setHidden, setLocked, updatePanelProps, zOrder } from '../commands';
import { COLORS, UI } from '../ui';
import { Section } from './fields';

/** Drag data of a Layers row: the panel id (distinct from the catalogue's panel-type drags). */
const LAYER_MIME = 'application/x-siteboard-layer';

/**
 * "Layers": the page's panels from top to bottom of the stacking order, with lock and hide toggles
 * (undoable, saved) and a marker per group (G1, G2, … in order of appearance). Each row shows the panel's
 * name and, below it, its type and what tells it apart from others of the type: the devices or tunnel it
 * is bound to (by name), else its size. A click selects the panel (with its group); ✎ (or F2 on the
 * row) renames it in place (Enter keeps, Escape drops; an empty name goes back to the type's); dragging a
 * row onto another restacks it there (one undo step).
 */
export const LayersList = observer(function LayersList({ store }: { store: EditorStore }) {
  const registry = usePanelRegistry();
  const { t, i18n } = useLingui();
  const [over, setOver] = useState<string | null>(null);
  const [renaming, setRenaming] = useState<string | null>(null);
  const root = useStores();
  const page = store.page;
  const board = store.board;
  if (!page || !board) return null;
  const top = [...page.panels].sort((a, b) => b.z - a.z);
  const groupNo = new Map<string, number>();
  for (const p of [...top].reverse()) if (p.groupId && !groupNo.has(p.groupId)) groupNo.set(p.groupId, groupNo.size + 1);
  const selected = new Set(store.selection);
  // A row dropped on another takes its place in the stack: below it when dragged down, above it when up.
  const drop = (draggedId: string, target: Panel) => {
    const dragged = page.panels.find((p) => p.panelId === draggedId);
    if (!dragged || dragged.panelId === target.panelId) return;
    const rest = stackOrder(page.panels.filter((p) => p.panelId !== draggedId));
    const at = rest.findIndex((p) => p.panelId === target.panelId);
    store.run(zOrder(board, page.pageId, [draggedId], { index: dragged.z > target.z ? at : at + 1 }));
  };
  return (
    <Section title={<Trans>Layers</Trans>} testId="layers">
      {top.length === 0 ? (
        <span style={{ color: COLORS.muted }}>
          <Trans>No panels on this page yet.</Trans>
        </span>
      ) : null}
      <ol style={{ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 2 }}>
        {top.map((p) => {
          const def = registry.get(p.type);
          const typeName = def ? i18n._(def.title) : p.type;
          const name = p.title || typeName;
          const bound = (def?.bindings ?? []).flatMap((b) => {
            const v = p.config[b.key];
            const ids = Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : typeof v === 'string' && v ? [v] : [];
            return ids.map((id) => (b.target === 'tunnel' ? root.tunnels.tunnels.find((x) => x.tunnelId === id)?.name : root.devices.all.find((d) => d.sn === id)?.name) ?? id);
          });
          const detail = bound.length ? bound.slice(0, 2).join(', ') + (bound.length > 2 ? ` +${bound.length - 2}` : '') : `${Math.round(p.w)}×${Math.round(p.h)}`;
          const rename = (value: string) => {
            setRenaming(null);
            const title = value.trim() || undefined;
            if (title !== p.title) store.run(updatePanelProps(board, page.pageId, p.panelId, { title }));
          };
          const g = p.groupId ? groupNo.get(p.groupId) : undefined;
          return (
            <li
              key={p.panelId}
              data-testid="layer-row"
              data-panel-id={p.panelId}
              draggable
              title={t`Drag to restack`}
              onDragStart={(e) => {
                e.dataTransfer.setData(LAYER_MIME, p.panelId);
                e.dataTransfer.effectAllowed = 'move';
              }}
              onDragOver={(e) => {
                if (!e.dataTransfer.types.includes(LAYER_MIME)) return;
                e.preventDefault();
                setOver(p.panelId);
              }}
              onDragLeave={() => setOver((o) => (o === p.panelId ? null : o))}
              onDrop={(e) => {
                e.preventDefault();
                setOver(null);
                drop(e.dataTransfer.getData(LAYER_MIME), p);
              }}
              style={{ display: 'flex', gap: 4, alignItems: 'center', opacity: p.hidden ? 0.55 : 1, cursor: 'grab', outline: over === p.panelId ? `1px dashed ${COLORS.brand}` : 'none' }}
            >
              {renaming === p.panelId ? (
                <input
                  autoFocus
                  aria-label={t`Panel name`}
                  defaultValue={p.title ?? ''}
                  placeholder={typeName}
                  maxLength={200}
                  style={{ ...UI.input, flex: 1, minWidth: 0 }}
                  onFocus={(e) => e.target.select()}
                  onKeyDown={(e) => {
                    e.stopPropagation();
                    if (e.key === 'Enter') rename(e.currentTarget.value);
                    if (e.key === 'Escape') setRenaming(null);
                  }}
                  onBlur={(e) => renaming === p.panelId && rename(e.target.value)}
                />
              ) : (
                <button
                  type="button"
                  aria-pressed={selected.has(p.panelId)}
                  aria-label={name}
                  aria-description={`${typeName} · ${detail}`}
                  onClick={() => store.select([p.panelId])}
                  onKeyDown={(e) => {
                    if (e.key === 'F2') {
                      e.preventDefault();
                      setRenaming(p.panelId);
                    }
                  }}
                  style={{ ...UI.button, flex: 1, minWidth: 0, textAlign: 'left', display: 'flex', flexDirection: 'column', gap: 1, borderColor: selected.has(p.panelId) ? COLORS.brand : COLORS.border }}
                >
                  <span data-testid="layer-name" style={{ width: '100%', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                    {g ? <span title={t`Group ${g}`} style={{ color: COLORS.brand, marginRight: 4 }}>G{g}</span> : null}
                    {name}
                  </span>
                  <span data-testid="layer-detail" style={{ width: '100%', fontSize: 10, color: COLORS.muted, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                    {p.title ? `${typeName} · ${detail}` : detail}
                  </span>
                </button>
              )}
              <button type="button" style={UI.button} aria-label={t`Rename ${name}`} title={t`Rename`} onClick={() => setRenaming(p.panelId)}>
                ✎
              </button>
              <button type="button" style={UI.button} aria-pressed={!!p.locked} aria-label={p.locked ? t`Unlock ${name}` : t`Lock ${name}`} title={p.locked ? t`Unlock` : t`Lock`} onClick={() => store.run(setLocked(board, page.pageId, [p.panelId], !p.locked))}>
                {p.locked ? <LockClosed16Regular /> : <LockOpen16Regular />}
              </button>
              <button type="button" style={UI.button} aria-pressed={!!p.hidden} aria-label={p.hidden ? t`Show ${name}` : t`Hide ${name}`} title={p.hidden ? t`Show` : t`Hide`} onClick={() => store.run(setHidden(board, page.pageId, [p.panelId], !p.hidden))}>
                {p.hidden ? <EyeOff16Regular /> : <Eye16Regular />}
              </button>
            </li>
          );
        })}
      </ol>
    </Section>
  );
});
