import { memo, Suspense, useMemo } from 'react';
import { Spinner } from '@fluentui/react-components';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Panel } from '../../protocol';
import { observer } from 'mobx-react-lite';
import { ErrorBoundary, PanelFrame, PanelMessage, SCREEN, panelContentSize, prepareConfig, usePanelRegistry } from '../components';
import { usePanelData } from '../panelData';

/**
 * A panel's frame and live content, filling its parent (which must be panel.w × panel.h page px). Looks
 * the type up in the registry, migrates and validates the config (bad config → a message in the panel),
 * isolates crashes in an error boundary, and draws the frame with the panel's saved `style`.
 */
export function PanelContent({ panel }: { panel: Panel }) {
  const registry = usePanelRegistry();
  const { i18n } = useLingui();
  const def = registry.get(panel.type);
  const prepared = useMemo(() => (def ? prepareConfig(def, panel.config) : null), [def, panel.config]);
  const { width, height } = panelContentSize(panel.w, panel.h, panel.style);
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
        <Suspense
          fallback={
            <PanelMessage>
              <Spinner size="small" />
            </PanelMessage>
          }
        >
          <View panelId={panel.panelId} config={prepared.config} width={width} height={height} />
        </Suspense>
      </ErrorBoundary>
    );
  }

  return (
    <PanelFrame title={title} look={panel.style}>
      {body}
    </PanelFrame>
  );
}

/**
 * {@link PanelContent} that re-renders only when what it draws changes (type, config, title, size,
 * style), not when the panel only moves: the builder re-renders every box on each drag step.
 */
export const MemoPanelContent = memo(
  PanelContent,
  (a, b) =>
    a.panel === b.panel ||
    (a.panel.panelId === b.panel.panelId &&
      a.panel.type === b.panel.type &&
      a.panel.config === b.panel.config &&
      a.panel.title === b.panel.title &&
      a.panel.style === b.panel.style &&
      a.panel.w === b.panel.w &&
      a.panel.h === b.panel.h),
);

/**
 * One panel of a page in a viewer: {@link PanelContent} absolutely placed in page pixels, veiled with
 * "Loading history…" while a replay reads its range, so no panel shows "0 underground" or "—" as if
 * that were the past.
 */
export function PanelHost({ panel }: { panel: Panel }) {
  return (
    <div data-panel-id={panel.panelId} data-panel-type={panel.type} style={{ position: 'absolute', left: panel.x, top: panel.y, width: panel.w, height: panel.h, zIndex: panel.z }}>
      <PanelContent panel={panel} />
      <ReplayLoadingVeil />
    </div>
  );
}

const ReplayLoadingVeil = observer(function ReplayLoadingVeil() {
  const data = usePanelData();
  if (data.mode !== 'replay' || !data.devicesLoading()) return null;
  return (
    <div data-replay-loading role="status" style={{ position: 'absolute', inset: 0, display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 12, background: 'rgba(5, 11, 24, 0.82)', color: SCREEN.text, fontSize: 20, fontWeight: 600 }}>
      <Spinner size="medium" />
      <Trans>Loading history…</Trans>
    </div>
  );
});
