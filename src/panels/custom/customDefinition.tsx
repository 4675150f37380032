import { useEffect, useMemo, type ComponentType, type ReactNode } from 'react';
import { observer } from 'mobx-react-lite';
import { Trans } from '@lingui/react/macro';
import { z } from 'zod';
import { appUrl, type CustomPanelType } from '../../../protocol';
import { lazyChunk } from '../../app/lazyChunk';
import { ErrorBoundary, PanelMessage } from '../../components';
import { noMigration, type PanelDefinition, type PanelProps } from '../types';
import { moduleUrlForAttempt, resolveCustomModule, type CustomPanelModule } from './customModule';

/** Stored config of a custom panel: any JSON object; the module's own `configSchema` checks it further. */
const anyConfig = z.record(z.string(), z.unknown());
type AnyConfig = z.infer<typeof anyConfig>;

/** Reports a custom panel failure to the user (the app's notice channel). */
export type CustomPanelReport = (message: string) => void;

/** Imports a module URL and resolves its namespace; `importer` is swappable for tests. */
export type ModuleImporter = (url: string) => Promise<unknown>;

// a same-origin path is a server path: under the app's base path (protocol/appBase.ts)
const browserImport: ModuleImporter = (url) => import(/* @vite-ignore */ appUrl(url));

function Reported({ title, error, report }: { title: string; error: string; report: CustomPanelReport }) {
  // The text names the panel: several custom panels may fail on one board.
  const message = `${title}: ${error}`;
  useEffect(() => {
    report(message);
  }, [message, report]);
  // Same message as the board's own panel failure text, so it is already in the catalogues.
  return (
    <PanelMessage tone="error">
      <Trans>This panel failed: {message}</Trans>
    </PanelMessage>
  );
}

/**
 * A panel definition for a registered custom type. The module is imported on first render through the
 * app's chunk loader (120 s time-out, error naming `custom:<type>` with Retry); its component renders
 * inside an error boundary that names the panel and the error, logs it (console.error) and reports it, so a
 * broken module never takes the board down. The component receives `{ panelId, config, width, height,
 * api: window.SiteBoard }`; a module `configSchema` that refuses the config shows its message instead.
 */
export function customPanelDefinition(
  t: CustomPanelType,
  report: CustomPanelReport,
  importModule: ModuleImporter = browserImport,
): PanelDefinition<AnyConfig> {
  let attempt = 0;
  let loaded: CustomPanelModule | null = null;
  const chunk = `custom:${t.type}`;

  function Loaded({ config, width, height, panelId }: PanelProps<AnyConfig>) {
    const mod = loaded as CustomPanelModule;
    const View = useMemo(() => reactive(mod.component), [mod]);
    const checked = useMemo(() => (mod.configSchema ? mod.configSchema.safeParse(config) : { success: true as const, data: config }), [mod, config]);
    if (!checked.success) return <Reported title={t.title} error={`invalid settings: ${checked.error.message}`} report={report} />;
    const api = (window as { SiteBoard?: unknown }).SiteBoard;
    // Inside the chunk host: a render error of the module must name the panel, not a missing chunk.
    return (
      <ErrorBoundary resetKey={config} fallback={(e) => <Reported title={t.title} error={e.message} report={report} />}>
        <View panelId={panelId} config={checked.data as AnyConfig} width={width} height={height} api={api} />
      </ErrorBoundary>
    );
  }

  const Chunk = lazyChunk<PanelProps<AnyConfig>>(chunk, async () => {
    const url = moduleUrlForAttempt(t.moduleUrl, attempt);
    attempt += 1;
    try {
      loaded = resolveCustomModule(await importModule(url));
    } catch (e) {
      console.error(`custom panel module ${t.moduleUrl} failed to load`, e);
      report(`${t.title}: ${(e as Error).message || String(e)}`);
      throw e;
    }
    return Loaded;
  });

  function CustomPanel(props: PanelProps<AnyConfig>) {
    return (
      <div data-custom-panel={t.type} style={{ width: '100%', height: '100%' }}>
        <Chunk {...props} />
      </div>
    );
  }
  CustomPanel.displayName = `CustomPanel(${t.type})`;

  return {
    type: t.type,
    // Titles of custom types are typed by the administrator, not translated: id and message are the text.
    title: { id: t.title, message: t.title },
    defaultSize: { ...t.defaultSize },
    configSchema: anyConfig,
    configVersion: 1,
    migrate: noMigration,
    component: CustomPanel,
  };
}

const reactiveViews = new WeakMap<object, ComponentType<any>>();

/**
 * A module's plain function component made a MobX observer, so the panel-data hooks of
 * `SiteBoard.data` (which read observable state) re-render it like a built-in panel. Class, memo and
 * forwardRef components are used as they are.
 */
function reactive<P>(View: ComponentType<P>): ComponentType<P> {
  if (typeof View !== 'function' || (View.prototype as { isReactComponent?: unknown } | undefined)?.isReactComponent) return View;
  let wrapped = reactiveViews.get(View);
  if (!wrapped) reactiveViews.set(View, (wrapped = observer(View as (props: P) => ReactNode) as ComponentType<any>));
  return wrapped as ComponentType<P>;
}
