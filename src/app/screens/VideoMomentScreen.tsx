import { useRef } from 'react';
import { observer } from 'mobx-react-lite';
import { useSearchParams } from 'react-router';
import { Trans } from '@lingui/react/macro';
import { appUrl, NO_RECORD, VIDEO } from '../../../protocol';
import { MOMENT_AROUND_MS } from '../../components/video/momentLink';
import { useVodHls } from '../../components/video/useVodHls';
import { formatBeijing } from '../../format/time';
import { useQuery } from '../../stores';
import { SCREEN } from '../../theme/theme';
import { useProjectId } from '../shell/useProjectId';
import { ScreenFrame } from './ScreenFrame';

/**
 * /video/moment?projectId=&sn=&at=: "watch the moment" of an AI capture (docs/architecture.md "Video"): the
 * camera's recording from 30 s before the capture time to 30 s after, with the player's own controls, or
 * "There is no video record corresponding to the current device date!" when nothing is kept then.
 */
export const VideoMomentScreen = observer(function VideoMomentScreen() {
  const [params] = useSearchParams();
  const projectId = useProjectId();
  const sn = params.get('sn');
  const atMs = Number(params.get('at'));
  const valid = projectId !== null && sn !== null && Number.isFinite(atMs) && atMs > MOMENT_AROUND_MS;
  const q = useQuery(VIDEO.history, valid ? { projectId, sn, fromMs: Math.round(atMs - MOMENT_AROUND_MS), toMs: Math.round(atMs + MOMENT_AROUND_MS) } : null);
  const videoRef = useRef<HTMLVideoElement>(null);
  useVodHls(videoRef, q.data ? appUrl(q.data.playlist) : null);
  const none = !valid || q.error === NO_RECORD;
  return (
    <ScreenFrame title={<Trans>Watch the moment</Trans>}>
      <div style={{ display: 'flex', flexDirection: 'column', gap: 8, fontSize: 16, color: SCREEN.text }}>
        <div>
          {sn} · {valid ? formatBeijing(atMs) : ''}
        </div>
        <div style={{ position: 'relative', height: '70vh', minHeight: 320, background: '#000' }}>
          <video ref={videoRef} controls muted playsInline autoPlay data-video-player data-moment-ms={valid ? atMs : ''} style={{ width: '100%', height: '100%', objectFit: 'contain', display: q.data ? 'block' : 'none' }} />
          {!q.data && (
            <div role="status" style={{ position: 'absolute', inset: 0, display: 'flex', alignItems: 'center', justifyContent: 'center', color: '#d6deeb', fontSize: 16 }}>
              {none ? <Trans>There is no video record corresponding to the current device date!</Trans> : (q.error ?? <Trans>Loading…</Trans>)}
            </div>
          )}
        </div>
      </div>
    </ScreenFrame>
  );
});
