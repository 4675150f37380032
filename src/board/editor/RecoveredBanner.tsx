import { observer } from 'mobx-react-lite';
import { Trans } from '@lingui/react/macro';
import type { EditorStore } from '../../stores/EditorStore';
import { formatBeijing } from '../../format/time';
import { COLORS, UI } from './ui';

/** Saves `text` as a file called `fileName` through the browser's download. */
export function downloadText(fileName: string, text: string, type = 'application/json'): void {
  const a = document.createElement('a');
  a.href = URL.createObjectURL(new Blob([text], { type }));
  a.download = fileName;
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

/**
 * Offers edits of this board that never reached the server (kept in the browser: a crash, a closed tab, a
 * conflict). Restorable when made on the board as it is now; otherwise they can be downloaded as a board
 * file to import what is still wanted, so nothing typed is lost either way.
 */
export const RecoveredBanner = observer(function RecoveredBanner({ store }: { store: EditorStore }) {
  const r = store.recovered;
  if (!r || !store.board) return null;
  const at = formatBeijing(r.savedAtMs);
  const download = () => {
    const json = store.recoveredJson();
    if (json) downloadText(`${store.board?.name ?? 'board'} (unsaved ${at}).json`, json);
  };
  return (
    <div role="alert" data-testid="recovered-banner" style={{ padding: '8px 10px', background: COLORS.warnBackground, display: 'flex', gap: 10, alignItems: 'center', flexWrap: 'wrap' }}>
      <span>
        {r.sameBase ? (
          <Trans>Edits of this board from {at} were not saved to the server. Restore them?</Trans>
        ) : (
          <Trans>Edits of this board from {at} were not saved, and the board has changed since. Download them and import what you still need.</Trans>
        )}
      </span>
      {r.sameBase ? (
        <button type="button" style={UI.primary} onClick={() => store.restoreRecovered()}>
          <Trans>Restore edits</Trans>
        </button>
      ) : null}
      <button type="button" style={UI.button} onClick={download}>
        <Trans>Download edits</Trans>
      </button>
      <button type="button" style={UI.button} onClick={() => store.discardRecovered()}>
        <Trans>Discard</Trans>
      </button>
    </div>
  );
});
