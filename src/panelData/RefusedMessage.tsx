import { Trans } from '@lingui/react/macro';
import { PanelMessage } from '../components';

/**
 * What a panel shows when the server refused its live topic for good (useTelemetryTopic): the reason,
 * so a wall screen says why it has no data instead of going silently stale.
 */
export function RefusedMessage({ reason }: { reason: string }) {
  return (
    <PanelMessage tone="error">
      <Trans>Live data refused by the server: {reason}</Trans>
    </PanelMessage>
  );
}
