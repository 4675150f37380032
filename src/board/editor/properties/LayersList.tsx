import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Eye16Regular, EyeOff16Regular, LockClosed16Regular, LockOpen16Regular } from '@fluentui/react-icons';
import { Trans, useLingui } from '@lingui/react/macro';
import { usePanelRegistry } from '../../../components';
import type { EditorStore } from '../../../stores/EditorStore';
import type { Panel } from '../../../../protocol';
import { setHidden, setLocked, zOrder } from '../commands';
import { COLORS, UI } from '../ui';
import { Section } from './fields';

/** Drag data of a Layers row: the panel id (distinct from the catalogue's panel-type drags). */
const LAYER_MIME = 'application/x-siteboard-layer';

/**
 * "Layers": the page's panels from top to bottom of the stacking order, with lock and hide toggles
 * (undoable, saved) and a marker per group (G1, G2, … in order of appearance). A click selects the panel
 * (with its group); dragging a row onto another restacks it there (one undo step).
 */
export const LayersList = observer(function LayersList({ store }: { store: EditorStore }) {
  const registry = usePanelRegistry();
  const { t, i18n } = useLingui();
  const [over, setOver] = useState<string | null>(null);
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
    const rest = [...page.panels].filter((p) => p.panelId !== draggedId).sort((a, b) => a.z - b.z);
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
          const name = p.title || (def ? i18n._(def.title) : p.type);
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
              <button
                type="button"
                aria-pressed={selected.has(p.panelId)}
                onClick={() => store.select([p.panelId])}
                style={{ ...UI.button, flex: 1, minWidth: 0, textAlign: 'left', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', borderColor: selected.has(p.panelId) ? COLORS.brand : COLORS.border }}
              >
                {g ? <span title={t`Group ${g}`} style={{ color: COLORS.brand, marginRight: 4 }}>G{g}</span> : null}
                {name}
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
