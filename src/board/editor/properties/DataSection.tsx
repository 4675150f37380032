import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Trans, useLingui } from '@lingui/react/macro';
import { deviceTopic, type DeviceInfo, type Panel } from '../../../../protocol';
import { usePanelRegistry } from '../../../components';
import type { PanelBinding } from '../../../components/panelApi';
import { useStores } from '../../../stores';
import type { EditorStore } from '../../../stores/EditorStore';
import { setConfigValue } from '../commands';
import type { BindingCandidates } from '../tools';
import { COLORS, UI } from '../ui';
import { FieldError, Section } from './fields';

/** Rows a picker lists at most; a search narrows a long list down. */
const MAX_ROWS = 200;

interface Choice {
  id: string;
  label: string;
  /** MQTT/socket topic the device publishes on (devices only). */
  topic?: string;
}

function topicOf(projectId: string, d: DeviceInfo): string | undefined {
  try {
    return deviceTopic(projectId, d.kind, d.sn);
  } catch {
    return undefined;
  }
}

type Stores = ReturnType<typeof useStores>;

/** What a binding can take in the project: its tunnels, or its devices of the binding's kinds. */
function bindable(root: Stores, binding: PanelBinding): { tunnels: Stores['tunnels']['tunnels'] } | { devices: DeviceInfo[] } {
  const target = binding.target;
  return target === 'tunnel' ? { tunnels: root.tunnels.tunnels } : { devices: root.devices.all.filter((d) => target.devices.includes(d.kind)) };
}

/** The ids each binding can take in the project (tools.ts addPanelOfType binds a new panel where one fits). */
export function useBindingCandidates(): BindingCandidates {
  const root = useStores();
  return (binding) => {
    const b = bindable(root, binding);
    return 'tunnels' in b ? b.tunnels.map((x) => x.tunnelId) : b.devices.map((d) => d.sn);
  };
}

const asList = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : typeof v === 'string' && v ? [v] : []);

