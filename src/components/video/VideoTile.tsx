import { useRef, type ReactNode } from 'react';
import { observer } from 'mobx-react-lite';
import { Button } from '@fluentui/react-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { appUrl, type StreamQuality } from '../../../protocol';
import { useCameraStream } from '../../panelData';
import { SCREEN } from '../../theme/theme';
import { STATUS_COLOR } from '../../theme/status';
import { HlsPlayer } from './HlsPlayer';
import { RecordedVideo } from './RecordedVideo';
import { canPlayCodec } from './hlsConfig';
import { useOnScreen } from './useOnScreen';

/** The camera a tile shows: its sn, name, and whether it has a source and a sub stream. */
export interface TileCamera {
  sn: string;
  name: string;
  hasSource: boolean;
  qualities: readonly StreamQuality[];
}

/** Text size of a tile's title and messages, px (readable across a control room at 1366×768). */
const TILE_TEXT_PX = 15;

/**
 * One camera's live video (docs/architecture.md "Video"): its name, the definition switch (main/sub where
 * the camera has both) and full screen; the stream is leased while the tile is on screen and the page
 * visible. Instead of a black tile it says why there is no picture: no source bound, the camera offline,
 * an H.265 stream this browser cannot play. On a replayed board it plays the camera's recording at the
 * replayed instant (RecordedVideo), or says that nothing is recorded then.
 */
export const VideoTile = observer(function VideoTile({
  camera,
  quality,
  onQuality,
  compact = false,
}: {
  camera: TileCamera | null;
  quality: StreamQuality;
  onQuality?: (q: StreamQuality) => void;
  compact?: boolean;
}) {
  const { t } = useLingui();
  const tileRef = useRef<HTMLDivElement>(null);
  const active = useOnScreen(tileRef);
  const effective: StreamQuality = camera?.qualities.includes(quality) ? quality : 'main';
  const stream = useCameraStream(camera?.hasSource ? camera.sn : null, effective, active);
  const open = stream.mode === 'live' ? stream.open : null;

  let body: ReactNode;
  let dot: string = STATUS_COLOR.unknown;
  if (!camera) body = null;
  else if (stream.mode === 'replay') body = <RecordedVideo sn={camera.sn} active={active} message={(text) => <Message>{text}</Message>} />;
  else if (!camera.hasSource) body = <Message><Trans>Please bind video monitoring device first!</Trans></Message>;
  else if (open?.state === 'offline') {
    dot = STATUS_COLOR.offline;
    body = <Message tone="offline"><Trans>Video device offline, unable to view</Trans></Message>;
  } else if (open && !canPlayCodec(open.codec)) {
    dot = STATUS_COLOR.warning;
    body = (
      <Message>
        <Trans>H.265: this browser cannot play it in H5 mode; use the plugin mode, the sub stream in H.264 or a transcoding media server</Trans>
      </Message>
    );
  } else if (open?.state === 'live' && open.playlist) {
    dot = STATUS_COLOR.online;
    body = <HlsPlayer src={appUrl(open.playlist)} active={active} />;
  } else if (stream.error && !open) body = <Message>{stream.error}</Message>;
  else body = <Message><Trans>Connecting…</Trans></Message>;

  const fullScreen = () => {
    const el = tileRef.current;
    if (!el) return;
    if (document.fullscreenElement === el) void document.exitFullscreen();
    else void el.requestFullscreen?.().catch(() => undefined);
  };

  return (
    <div
      ref={tileRef}
      data-video-tile={camera?.sn ?? ''}
      data-stream-state={open?.state ?? ''}
      style={{ position: 'relative', width: '100%', height: '100%', background: '#000', overflow: 'hidden', border: `1px solid ${SCREEN.panelBorder}`, boxSizing: 'border-box' }}
    >
      {body}
      {camera && (
        <div style={{ position: 'absolute', left: 0, right: 0, top: 0, display: 'flex', alignItems: 'center', gap: 6, padding: '2px 6px', background: 'rgba(0,0,0,0.55)', color: '#fff', fontSize: TILE_TEXT_PX }}>
          <span aria-hidden style={{ width: 10, height: 10, borderRadius: 5, background: dot, flex: 'none' }} />
          <span style={{ flex: 1, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} title={camera.name}>
            {camera.name}
          </span>
          {!compact && onQuality && camera.qualities.length > 1 && (
            <Button size="small" appearance="subtle" style={{ color: '#fff', minWidth: 0 }} onClick={() => onQuality(effective === 'main' ? 'sub' : 'main')} aria-label={t`Definition`}>
              {effective === 'main' ? <Trans>Main stream</Trans> : <Trans>Sub stream</Trans>}
            </Button>
          )}
          <Button size="small" appearance="subtle" style={{ color: '#fff', minWidth: 0 }} onClick={fullScreen} aria-label={t`Full screen`} title={t`Full screen`}>
            <FullScreenIcon />
          </Button>
        </div>
      )}
    </div>
  );
});

/** A message in the middle of a tile. */
function Message({ children, tone }: { children: ReactNode; tone?: 'offline' }) {
  return (
    <div
      role="status"
      style={{ position: 'absolute', inset: 0, display: 'flex', alignItems: 'center', justifyContent: 'center', textAlign: 'center', padding: '28px 12px 12px', color: tone === 'offline' ? '#ffb4b4' : '#d6deeb', fontSize: TILE_TEXT_PX }}
    >
      {children}
    </div>
  );
}

/** Four corners: the full-screen mark (drawn, so no font needs the glyph). */
function FullScreenIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden fill="none" stroke="currentColor" strokeWidth="2">
      <path d="M1 6V1h5M10 1h5v5M15 10v5h-5M6 15H1v-5" />
    </svg>
  );
}
