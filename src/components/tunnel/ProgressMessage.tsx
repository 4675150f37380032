import { Trans } from '@lingui/react/macro';
import type { TunnelProgressAt } from '../../../protocol';
import { PanelMessage } from '../PanelFrame';

/** What a tunnel progress panel shows instead of bores: loading, the load failed, or a project without bores. */
export function ProgressMessage({ bores, failed }: { bores: readonly TunnelProgressAt[] | null; failed: boolean }) {
  if (!bores) return <PanelMessage>{failed ? <Trans>Tunnel progress could not be loaded</Trans> : <Trans>Loading…</Trans>}</PanelMessage>;
  return (
    <PanelMessage>
      <Trans>No tunnel bores in this project</Trans>
    </PanelMessage>
  );
}
