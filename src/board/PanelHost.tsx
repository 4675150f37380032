import { Suspense, useMemo } from 'react';
import { Spinner } from '@fluentui/react-components';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Panel } from '../../protocol';
import { ErrorBoundary, PanelFrame, PanelMessage, panelContentSize, prepareConfig, usePanelRegistry } from '../components';

/**
 * One panel of a page, absolutely placed in page pixels. Looks its type up in the registry, migrates and
 * validates the config (bad config → a message in the panel), and isolates crashes in an error boundary.
 */
export function PanelHost({ panel }: { panel: Panel }) {
  const registry = usePanelRegistry();
  const { i18n } = useLingui();
  const def = registry.get(panel.type);
  const prepared = useMemo(() => (def ? prepareConfig(def, panel.config) : null), [def, panel.config]);
  const { width, height } = panelContentSize(panel.w, panel.h);
  const title = panel.title || (def ? i18n._(def.title) : panel.type);
  const type = panel.type;

  let body;
  if (!def || !prepared) {
    body = (
      <PanelMessage tone="error">
        <Trans>Unknown panel type: {type}</Trans>
      </PanelMessage>
    );
  } else if (!prepared.ok) {
    const error = prepared.error;
    body = (
      <PanelMessage tone="error">
        <Trans>Invalid panel settings: {error}</Trans>
      </PanelMessage>
    );
  } else {
    const View = def.component;
    body = (
      <ErrorBoundary
        resetKey={panel.config}
        fallback={(e) => {
          const message = e.message;
          return (
            <PanelMessage tone="error">
              <Trans>This panel failed: {message}</Trans>
            </PanelMessage>
          );
        }}
      >
        <Suspense fallback={<PanelMessage><Spinner size="small" /></PanelMessage>}>
          <View panelId={panel.panelId} config={prepared.config} width={width} height={height} />
        </Suspense>
      </ErrorBoundary>
    );
  }

  return (
    <div data-panel-id={panel.panelId} data-panel-type={panel.type} style={{ position: 'absolute', left: panel.x, top: panel.y, width: panel.w, height: panel.h, zIndex: panel.z }}>
      <PanelFrame title={title}>{body}</PanelFrame>
    </div>
  );
}
