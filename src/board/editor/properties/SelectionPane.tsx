import { observer } from 'mobx-react-lite';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Panel } from '../../../../protocol';
import { usePanelRegistry } from '../../../components';
import type { EditorStore } from '../../../stores/EditorStore';
import { groupPanels, isOneGroup, setHidden, setLocked, ungroupPanels } from '../commands';
import { COLORS, UI } from '../ui';
import { Section } from './fields';
import { StyleSection } from './StyleSection';

/**
 * Group, lock and hide buttons for the selected panels (any number ≥ 1): "Group" (Ctrl+G) when they are
 * not one group yet, "Ungroup" (Ctrl+Shift+G) when any is grouped. Each is one undo step.
 */
export const ArrangeButtons = observer(function ArrangeButtons({ store, panels }: { store: EditorStore; panels: Panel[] }) {
  const board = store.board;
  const pageId = store.pageId;
  if (!board || !pageId) return null;
  const ids = panels.map((p) => p.panelId);
  const allLocked = panels.every((p) => p.locked);
  const allHidden = panels.every((p) => p.hidden);
  const grouped = panels.some((p) => p.groupId);
  return (
    <div style={{ display: 'flex', gap: 4, flexWrap: 'wrap' }}>
      {panels.length > 1 && !isOneGroup(board, pageId, ids) ? (
        <button type="button" style={UI.button} title="Ctrl+G" onClick={() => store.run(groupPanels(board, pageId, ids, store.newId))}>
          <Trans>Group</Trans>
        </button>
      ) : null}
      {grouped ? (
        <button type="button" style={UI.button} title="Ctrl+Shift+G" onClick={() => store.run(ungroupPanels(board, pageId, ids))}>
          <Trans>Ungroup</Trans>
        </button>
      ) : null}
      <button type="button" style={UI.button} aria-pressed={allLocked} onClick={() => store.run(setLocked(board, pageId, ids, !allLocked))}>
        {allLocked ? <Trans>Unlock</Trans> : <Trans>Lock</Trans>}
      </button>
      <button type="button" style={UI.button} aria-pressed={allHidden} onClick={() => store.run(setHidden(board, pageId, ids, !allHidden))}>
        {allHidden ? <Trans>Show</Trans> : <Trans>Hide</Trans>}
      </button>
    </div>
  );
});

/**
 * The pane for several selected panels: what is selected (a click on a member edits just that one, even
 * inside a group), group/lock/hide, and their common style. Alignment lives in the toolbar.
 */
export const SelectionPane = observer(function SelectionPane({ store, panels }: { store: EditorStore; panels: Panel[] }) {
  const registry = usePanelRegistry();
  const { t, i18n } = useLingui();
  const n = panels.length;
  const oneGroup = store.board && store.pageId ? isOneGroup(store.board, store.pageId, panels.map((p) => p.panelId)) : false;
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 8 }} data-testid="selection-pane">
      <p style={{ color: COLORS.muted, margin: 0 }}>{oneGroup ? <Trans>A group of {n} panels.</Trans> : <Trans>{n} panels selected. Use the align buttons above.</Trans>}</p>
      <ArrangeButtons store={store} panels={panels} />
      <Section title={<Trans>Selected</Trans>}>
        <ul style={{ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 2 }}>
          {panels.map((p) => {
            const def = registry.get(p.type);
            const name = p.title || (def ? i18n._(def.title) : p.type);
            return (
              <li key={p.panelId}>
                <button type="button" style={{ ...UI.button, width: '100%', textAlign: 'left' }} title={t`Edit only this panel`} onClick={() => store.select([p.panelId], { exact: true })}>
                  {name}
                  {p.locked ? ' 🔒' : ''}
                </button>
              </li>
            );
          })}
        </ul>
      </Section>
      <StyleSection store={store} panels={panels} />
    </div>
  );
});
