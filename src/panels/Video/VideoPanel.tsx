import { useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Trans } from '@lingui/react/macro';
import { useVideoCameras } from '../../panelData';
import { PanelMessage } from '../../components';
import { VideoTile } from '../../components/video/VideoTile';
import type { PanelProps } from '../types';
import type { VideoConfig } from './index';

/**
 * One camera's live video, or the cameras of `sns` (every camera when empty) in turn every `rotateS`
 * seconds; the tile leases the stream only while it is on screen.
 */
export const VideoPanel = observer(function VideoPanel({ config }: PanelProps<VideoConfig>) {
  const { cameras } = useVideoCameras();
  const [index, setIndex] = useState(0);
  const chosen = (cameras ?? []).filter((c) => config.sns.length === 0 || config.sns.includes(c.sn));
  const count = chosen.length;
  useEffect(() => {
    if (config.rotateS === 0 || count <= 1) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), config.rotateS * 1000);
    return () => clearInterval(timer);
  }, [config.rotateS, count]);
  if (!cameras) return null;
  if (count === 0) {
    return (
      <PanelMessage>
        <Trans>Please bind video monitoring device first!</Trans>
      </PanelMessage>
    );
  }
  const c = chosen[(config.start + index) % count];
  return (
    <div style={{ width: '100%', height: '100%' }} data-video-panel>
      <VideoTile camera={{ sn: c.sn, name: c.name, hasSource: c.source !== null, qualities: c.qualities }} quality={config.quality} />
    </div>
  );
});
