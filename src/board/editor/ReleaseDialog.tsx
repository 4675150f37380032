import { useMemo, useState } from 'react';
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, Textarea } from '@fluentui/react-components';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { Board, BoardContent } from '../../../protocol';
import { usePanelRegistry } from '../../components';
import { BoardThumbnail, type ThumbnailMark } from './BoardThumbnail';
import { countChanges, diffBoards, type BoardChange } from './releaseDiff';
import { COLORS } from './ui';

/** Pages drawn before/after at most (the ones with changes first); the list below names every change. */
const MAX_THUMBNAIL_PAGES = 3;
const THUMB_W = 200;

/** Marks of one page's panels for the before (live) and after (draft) thumbnails. */
function marksOf(changes: readonly BoardChange[], pageId: string): { before: Map<string, ThumbnailMark>; after: Map<string, ThumbnailMark> } {
  const before = new Map<string, ThumbnailMark>();
  const after = new Map<string, ThumbnailMark>();
  for (const c of changes) {
    if (!('panel' in c) || c.pageId !== pageId) continue;
    if (c.kind === 'panelRemoved') before.set(c.panel.panelId, 'removed');
    else if (c.kind === 'panelAdded') after.set(c.panel.panelId, 'added');
    else {
      before.set(c.panel.panelId, 'changed');
      after.set(c.panel.panelId, 'changed');
    }
  }
  return { before, after };
}

/**
 * The Release button's dialog: what releasing publishes to every wall screen, before it happens. A
 * one-line summary of the change against the live release (pages and panels added, removed, moved,
 * reconfigured; diffBoards), before/after thumbnails of the changed pages, the list of changes, and a
 * note kept with the release (Version history shows it). `live` null: never released.
 */
