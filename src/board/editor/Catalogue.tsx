import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Trans, useLingui } from '@lingui/react/macro';
import { usePanelRegistry } from '../../components';
import type { EditorStore } from '../../stores/EditorStore';
import { GenericThumbnail } from './PanelBox';
import { addPanelOfType, PANEL_MIME } from './tools';
import { useBindingCandidates } from './properties/DataSection';
import { COLORS, UI } from './ui';

/** Size of a catalogue thumbnail, CSS px (two tiles per row in the 240 px pane). */
const THUMB_W = 96;
const THUMB_H = 60;

/**
 * Every registered panel type as a tile (its thumbnail, or a generic one, and its title), searchable by
 * title or type id; drag a tile onto the canvas, or click it to add the panel in the first free place of the page.
 */
export const Catalogue = observer(function Catalogue({ store }: { store: EditorStore }) {
  const registry = usePanelRegistry();
  const candidates = useBindingCandidates();
  const { i18n, t } = useLingui();
  const [query, setQuery] = useState('');
  const q = query.trim().toLowerCase();
  const items = registry
    .list()
    .map((d) => ({ type: d.type, title: i18n._(d.title), Thumb: d.thumbnail ?? GenericThumbnail, own: d.thumbnail !== undefined }))
    .filter((d) => !q || d.title.toLowerCase().includes(q) || d.type.toLowerCase().includes(q));

  return (
    <section aria-label={t`Panel catalogue`}>
      <h3 style={UI.heading}>
        <Trans>Panels</Trans>
      </h3>
      <input type="search" aria-label={t`Search panels`} placeholder={t`Search panels`} value={query} onChange={(e) => setQuery(e.target.value)} style={{ ...UI.input, width: '100%' }} />
      <ul data-testid="catalogue" style={{ listStyle: 'none', padding: 0, margin: '6px 0 0', display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(100px, 1fr))', gap: 6 }}>
        {items.map(({ type, title, Thumb, own }) => (
          <li key={type}>
            <button
              type="button"
              draggable
              data-catalogue-type={type}
              title={t`Drag onto the page, or click to add it in free space`}
              onDragStart={(e) => {
                e.dataTransfer.setData(PANEL_MIME, type);
                e.dataTransfer.effectAllowed = 'copy';
              }}
              onClick={() => addPanelOfType(store, registry, type, undefined, candidates)}
              style={{ ...UI.button, width: '100%', height: '100%', padding: 4, display: 'flex', flexDirection: 'column', gap: 4, alignItems: 'stretch', textAlign: 'center', cursor: 'grab' }}
            >
              <span
                aria-hidden
                data-testid="catalogue-thumbnail"
                data-generic={own ? undefined : 'true'}
                style={{ display: 'grid', placeItems: 'center', height: THUMB_H, borderRadius: 3, overflow: 'hidden', background: COLORS.pane, border: `1px solid ${COLORS.border}`, pointerEvents: 'none' }}
              >
                <Thumb width={THUMB_W} height={THUMB_H} />
              </span>
              <span style={{ fontSize: 11, lineHeight: 1.25, overflow: 'hidden', textOverflow: 'ellipsis' }}>{title}</span>
            </button>
          </li>
        ))}
        {items.length === 0 ? (
          <li style={{ color: COLORS.muted, gridColumn: '1 / -1' }}>
            <Trans>No panel type matches.</Trans>
          </li>
        ) : null}
      </ul>
    </section>
  );
});