const BindingField = observer(function BindingField({ store, panel, binding }: { store: EditorStore; panel: Panel; binding: PanelBinding }) {
  const root = useStores();
  const registry = usePanelRegistry();
  const { t, i18n } = useLingui();
  const [query, setQuery] = useState('');
  const [error, setError] = useState<string | null>(null);
  const projectId = store.board!.projectId;
  const label = i18n._(binding.label);
  const options = bindable(root, binding);
  const choices: Choice[] =
    'tunnels' in options
      ? options.tunnels.map((x) => ({ id: x.tunnelId, label: x.name }))
      : options.devices.map((d) => ({ id: d.sn, label: `${d.name} · ${d.sn}${d.position ? ` · ${d.position}` : ''}`, topic: topicOf(projectId, d) }));
  const chosen = asList(panel.config[binding.key]);
  const known = new Set(choices.map((c) => c.id));
  // A bound id the project no longer has stays visible, so the user sees what is wrong and can change it.
  const all = [...choices, ...chosen.filter((id) => !known.has(id)).map((id) => ({ id, label: t`${id} (not in this project)` }))];
  const q = query.trim().toLowerCase();
  const shown = (q ? all.filter((c) => c.label.toLowerCase().includes(q) || c.id.toLowerCase().includes(q)) : all).slice(0, MAX_ROWS);

  const commit = (value: string | string[] | undefined) => {
    const r = setConfigValue(store.board!, store.pageId!, panel.panelId, binding.key, value, registry.get(panel.type));
    if (!r.ok) {
      setError(r.error);
      return;
    }
    setError(null);
    store.run(r.result);
  };
  // The bound devices by name and station (work face or site location, and tunnel), as people call them;
  // the MQTT topic only on demand.
  const tunnelName = (id: string | null) => (id ? root.tunnels.tunnels.find((x) => x.tunnelId === id)?.name : undefined);
  const picked = 'tunnels' in options ? [] : chosen.flatMap((id) => {
    const d = root.devices.all.find((x) => x.sn === id);
    return d ? [{ sn: d.sn, name: d.name, station: [d.position, tunnelName(d.tunnelId)].filter(Boolean).join(' · ') }] : [];
  });
  const topics = chosen.flatMap((id) => {
    const c = choices.find((x) => x.id === id);
    return c?.topic ? [c.topic] : [];
  });

  return (
    <div data-testid={`binding-${binding.key}`} style={{ display: 'flex', flexDirection: 'column', gap: 4 }}>
      <span style={{ fontSize: 11, color: COLORS.muted }}>{label}</span>
      {all.length > 8 ? <input aria-label={t`Search ${label}`} placeholder={t`Search`} value={query} onChange={(e) => setQuery(e.target.value)} style={UI.input} /> : null}
      {binding.multiple ? (
        <div role="group" aria-label={label} style={{ maxHeight: 180, overflow: 'auto', display: 'flex', flexDirection: 'column', gap: 2 }}>
          {chosen.length === 0 ? (
            <span style={{ fontSize: 11, color: COLORS.muted }}>
              <Trans>None chosen: all of the project.</Trans>
            </span>
          ) : null}
          {shown.map((c) => (
            <label key={c.id} style={{ fontSize: 12 }}>
              <input
                type="checkbox"
                checked={chosen.includes(c.id)}
                onChange={(e) => commit(e.target.checked ? [...chosen, c.id] : chosen.filter((x) => x !== c.id))}
              />{' '}
              {c.label}
            </label>
          ))}
        </div>
      ) : (
        <select aria-label={label} value={chosen[0] ?? ''} onChange={(e) => commit(e.target.value || undefined)} style={UI.input}>
          <option value="">{t`— choose —`}</option>
          {shown.map((c) => (
            <option key={c.id} value={c.id}>
              {c.label}
            </option>
          ))}
        </select>
      )}
      {picked.length ? (
        <ul data-testid="binding-devices" style={{ listStyle: 'none', margin: 0, padding: 0, fontSize: 12 }}>
          {picked.slice(0, 5).map((d) => (
            <li key={d.sn}>
              <span style={{ color: COLORS.text }}>{d.name}</span>
              {d.station ? <span style={{ color: COLORS.muted }}> · {d.station}</span> : null}
            </li>
          ))}
          {picked.length > 5 ? <li style={{ color: COLORS.muted }}>{t`and ${picked.length - 5} more`}</li> : null}
        </ul>
      ) : null}
      {topics.length ? (
        <details style={{ fontSize: 11, color: COLORS.muted }}>
          <summary style={{ cursor: 'pointer' }}>
            <Trans>MQTT topic</Trans>
          </summary>
          <div data-testid="binding-topic">
            {topics.slice(0, 5).map((x) => (
              <code key={x} style={{ display: 'block', overflowWrap: 'anywhere' }}>
                {x}
              </code>
            ))}
            {topics.length > 5 ? <span>{t`and ${topics.length - 5} more`}</span> : null}
          </div>
        </details>
      ) : null}
      <FieldError error={error} testId="binding-error" />
    </div>
  );
});

/**
 * "Data" of one panel: a picker for each binding its type declares (PanelDefinition.bindings): the
 * project's devices of the bound kinds (one, or a checklist for a list binding, with search), or its
 * tunnels, plus each bound device's name and station, and on demand the topic it publishes on. Types without bindings show nothing.
 */
export const DataSection = observer(function DataSection({ store, panel }: { store: EditorStore; panel: Panel }) {
  const registry = usePanelRegistry();
  const bindings = registry.get(panel.type)?.bindings ?? [];
  if (bindings.length === 0) return null;
  return (
    <Section title={<Trans>Data</Trans>} testId="data-section">
      {bindings.map((b) => (
        <BindingField key={b.key} store={store} panel={panel} binding={b} />
      ))}
    </Section>
  );
});