export function ReleaseDialog({ live, draft, onRelease, onClose }: { live: (BoardContent & { releaseNo: number }) | null; draft: Board; onRelease: (note: string) => Promise<void>; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const registry = usePanelRegistry();
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const changes = useMemo(() => diffBoards(live, draft), [live, draft]);
  const n = countChanges(changes);
  const liveNo = live?.releaseNo ?? null;
  const changedPages = [...new Set(changes.flatMap((c) => ('pageId' in c && c.kind !== 'pageRemoved' ? [c.pageId] : [])))];
  const pages = (changedPages.length ? changedPages : draft.pages.slice(0, 1).map((p) => p.pageId)).slice(0, MAX_THUMBNAIL_PAGES);
  const panelName = (p: { type: string; title?: string }) => p.title || (registry.get(p.type) ? i18n._(registry.get(p.type)!.title) : p.type);

  const describe = (c: BoardChange): string => {
    switch (c.kind) {
      case 'boardRenamed':
        return t`Board renamed from “${c.from}” to “${c.to}”`;
      case 'layoutChanged':
        return t`Page size or page switching changed`;
      case 'pageAdded':
        return t`Page “${c.pageName}” added`;
      case 'pageRemoved':
        return t`Page “${c.pageName}” removed`;
      case 'pageRenamed':
        return t`Page “${c.from}” renamed to “${c.pageName}”`;
      case 'pageReordered':
        return t`Page “${c.pageName}” moved in the page order`;
      case 'panelAdded':
        return t`${c.pageName}: “${panelName(c.panel)}” added`;
      case 'panelRemoved':
        return t`${c.pageName}: “${panelName(c.panel)}” removed`;
      case 'panelMoved':
        return t`${c.pageName}: “${panelName(c.panel)}” moved or resized`;
      case 'panelReconfigured':
        return t`${c.pageName}: “${panelName(c.panel)}” reconfigured`;
    }
  };

  const release = async () => {
    setBusy(true);
    setError(null);
    try {
      await onRelease(note.trim());
      onClose();
    } catch (e) {
      setError((e as Error).message);
      setBusy(false);
    }
  };

  const pagesChanged = n.pageAdded + n.pageRemoved + n.pageRenamed + n.pageReordered;
  return (
    <Dialog open onOpenChange={(_e, d) => (d.open || busy ? undefined : onClose())}>
      <DialogSurface aria-describedby={undefined} style={{ maxWidth: 760 }} data-testid="release-dialog">
        <DialogBody>
          <DialogTitle>{live ? <Trans>Release to all wall screens</Trans> : <Trans>First release of this board</Trans>}</DialogTitle>
          <DialogContent>
            <p data-testid="release-summary" style={{ marginTop: 0, fontWeight: 600 }}>
              {changes.length === 0 ? (
                <Trans>No changes against the live release: releasing again publishes the same board.</Trans>
              ) : (
                <>
                  {liveNo !== null ? <Trans>Against live release {liveNo}:</Trans> : <Trans>Wall screens show nothing of this board yet. This release publishes:</Trans>}{' '}
                  {[
                    n.panelAdded ? <Plural key="a" value={n.panelAdded} one="# panel added" other="# panels added" /> : null,
                    n.panelRemoved ? <Plural key="r" value={n.panelRemoved} one="# panel removed" other="# panels removed" /> : null,
                    n.panelMoved ? <Plural key="m" value={n.panelMoved} one="# panel moved" other="# panels moved" /> : null,
                    n.panelReconfigured ? <Plural key="c" value={n.panelReconfigured} one="# panel reconfigured" other="# panels reconfigured" /> : null,
                    pagesChanged ? <Plural key="p" value={pagesChanged} one="# page changed" other="# pages changed" /> : null,
                    n.boardRenamed || n.layoutChanged ? <Trans key="s">board settings changed</Trans> : null,
                  ]
                    .filter(Boolean)
                    .flatMap((x, i) => (i ? [', ', x] : [x]))}
                </>
              )}
            </p>
            <div style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
              {pages.map((pageId) => {
                const after = draft.pages.find((p) => p.pageId === pageId) ?? null;
                const before = live?.pages.find((p) => p.pageId === pageId) ?? null;
                const marks = marksOf(changes, pageId);
                return (
                  <div key={pageId} data-testid="release-thumbnails" style={{ display: 'grid', gridTemplateColumns: `120px ${THUMB_W}px 24px ${THUMB_W}px`, alignItems: 'center', gap: 8 }}>
                    <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>{after?.name}</span>
                    <figure style={{ margin: 0 }}>
                      {before ? (
                        <BoardThumbnail page={before} pageWidth={live!.layout.pageWidth} pageHeight={live!.layout.pageHeight} width={THUMB_W} marks={marks.before} label={t`Live now`} />
                      ) : (
                        <div style={{ width: THUMB_W, height: Math.round((THUMB_W * draft.layout.pageHeight) / draft.layout.pageWidth), display: 'grid', placeItems: 'center', border: `1px dashed ${COLORS.border}`, borderRadius: 3, color: COLORS.muted, fontSize: 12 }}>
                          <Trans>Not live</Trans>
                        </div>
                      )}
                      <figcaption style={{ fontSize: 11, color: COLORS.muted }}>
                        <Trans>Live now</Trans>
                      </figcaption>
                    </figure>
                    <span aria-hidden style={{ textAlign: 'center' }}>
                      →
                    </span>
                    <figure style={{ margin: 0 }}>
                      <BoardThumbnail page={after} pageWidth={draft.layout.pageWidth} pageHeight={draft.layout.pageHeight} width={THUMB_W} marks={marks.after} label={t`After release`} />
                      <figcaption style={{ fontSize: 11, color: COLORS.muted }}>
                        <Trans>After release</Trans>
                      </figcaption>
                    </figure>
                  </div>
                );
              })}
            </div>
            {changes.length ? (
              <ul data-testid="release-changes" style={{ maxHeight: 140, overflow: 'auto', margin: '10px 0', paddingLeft: 18, fontSize: 13 }}>
                {changes.map((c, i) => (
                  <li key={i} data-kind={c.kind}>
                    {describe(c)}
                  </li>
                ))}
              </ul>
            ) : null}
            <Field label={t`Release note`} hint={t`Shown in Version history, e.g. what changed and why.`}>
              <Textarea value={note} maxLength={500} resize="vertical" onChange={(_e, d) => setNote(d.value)} placeholder={t`What changed (optional)`} />
            </Field>
            {error ? (
              <p role="alert" style={{ color: COLORS.danger, margin: '8px 0 0' }}>
                {error}
              </p>
            ) : null}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose} disabled={busy}>
              <Trans>Cancel</Trans>
            </Button>
            <Button appearance="primary" disabled={busy} onClick={() => void release()}>
              <Trans>Release now</Trans>
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
