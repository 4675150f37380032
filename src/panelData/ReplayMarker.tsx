import { observer } from 'mobx-react-lite';
import { Trans } from '@lingui/react/macro';
import { formatBeijing } from '../components';
import { useClockInstant, usePanelData } from './context';

/**
 * The unmistakable "Replaying <Beijing time>" badge of a board in replay, so nobody takes the past for
 * live; nothing when live. Follows the instant once a second of board time.
 */
export const ReplayMarker = observer(function ReplayMarker() {
  return usePanelData().mode === 'replay' ? <ReplayBadge /> : null;
});

function ReplayBadge() {
  const at = useClockInstant();
  const time = formatBeijing(at, 'YYYY-MM-DD HH:mm:ss');
  return (
    <div
      role="status"
      data-replay-marker
      style={{
        position: 'absolute',
        top: 8,
        left: 8,
        zIndex: 1000,
        padding: '4px 12px',
        borderRadius: 4,
        background: '#b45309',
        color: '#fff',
        fontWeight: 700,
        fontSize: 18,
        pointerEvents: 'none',
        boxShadow: '0 0 0 2px rgba(0,0,0,0.35)',
      }}
    >
      <Trans>Replaying {time}</Trans>
    </div>
  );
}
