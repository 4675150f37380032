import { useEffect } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { SHORTCUTS } from './tools';
import { COLORS, UI } from './ui';

/** The `?` sheet: every keyboard shortcut of the builder. Escape, a click outside or Close shuts it. */
export function ShortcutSheet({ onClose }: { onClose: () => void }) {
  const { i18n, t } = useLingui();
  // Capture phase on window: runs before the builder's shortcuts, so Escape closes the sheet and does not
  // also clear the selection.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      e.stopPropagation();
      e.preventDefault();
      onClose();
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [onClose]);
  return (
    <div role="dialog" aria-label={t`Keyboard shortcuts`} onClick={onClose} style={{ position: 'fixed', inset: 0, background: '#000a', display: 'grid', placeItems: 'center', zIndex: 1000 }}>
      <div onClick={(e) => e.stopPropagation()} style={{ ...UI.pane, border: `1px solid ${COLORS.border}`, borderRadius: 8, minWidth: 420 }}>
        <h2 style={{ marginTop: 0, fontSize: 16 }}>
          <Trans>Keyboard shortcuts</Trans>
        </h2>
        <table>
          <tbody>
            {SHORTCUTS.map((s, i) => (
              <tr key={i}>
                <td style={{ paddingRight: 16, fontFamily: 'monospace', color: COLORS.brand }}>{typeof s.keys === 'string' ? s.keys : i18n._(s.keys)}</td>
                <td>{i18n._(s.action)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <button type="button" style={{ ...UI.button, marginTop: 10 }} onClick={onClose}>
          <Trans>Close</Trans>
        </button>
      </div>
    </div>
  );
}
