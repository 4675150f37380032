import { observer } from 'mobx-react-lite';
import { Trans } from '@lingui/react/macro';
import { formatBeijing } from '../components';
import { useClockInstant, usePanelData } from './context';

/**
 * The unmistakable "Replaying <Beijing time>" badge of a board in replay, so nobody takes the past for
 * live; nothing when live. Follows the instant once a second of board time.
 */
export const ReplayMarker = observer(function ReplayMarker({ placement = 'overlay' }: { placement?: 'overlay' | 'header' }) {
  return usePanelData().mode === 'replay' ? <ReplayBadge placement={placement} /> : null;
});

/**
 * `header`: in the board header, in place of the Live indicator; `overlay`: over the board's top-left
 * corner (kiosk boards have no header).
 */
function ReplayBadge({ placement }: { placement: 'overlay' | 'header' }) {
  const at = useClockInstant();
  const time = formatBeijing(at, 'YYYY-MM-DD HH:mm:ss');
  return (
    <div
      role="status"
      data-replay-marker
      style={{
        // in the header it follows the header's font size (it grows on a 4K wall with the rest of the line)
        ...(placement === 'overlay' ? { position: 'absolute' as const, top: 8, left: 8, zIndex: 1000, fontSize: 18 } : { whiteSpace: 'nowrap' as const, fontSize: '1em', lineHeight: 1.4 }),
        padding: '0.2em 0.65em',
        borderRadius: 4,
        background: '#b45309',
        color: '#fff',
        fontWeight: 700,
        pointerEvents: 'none',
        boxShadow: '0 0 0 2px rgba(0,0,0,0.35)',
      }}
    >
      <Trans>Replaying {time}</Trans>
    </div>
  );
}
