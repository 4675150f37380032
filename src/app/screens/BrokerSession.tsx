import { MessageBar, MessageBarBody } from '@fluentui/react-components';
import { Trans } from '@lingui/react/macro';
import type { SystemStatus } from '../../../protocol';
import { SCREEN } from '../../theme/theme';
import { formatBeijing } from '../../format/time';

/**
 * The status page's entry on the external broker's session (docs/operations.md "Broker persistence"): a
 * warning, as an alert, once the broker has lost the server's persistent session (device messages it
 * acknowledged meanwhile are gone), else a quiet line. Nothing with the embedded broker or in a cluster.
 */
export function BrokerSession({ session }: { session: SystemStatus['mqttSession'] }) {
  if (!session) return null;
  const { lost } = session;
  const last = session.lastLostAtMs === null ? '' : formatBeijing(session.lastLostAtMs);
  return (
    <section>
      <h2 style={{ fontSize: 18 }}>
        <Trans>MQTT broker session</Trans>
      </h2>
      {lost === 0 ? (
        <p style={{ color: SCREEN.textMuted }}>
          <Trans>The broker has kept this server&apos;s session.</Trans>
        </p>
      ) : (
        <MessageBar intent="warning" role="alert">
          <MessageBarBody>
            <Trans>
              Sessions of this server the broker lost: {lost}, the last at {last}. Device messages it acknowledged while the server was not
              subscribed are lost. Turn on the broker&apos;s persistence.
            </Trans>
          </MessageBarBody>
        </MessageBar>
      )}
    </section>
  );
}
