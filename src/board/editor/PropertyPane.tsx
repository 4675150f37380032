import { observer } from 'mobx-react-lite';
import { Trans, useLingui } from '@lingui/react/macro';
import { usePanelRegistry } from '../../components';
import type { EditorStore } from '../../stores/EditorStore';
import { updatePanelProps, zOrder, type PanelProps } from './commands';
import { DataSection } from './properties/DataSection';
import { NumberField, Section } from './properties/fields';
import { LayersList } from './properties/LayersList';
import { ArrangeButtons, SelectionPane } from './properties/SelectionPane';
import { SettingsSection } from './properties/SettingsSection';
import { StyleSection } from './properties/StyleSection';
import { COLORS, UI } from './ui';

export { parseConfigText } from './properties/SettingsSection';

/** Why the last edit was refused (store.notice), until the next edit. */
const Notice = observer(function Notice({ store }: { store: EditorStore }) {
  const { i18n, t } = useLingui();
  if (!store.notice) return null;
  return (
    <div role="status" data-testid="editor-notice" style={{ ...UI.error, display: 'flex', gap: 6, alignItems: 'flex-start' }}>
      <span style={{ flex: 1 }}>{i18n._(store.notice)}</span>
      <button type="button" style={UI.button} aria-label={t`Dismiss`} onClick={() => store.notify(null)}>
        ×
      </button>
    </div>
  );
});

/**
 * The builder's right pane. Nothing selected: the page's layers. Several: group, lock, hide and style
 * for all. One panel: title; position and size (read-only while locked); stacking; lock, hide and
 * group; Style; Data (device and tunnel bindings); Settings (generated form and Advanced JSON). Every
 * change is one undo step, saved by autosave.
 */
export const PropertyPane = observer(function PropertyPane({ store }: { store: EditorStore }) {
  const { t, i18n } = useLingui();
  const registry = usePanelRegistry();
  const sel = store.selectedPanels;
  const board = store.board;
  const pageId = store.pageId;
  if (!board || !pageId) return null;
  if (sel.length !== 1) {
    return (
      <div style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
        <Notice store={store} />
        {sel.length === 0 ? (
          <>
            <p style={{ color: COLORS.muted, margin: 0 }}>
              <Trans>Select a panel to edit it.</Trans>
            </p>
            <LayersList store={store} />
          </>
        ) : (
          <SelectionPane store={store} panels={sel} />
        )}
      </div>
    );
  }
  const p = sel[0];
  const typeDef = registry.get(p.type);
  const set = (props: PanelProps) => store.run(updatePanelProps(board, pageId, p.panelId, props));
  const restack = (move: 'front' | 'back' | 'forward' | 'backward') => store.run(zOrder(board, pageId, [p.panelId], move));
  const locked = !!p.locked;
  return (
    <div key={p.panelId} style={{ display: 'flex', flexDirection: 'column', gap: 8 }} data-testid="property-pane">
      <Notice store={store} />
      <div style={{ color: COLORS.muted }} title={p.type}>
        {typeDef ? i18n._(typeDef.title) : p.type}
      </div>
      <label style={{ display: 'flex', flexDirection: 'column', gap: 2, fontSize: 11, color: COLORS.muted }}>
        <Trans>Title</Trans>
        <input
          key={p.title ?? ''}
          aria-label={t`Title`}
          defaultValue={p.title ?? ''}
          maxLength={200}
          style={UI.input}
          onKeyDown={(e) => e.key === 'Enter' && (e.target as HTMLInputElement).blur()}
          onBlur={(e) => e.target.value !== (p.title ?? '') && set({ title: e.target.value })}
        />
      </label>
      <Section title={<Trans>Position and size</Trans>}>
        <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 6 }}>
          <NumberField label="x" value={p.x} disabled={locked} onCommit={(x) => x !== undefined && set({ x })} />
          <NumberField label="y" value={p.y} disabled={locked} onCommit={(y) => y !== undefined && set({ y })} />
          <NumberField label="w" value={p.w} disabled={locked} onCommit={(w) => w !== undefined && set({ w })} />
          <NumberField label="h" value={p.h} disabled={locked} onCommit={(h) => h !== undefined && set({ h })} />
        </div>
        <div style={{ display: 'flex', gap: 4, flexWrap: 'wrap', alignItems: 'center' }}>
          <span style={{ fontSize: 11, color: COLORS.muted }}>z {p.z}</span>
          <button type="button" style={UI.button} onClick={() => restack('front')}>
            <Trans>To front</Trans>
          </button>
          <button type="button" style={UI.button} onClick={() => restack('forward')}>
            <Trans>Forward</Trans>
          </button>
          <button type="button" style={UI.button} onClick={() => restack('backward')}>
            <Trans>Backward</Trans>
          </button>
          <button type="button" style={UI.button} onClick={() => restack('back')}>
            <Trans>To back</Trans>
          </button>
        </div>
      </Section>
      <label>
        <input type="checkbox" checked={locked} onChange={(e) => store.setFlag('locked', [p.panelId], e.target.checked)} /> <Trans>Locked</Trans>
      </label>
      <label>
        <input type="checkbox" checked={!!p.hidden} onChange={(e) => store.setFlag('hidden', [p.panelId], e.target.checked)} /> <Trans>Hidden in viewers</Trans>
      </label>
      {p.groupId ? <ArrangeButtons store={store} panels={sel} /> : null}
      <StyleSection store={store} panels={sel} />
      <DataSection store={store} panel={p} />
      <SettingsSection store={store} panel={p} />
    </div>
  );
});
