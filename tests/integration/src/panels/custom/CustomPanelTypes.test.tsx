import { Suspense } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { CUSTOM_PANELS, type CustomPanelType } from '../../../../../protocol';
import { AppProviders } from '../../../../../src/app/providers';
import { usePanelRegistry } from '../../../../../src/components';
import { renderWithApp, testRoot } from '../../../../../src/test/render';
import { useRealServer } from '../../../../../src/test/realServer';
import { panelRegistry } from '../../../../../src/panels/registry';
import { CustomPanelTypes } from '../../../../../src/panels/custom/CustomPanelTypes';
import type { ModuleImporter } from '../../../../../src/panels/custom/customDefinition';
import type { CustomPanelProps } from '../../../../../src/panels/custom/customModule';

const real = useRealServer();
const size = { w: 300, h: 200 };
// The admin is a member of both seeded projects (server/seed/demoProject.ts).
const P1 = 'demo-tunnel';
const P2 = 'demo-bridge';
const TYPES: Record<string, CustomPanelType[]> = {
  [P1]: [
    { type: 'clockX', title: 'Clock X', moduleUrl: '/m/clock.js', defaultSize: size },
    { type: 'throwsX', title: 'Throws X', moduleUrl: '/m/throws.js', defaultSize: size },
    { type: 'gasTrend', title: 'Impostor', moduleUrl: '/m/impostor.js', defaultSize: size },
  ],
  [P2]: [{ type: 'flakyX', title: 'Flaky X', moduleUrl: '/m/flaky.js', defaultSize: size }],
};

function Clock({ config, width, api }: CustomPanelProps) {
  return <p>clock {String(config.label)} {width} {api === (window as { SiteBoard?: unknown }).SiteBoard ? 'api' : 'no-api'}</p>;
}
function Throws(): never {
  throw new Error('boom');
}

/** Lists the registered types and renders one panel of each requested type, as the board would. */
function Probe({ types }: { types: string[] }) {
  const registry = usePanelRegistry();
  return (
    <div>
      <output data-testid="types">{registry.list().map((d) => d.type).join(',')}</output>
      {types.map((type) => {
        const def = registry.get(type);
        if (!def) return <p key={type}>unknown {type}</p>;
        const View = def.component;
        return (
          <Suspense key={type} fallback={<p>loading</p>}>
            <View panelId={`panel-${type}`} config={{ label: 'L' }} width={300} height={200} />
          </Suspense>
        );
      })}
    </div>
  );
}

// registered on the server by an administrator, as in production
beforeAll(async () => {
  for (const [projectId, types] of Object.entries(TYPES)) {
    for (const t of types) await real().admin.call(CUSTOM_PANELS.typeAdd.path, { projectId, ...t });
  }
});

async function setup(projectId: string, importModule: ModuleImporter, refreshMs?: number) {
  const api = await real().signIn();
  const root = testRoot({ fetch: api.fetch });
  const ui = (p: string) => (
    <CustomPanelTypes projectId={p} importModule={importModule} refreshMs={refreshMs}>
      <Probe types={['clockX', 'throwsX', 'flakyX']} />
    </CustomPanelTypes>
  );
  const view = await renderWithApp(ui(projectId), root);
  return { root, api, rerender: (p: string) => view.rerender(<AppProviders root={root}>{ui(p)}</AppProviders>), unmount: view.unmount };
}

describe('CustomPanelTypes', () => {
  afterEach(() => vi.restoreAllMocks());

  it('registers the project’s types while it is open, contains a throwing one, and unregisters on switch', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const imports: string[] = [];
    const importer: ModuleImporter = async (url) => {
      imports.push(url);
      return url.includes('clock') ? { default: Clock } : { default: { component: Throws } };
    };
    const { root, rerender, unmount } = await setup(P1, importer);

    expect(await screen.findByText('clock L 300 api')).toBeTruthy();
    expect(await screen.findByText('This panel failed: Throws X: boom')).toBeTruthy();
    expect(screen.getByTestId('types').textContent).toContain('clockX,throwsX');
    // A type id taken by a built-in is refused, the built-in stays.
    expect(panelRegistry.get('gasTrend')?.defaultSize).not.toEqual(size);
    const notices = root.notices.queue.map((n) => n.message);
    expect(notices).toContain('Throws X: boom');
    expect(notices.some((m) => m.includes('"gasTrend" is already registered'))).toBe(true);

    await act(async () => rerender(P2));
    await waitFor(() => expect(screen.getByTestId('types').textContent).not.toContain('clockX'));
    expect(screen.getByText('unknown clockX')).toBeTruthy();
    expect(panelRegistry.get('throwsX')).toBeUndefined();
    unmount();
    expect(panelRegistry.get('flakyX')).toBeUndefined();
    expect(panelRegistry.get('gasTrend')).toBeDefined();
  });

  it('picks up types added and removed on the server while the project stays open', async () => {
    const importer: ModuleImporter = async () => ({ default: Clock });
    const { unmount } = await setup(P2, importer, 150);
    await waitFor(() => expect(screen.getByTestId('types').textContent).toContain('flakyX'));
    expect(screen.getByTestId('types').textContent).not.toContain('lateX');

    await real().admin.call(CUSTOM_PANELS.typeAdd.path, { projectId: P2, type: 'lateX', title: 'Late X', moduleUrl: '/m/late.js', defaultSize: size });
    await waitFor(() => expect(screen.getByTestId('types').textContent).toContain('lateX'));
    await real().admin.call(CUSTOM_PANELS.typeDelete.path, { projectId: P2, types: ['lateX'] });
    await waitFor(() => expect(screen.getByTestId('types').textContent).not.toContain('lateX'));
    expect(panelRegistry.get('lateX')).toBeUndefined();
    expect(panelRegistry.get('flakyX')).toBeDefined();
    unmount();
  });

  it('shows a module that does not load as an error naming it, and Retry imports it afresh', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const imports: string[] = [];
    const importer: ModuleImporter = async (url) => {
      imports.push(url);
      if (imports.length === 1) throw new TypeError('Failed to fetch dynamically imported module');
      return { default: Clock };
    };
    const { unmount } = await setup(P2, importer);

    expect(await screen.findByText('Could not load part of the application: custom:flakyX')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('clock L 300 api')).toBeTruthy();
    expect(imports).toEqual(['/m/flaky.js', '/m/flaky.js?sbRetry=1']);
    unmount();
  });
});
