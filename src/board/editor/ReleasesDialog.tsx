import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, Input, Spinner } from '@fluentui/react-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { BOARDS, type BoardReleaseInfo } from '../../../protocol';
import { useQuery } from '../../stores';
import { formatBeijing } from '../../format/time';
import { COLORS } from './ui';

/** What the dialog needs from the builder: the board and the two actions (its releases are a query of the root store). */
export interface ReleasesDialogProps {
  boardId: string;
  /** Saves pending edits and publishes the draft with `note`; rejects with the reason shown. */
  onRelease: (note: string) => Promise<void>;
  /** Copies release `releaseNo` into the draft (a new draft version, undoable by restoring another). */
  onRestore: (releaseNo: number) => Promise<void>;
  onClose: () => void;
}

type Listing = { state: 'loading' } | { state: 'ready'; releases: BoardReleaseInfo[] } | { state: 'error'; message: string };

/**
 * Release and version history (as Grafana's dashboard versions): publish the draft with a note, and list
 * the kept releases newest first (number, time in Beijing time, who, note, draft version) with "Restore
 * to draft", which asks first and replaces the draft's pages and layout with that release's.
 */
export const ReleasesDialog = observer(function ReleasesDialog({ boardId, onRelease, onRestore, onClose }: ReleasesDialogProps) {
  const { t } = useLingui();
  const history = useQuery(BOARDS.boardHistory, { boardId });
  const listing: Listing = history.data ? { state: 'ready', releases: history.data.releases } : history.error !== null ? { state: 'error', message: history.error } : { state: 'loading' };
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<number | null>(null);
  const act = async (what: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await what();
      await history.reload();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
      setConfirming(null);
    }
  };

  return (
    <Dialog open onOpenChange={(_e, d) => (d.open ? undefined : onClose())}>
      <DialogSurface aria-describedby={undefined} style={{ maxWidth: 720 }}>
        <DialogBody>
          <DialogTitle>
            <Trans>Releases</Trans>
          </DialogTitle>
          <DialogContent>
            <div style={{ display: 'flex', gap: 8, alignItems: 'flex-end', marginBottom: 12 }}>
              <Field label={t`Release note`} style={{ flex: 1 }}>
                <Input value={note} maxLength={500} onChange={(_e, d) => setNote(d.value)} placeholder={t`What changed (optional)`} />
              </Field>
              <Button
                appearance="primary"
                disabled={busy}
                onClick={() =>
                  void act(async () => {
                    await onRelease(note.trim());
                    setNote('');
                  })
                }
              >
                <Trans>Release now</Trans>
              </Button>
            </div>
            {error ? (
              <p role="alert" style={{ color: COLORS.danger, margin: '0 0 8px' }}>
                {error}
              </p>
            ) : null}
            {listing.state === 'loading' ? <Spinner size="tiny" label={t`Loading releases…`} /> : null}
            {listing.state === 'error' ? <p role="alert">{listing.message}</p> : null}
            {listing.state === 'ready' && listing.releases.length === 0 ? (
              <p>
                <Trans>Not released yet: wall screens show nothing of this board until its first release.</Trans>
              </p>
            ) : null}
            {listing.state === 'ready' && listing.releases.length > 0 ? (
              <table data-testid="release-history" style={{ width: '100%', borderCollapse: 'collapse', fontSize: 13 }}>
                <thead>
                  <tr style={{ textAlign: 'left' }}>
                    <th>#</th>
                    <th>
                      <Trans>Released</Trans>
                    </th>
                    <th>
                      <Trans>By</Trans>
                    </th>
                    <th>
                      <Trans>Note</Trans>
                    </th>
                    <th />
                  </tr>
                </thead>
                <tbody>
                  {listing.releases.map((r, i) => (
                    <tr key={r.releaseNo} data-release-no={r.releaseNo} style={{ borderTop: '1px solid #8883' }}>
                      <td style={{ padding: '4px 6px' }}>
                        {r.releaseNo}
                        {i === 0 ? (
                          <span style={{ marginLeft: 6, fontSize: 11, opacity: 0.8 }}>
                            <Trans>live</Trans>
                          </span>
                        ) : null}
                      </td>
                      <td style={{ padding: '4px 6px', whiteSpace: 'nowrap' }}>{formatBeijing(r.releasedAtMs)}</td>
                      <td style={{ padding: '4px 6px' }}>{r.releasedBy}</td>
                      <td style={{ padding: '4px 6px' }}>{r.note ?? ''}</td>
                      <td style={{ padding: '4px 6px', textAlign: 'right', whiteSpace: 'nowrap' }}>
                        {confirming === r.releaseNo ? (
                          <>
                            <Button size="small" appearance="primary" disabled={busy} onClick={() => void act(() => onRestore(r.releaseNo))}>
                              <Trans>Replace the draft</Trans>
                            </Button>{' '}
                            <Button size="small" disabled={busy} onClick={() => setConfirming(null)}>
                              <Trans>Cancel</Trans>
                            </Button>
                          </>
                        ) : (
                          <Button size="small" disabled={busy} onClick={() => setConfirming(r.releaseNo)}>
                            <Trans>Restore to draft</Trans>
                          </Button>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : null}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>
              <Trans>Close</Trans>
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
});
