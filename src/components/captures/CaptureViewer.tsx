import { useEffect, useState } from 'react';
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components';
import { Trans, useLingui } from '@lingui/react/macro';
import type { CaptureRecord } from '../../../protocol';
import { formatBeijing } from '../../format/time';
import { SCREEN } from '../../theme/theme';
import { DEAL_STATUS_LABEL } from '../messages';
import { AI_METRIC_LABEL } from '../alarmText';
import { CapturePicture } from './CapturePicture';
import { nextZoom } from './captureSteps';
import { WatchMomentLink } from './WatchMomentLink';

/** The translated name of a capture's violation (its English `algTypeName` for one this build does not name). */
export function useAlgTypeLabel(): (c: Pick<CaptureRecord, 'algType' | 'algTypeName'>) => string {
  const { i18n } = useLingui();
  return (c) => {
    const m = AI_METRIC_LABEL[c.algType];
    return m ? i18n._(m) : c.algTypeName;
  };
}

/**
 * The picture viewer of the capture record: the picture with zoom (fit to 4×, the picture scrolls when
 * larger), previous and next across the filtered list (`onStep`, the caller pages on the server; the arrow
 * keys too), download of the picture, the record's camera, violation, time and handling, and "Watch the
 * moment" when a video screen has registered its link (watchMoment.ts). `capture` null while the next
 * page loads.
 */
export function CaptureViewer({
  open,
  capture,
  projectId,
  ordinal,
  total,
  canPrev,
  canNext,
  onStep,
  onClose,
}: {
  open: boolean;
  capture: CaptureRecord | null;
  projectId: string;
  ordinal: number;
  total: number;
  canPrev: boolean;
  canNext: boolean;
  onStep: (step: -1 | 1) => void;
  onClose: () => void;
}) {
  const { t, i18n } = useLingui();
  const algLabel = useAlgTypeLabel();
  const [zoom, setZoom] = useState(1);
  const alarmId = capture?.alarmId ?? null;
  useEffect(() => setZoom(1), [alarmId]);
  const fileName = capture?.picture ? (new URLSearchParams(capture.picture.split('?')[1] ?? '').get('name') ?? `capture-${capture.alarmId}.jpg`) : undefined;
  const zoomPct = Math.round(zoom * 100);
  return (
    <Dialog open={open} onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface
        aria-label={t`Capture picture`}
        style={{ maxWidth: 'min(1200px, 96vw)', width: 'min(1200px, 96vw)', maxHeight: '96vh', overflowY: 'auto' }}
        onKeyDown={(e) => {
          if (e.key === 'ArrowRight' && canNext) onStep(1);
          if (e.key === 'ArrowLeft' && canPrev) onStep(-1);
        }}
      >
        <DialogBody>
          <DialogTitle action={<Button appearance="subtle" aria-label={t`Close`} onClick={onClose}>✕</Button>}>
            {capture ? `${capture.cameraName} · ${algLabel(capture)}` : <Trans>Capture picture</Trans>}
          </DialogTitle>
          <DialogContent style={{ display: 'grid', gridTemplateColumns: '1fr 280px', gap: 16 }}>
            <div data-testid="capture-viewer-picture" style={{ overflow: 'auto', maxHeight: '62vh', minHeight: 320, background: '#000', borderRadius: 4 }}>
              {capture ? <CapturePicture key={capture.alarmId} capture={capture} alt={`${capture.cameraName} · ${algLabel(capture)}`} zoom={zoom} /> : null}
            </div>
            <dl style={{ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '6px 12px', margin: 0, alignContent: 'start', fontSize: 14 }}>
              {capture ? (
                <>
                  <dt style={{ color: SCREEN.textMuted }}>
                    <Trans>Camera</Trans>
                  </dt>
                  <dd style={{ margin: 0 }}>
                    {capture.cameraName} <span style={{ color: SCREEN.textMuted }}>{capture.cameraSn}</span>
                  </dd>
                  <dt style={{ color: SCREEN.textMuted }}>
                    <Trans>Violation</Trans>
                  </dt>
                  <dd style={{ margin: 0 }}>{algLabel(capture)}</dd>
                  <dt style={{ color: SCREEN.textMuted }}>
                    <Trans>Capture time</Trans>
                  </dt>
                  <dd style={{ margin: 0 }}>{formatBeijing(capture.capTime)}</dd>
                  <dt style={{ color: SCREEN.textMuted }}>
                    <Trans>Status</Trans>
                  </dt>
                  <dd style={{ margin: 0 }} data-deal-status={capture.dealStatus}>
                    {i18n._(DEAL_STATUS_LABEL[capture.dealStatus])}
                  </dd>
                  {capture.dealRemark ? (
                    <>
                      <dt style={{ color: SCREEN.textMuted }}>
                        <Trans>Remark</Trans>
                      </dt>
                      <dd style={{ margin: 0 }}>{capture.dealRemark}</dd>
                    </>
                  ) : null}
                </>
              ) : null}
            </dl>
          </DialogContent>
          <DialogActions style={{ justifyContent: 'space-between', width: '100%' }}>
            <span style={{ display: 'inline-flex', gap: 8, alignItems: 'center', whiteSpace: 'nowrap' }}>
              <Button disabled={!canPrev} style={{ minWidth: 'auto' }} onClick={() => onStep(-1)}>
                ← <Trans>Previous</Trans>
              </Button>
              <span data-testid="capture-viewer-ordinal" style={{ fontVariantNumeric: 'tabular-nums' }}>
                {ordinal} / {total}
              </span>
              <Button disabled={!canNext} style={{ minWidth: 'auto' }} onClick={() => onStep(1)}>
                <Trans>Next</Trans> →
              </Button>
            </span>
            <span style={{ display: 'inline-flex', gap: 8, alignItems: 'center', whiteSpace: 'nowrap' }}>
              <Button aria-label={t`Zoom out`} style={{ minWidth: 'auto' }} disabled={zoom <= 1} onClick={() => setZoom(nextZoom(zoom, -1))}>
                −
              </Button>
              <span style={{ minWidth: 48, textAlign: 'center' }}>{zoomPct} %</span>
              <Button aria-label={t`Zoom in`} style={{ minWidth: 'auto' }} disabled={zoom >= 4} onClick={() => setZoom(nextZoom(zoom, 1))}>
                +
              </Button>
              {capture?.picture && capture.pictureState !== 'deleted' ? (
                <a href={capture.picture} download={fileName} style={{ color: SCREEN.brand }}>
                  <Trans>Download picture</Trans>
                </a>
              ) : null}
              {capture ? <WatchMomentLink moment={{ projectId, cameraSn: capture.cameraSn, atMs: capture.capTime }} /> : null}
            </span>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
