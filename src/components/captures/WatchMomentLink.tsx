import { Trans } from '@lingui/react/macro';
import { SCREEN } from '../../theme/theme';
import { watchMomentHref, type CaptureMoment } from './watchMoment';

/** "Watch the moment": a link to the camera's recording around an AI capture, where a video screen registered one (watchMoment.ts). */
export function WatchMomentLink({ moment }: { moment: CaptureMoment }) {
  const href = watchMomentHref(moment);
  if (!href) return null;
  return (
    <a href={href} data-watch-moment style={{ color: SCREEN.brand }}>
      <Trans>Watch the moment</Trans>
    </a>
  );
}
