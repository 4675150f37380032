import { useState } from 'react';
import { Trans } from '@lingui/react/macro';
import { appUrl, type CaptureRecord } from '../../../protocol';
import { SCREEN } from '../../theme/theme';

/**
 * A capture's picture, or what became of it: "The image has been deleted" when retention pruned it (the
 * record's `pictureState`, docs/api.md "AI captures") or when it is gone by the time it loads, "No
 * picture" when the camera sent none; never a broken image. `height` in CSS px (the table's thumbnail),
 * else the container's width times `zoom`.
 */
export function CapturePicture({ capture, alt, height, zoom = 1 }: { capture: Pick<CaptureRecord, 'picture' | 'pictureState'>; alt: string; height?: number; zoom?: number }) {
  const [failed, setFailed] = useState<string | null>(null);
  const src = capture.picture;
  const box = { minHeight: height, display: 'flex', alignItems: 'center', justifyContent: 'center', color: SCREEN.textMuted, fontSize: 14 } as const;
  if (capture.pictureState === 'deleted' || (src !== null && failed === src && capture.pictureState === 'stored')) {
    return (
      <span data-picture="deleted" style={box}>
        <Trans>The image has been deleted</Trans>
      </span>
    );
  }
  if (src === null) {
    return (
      <span data-picture="none" style={box}>
        <Trans>No picture</Trans>
      </span>
    );
  }
  if (failed === src) {
    return (
      <span data-picture="unavailable" style={box}>
        <Trans>The picture could not be loaded</Trans>
      </span>
    );
  }
  return (
    <img
      src={appUrl(src)}
      alt={alt}
      data-picture="shown"
      onError={() => setFailed(src)}
      style={height !== undefined ? { height, width: 'auto', display: 'block' } : { width: `${zoom * 100}%`, maxWidth: 'none', display: 'block', imageRendering: zoom > 1 ? 'pixelated' : 'auto' }}
    />
  );
}
