import { observer } from 'mobx-react-lite';
import { Trans } from '@lingui/react/macro';
import { useStores } from '../stores';
import { CONNECTION_COLOR, INDICATOR_BACKGROUND } from './headerColors';

/** Live / reconnecting dot of the one socket connection. */
export const ConnectionIndicator = observer(function ConnectionIndicator() {
  const { live } = useStores();
  const state = live.connected === null ? 'connecting' : live.connected ? 'live' : 'reconnecting';
  const color = CONNECTION_COLOR[state];
  return (
    <span
      data-connection={state}
      role="status"
      style={{ display: 'inline-flex', alignItems: 'center', gap: '0.4em', color, background: INDICATOR_BACKGROUND, borderRadius: '1em', padding: '0.1em 0.6em', lineHeight: 1.4 }}
    >
      <span aria-hidden style={{ width: '0.6em', height: '0.6em', borderRadius: '50%', background: color, boxShadow: `0 0 0.4em ${color}` }} />
      {state === 'live' ? <Trans>Live</Trans> : state === 'reconnecting' ? <Trans>Reconnecting…</Trans> : <Trans>Connecting…</Trans>}
    </span>
  );
});
