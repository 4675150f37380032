import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Trans, useLingui } from '@lingui/react/macro';
import { usePanelRegistry } from '../../components';
import type { EditorStore } from '../../stores/EditorStore';
import { addPanelOfType, PANEL_MIME } from './tools';
import { UI } from './ui';

/** Every registered panel type, searchable; drag one onto the canvas, or click to add it at the page centre. */
export const Catalogue = observer(function Catalogue({ store }: { store: EditorStore }) {
  const registry = usePanelRegistry();
  const { i18n, t } = useLingui();
  const [query, setQuery] = useState('');
  const q = query.trim().toLowerCase();
  const items = registry
    .list()
    .map((d) => ({ type: d.type, title: i18n._(d.title), size: d.defaultSize }))
    .filter((d) => !q || d.title.toLowerCase().includes(q) || d.type.toLowerCase().includes(q));

  return (
    <section aria-label={t`Panel catalogue`}>
      <h3 style={UI.heading}>
        <Trans>Panels</Trans>
      </h3>
      <input type="search" aria-label={t`Search panels`} placeholder={t`Search panels`} value={query} onChange={(e) => setQuery(e.target.value)} style={{ ...UI.input, width: '100%' }} />
      <ul style={{ listStyle: 'none', padding: 0, margin: '6px 0 0', display: 'flex', flexDirection: 'column', gap: 4 }}>
        {items.map((d) => (
          <li key={d.type}>
            <button
              type="button"
              draggable
              data-catalogue-type={d.type}
              title={t`Drag onto the page, or click to add it in the middle`}
              onDragStart={(e) => {
                e.dataTransfer.setData(PANEL_MIME, d.type);
                e.dataTransfer.effectAllowed = 'copy';
              }}
              onClick={() => addPanelOfType(store, registry, d.type)}
              style={{ ...UI.button, width: '100%', display: 'flex', gap: 8, alignItems: 'center', textAlign: 'left', cursor: 'grab' }}
            >
              <span aria-hidden style={{ width: 28, height: 20, flex: 'none', borderRadius: 3, background: '#050b18', border: '1px solid #00b589', color: '#00b589', fontSize: 10, display: 'grid', placeItems: 'center' }}>
                {d.type.slice(0, 2).toUpperCase()}
              </span>
              <span style={{ flex: 1 }}>{d.title}</span>
            </button>
          </li>
        ))}
        {items.length === 0 ? (
          <li style={{ color: '#8aa0c2' }}>
            <Trans>No panel type matches.</Trans>
          </li>
        ) : null}
      </ul>
    </section>
  );
});
