import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Panel } from '../../../protocol';
import { prepareConfig, usePanelRegistry } from '../../components';
import type { EditorStore } from '../../stores/EditorStore';
import { updatePanelProps, zOrder, type PanelProps } from './commands';
import { UI } from './ui';

/**
 * Checks a config typed as JSON: it must be a JSON object that the panel type's schema accepts. Returns
 * the object, or the reason it is refused (nothing is applied then).
 */
export function parseConfigText(text: string, check: (config: Record<string, unknown>) => string | null): { ok: true; config: Record<string, unknown> } | { ok: false; error: string } {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    return { ok: false, error: `Not JSON: ${(e as Error).message}` };
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return { ok: false, error: 'The config must be a JSON object { … }.' };
  const config = raw as Record<string, unknown>;
  const problem = check(config);
  return problem ? { ok: false, error: problem } : { ok: true, config };
}

function NumberField({ label, value, onCommit }: { label: string; value: number; onCommit: (v: number) => void }) {
  return (
    <label style={{ display: 'flex', flexDirection: 'column', gap: 2, fontSize: 11, color: '#8aa0c2' }}>
      {label}
      <input
        key={value}
        aria-label={label}
        type="number"
        defaultValue={Math.round(value * 100) / 100}
        style={{ ...UI.input, width: '100%' }}
        onKeyDown={(e) => e.key === 'Enter' && (e.target as HTMLInputElement).blur()}
        onBlur={(e) => {
          const v = Number(e.target.value);
          if (e.target.value.trim() !== '' && Number.isFinite(v) && v !== value) onCommit(v);
          else e.target.value = String(Math.round(value * 100) / 100);
        }}
      />
    </label>
  );
}

function ConfigEditor({ store, panel }: { store: EditorStore; panel: Panel }) {
  const registry = usePanelRegistry();
  const { t } = useLingui();
  const [text, setText] = useState(() => JSON.stringify(panel.config, null, 2));
  const [error, setError] = useState<string | null>(null);
  const apply = () => {
    const def = registry.get(panel.type);
    const r = parseConfigText(text, (config) => {
      if (!def) return t`Unknown panel type: ${panel.type}`;
      const prepared = prepareConfig(def, config);
      return prepared.ok ? null : prepared.error;
    });
    if (!r.ok) {
      setError(r.error);
      return;
    }
    setError(null);
    store.run(updatePanelProps(store.board!, store.pageId!, panel.panelId, { config: r.config }));
  };
  return (
    <div>
      <textarea aria-label={t`Config (JSON)`} value={text} onChange={(e) => setText(e.target.value)} spellCheck={false} rows={8} style={{ ...UI.input, width: '100%', fontFamily: 'monospace' }} />
      {error ? (
        <div role="alert" style={UI.error} data-testid="config-error">
          {error}
        </div>
      ) : null}
      <button type="button" style={UI.button} onClick={apply}>
        <Trans>Apply config</Trans>
      </button>
    </div>
  );
}

/** Position, size, title, stacking, lock/hide and config of the selected panel. */
export const PropertyPane = observer(function PropertyPane({ store }: { store: EditorStore }) {
  const { t } = useLingui();
  const sel = store.selectedPanels;
  const board = store.board;
  const pageId = store.pageId;
  if (!board || !pageId) return null;
  if (sel.length !== 1) {
    return (
      <p style={{ color: '#8aa0c2' }}>
        {sel.length === 0 ? <Trans>Select a panel to edit it.</Trans> : <Trans>{sel.length} panels selected. Use the align buttons above.</Trans>}
      </p>
    );
  }
  const p = sel[0];
  const set = (props: PanelProps) => store.run(updatePanelProps(board, pageId, p.panelId, props));
  const restack = (move: 'front' | 'back' | 'forward' | 'backward') => store.run(zOrder(board, pageId, [p.panelId], move));
  const locked = store.locked.has(p.panelId);
  const hidden = store.hidden.has(p.panelId);
  return (
    <div key={p.panelId} style={{ display: 'flex', flexDirection: 'column', gap: 8 }} data-testid="property-pane">
      <div style={{ color: '#8aa0c2' }}>{p.type}</div>
      <label style={{ display: 'flex', flexDirection: 'column', gap: 2, fontSize: 11, color: '#8aa0c2' }}>
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
      <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 6 }}>
        <NumberField label="x" value={p.x} onCommit={(x) => set({ x })} />
        <NumberField label="y" value={p.y} onCommit={(y) => set({ y })} />
        <NumberField label="w" value={p.w} onCommit={(w) => set({ w })} />
        <NumberField label="h" value={p.h} onCommit={(h) => set({ h })} />
      </div>
      <div style={{ display: 'flex', gap: 4, flexWrap: 'wrap', alignItems: 'center' }}>
        <span style={{ fontSize: 11, color: '#8aa0c2' }}>z {p.z}</span>
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
      <label>
        <input type="checkbox" checked={locked} onChange={(e) => store.setFlag('locked', [p.panelId], e.target.checked)} /> <Trans>Locked (this session)</Trans>
      </label>
      <label>
        <input type="checkbox" checked={hidden} onChange={(e) => store.setFlag('hidden', [p.panelId], e.target.checked)} /> <Trans>Hidden in the editor</Trans>
      </label>
      <ConfigEditor key={`${p.panelId}:${JSON.stringify(p.config)}`} store={store} panel={p} />
    </div>
  );
});
