import { observer } from 'mobx-react-lite';
import { Trans } from '@lingui/react/macro';
import { useStores } from '../stores';
import { STATUS_COLOR } from '../components';

/** Live / reconnecting dot of the one socket connection. */
export const ConnectionIndicator = observer(function ConnectionIndicator() {
  const { live } = useStores();
  const state = live.connected === null ? 'connecting' : live.connected ? 'live' : 'reconnecting';
  const color = state === 'live' ? STATUS_COLOR.online : state === 'reconnecting' ? STATUS_COLOR.warning : STATUS_COLOR.unknown;
  return (
    <span data-connection={state} role="status" style={{ display: 'inline-flex', alignItems: 'center', gap: 6, color }}>
      <span aria-hidden style={{ width: 10, height: 10, borderRadius: 5, background: color, boxShadow: `0 0 6px ${color}` }} />
      {state === 'live' ? <Trans>Live</Trans> : state === 'reconnecting' ? <Trans>Reconnecting…</Trans> : <Trans>Connecting…</Trans>}
    </span>
  );
});
