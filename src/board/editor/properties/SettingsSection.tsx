import { useMemo, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Panel } from '../../../../protocol';
import { usePanelRegistry } from '../../../components';
import type { EditorStore } from '../../../stores/EditorStore';
import { setConfigValue, setPanelConfig, type Checked } from '../commands';
import { COLORS, UI } from '../ui';
import { configFields, fieldValue, type ConfigField } from './configForm';
import { FieldError, NumberField, Section } from './fields';

/**
 * Checks a config typed as JSON: it must be a JSON object that the panel type's schema accepts. Returns
 * the object, or the reason it is refused (nothing is applied then).
 */
export function parseConfigText(text: string, check: (config: Record<string, unknown>) => string | null): { ok: true; config: Record<string, unknown> } | { ok: false; error: string } {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    return { ok: false, error: `Not JSON: ${(e as Error).message}` };
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return { ok: false, error: 'The config must be a JSON object { … }.' };
  const config = raw as Record<string, unknown>;
  const problem = check(config);
  return problem ? { ok: false, error: problem } : { ok: true, config };
}

function FormField({
  field,
  label,
  optionLabel,
  value,
  onChange,
}: {
  field: ConfigField;
  label: string;
  /** The words for a choice of an enum field (the value itself when the type gives none). */
  optionLabel: (option: string) => string;
  value: unknown;
  onChange: (v: unknown) => void;
}) {
  const { t } = useLingui();
  switch (field.kind) {
    case 'number':
      return (
        <NumberField
          label={label}
          value={typeof value === 'number' ? value : undefined}
          placeholder={field.default !== undefined ? String(field.default) : ''}
          min={field.min}
          max={field.max}
          step={field.integer ? 1 : undefined}
          onCommit={onChange}
        />
      );
    case 'boolean':
      return (
        <label style={{ fontSize: 12 }}>
          <input type="checkbox" aria-label={label} checked={value === true} onChange={(e) => onChange(e.target.checked)} /> {label}
        </label>
      );
    case 'enum':
      return (
        <label style={{ display: 'flex', flexDirection: 'column', gap: 2, fontSize: 11, color: COLORS.muted }}>
          {label}
          <select aria-label={label} value={typeof value === 'string' ? value : ''} onChange={(e) => onChange(e.target.value || undefined)} style={UI.input}>
            {field.required ? null : <option value="">{t`(default)`}</option>}
            {field.options.map((o) => (
              <option key={o} value={o}>
                {optionLabel(o)}
              </option>
            ))}
          </select>
        </label>
      );
    case 'enumList': {
      const list = Array.isArray(value) ? (value as string[]) : [];
      return (
        <div role="group" aria-label={label} style={{ fontSize: 11, color: COLORS.muted }}>
          {label}
          <div style={{ display: 'flex', flexWrap: 'wrap', gap: '2px 8px', color: COLORS.text, fontSize: 12 }}>
            {field.options.map((o) => (
              <label key={o}>
                <input type="checkbox" checked={list.includes(o)} onChange={(e) => onChange(e.target.checked ? field.options.filter((x) => x === o || list.includes(x)) : list.filter((x) => x !== o))} /> {optionLabel(o)}
              </label>
            ))}
          </div>
        </div>
      );
    }
  }
}

function AdvancedJson({ panel, apply, open, onToggle }: { panel: Panel; apply: (config: Record<string, unknown>) => Checked; open: boolean; onToggle: (open: boolean) => void }) {
  const { t } = useLingui();
  const [text, setText] = useState(() => JSON.stringify(panel.config, null, 2));
  const [error, setError] = useState<string | null>(null);
  const onApply = () => {
    const r = parseConfigText(text, () => null);
    if (!r.ok) {
      setError(r.error);
      return;
    }
    const c = apply(r.config);
    setError(c.ok ? null : c.error);
  };
  return (
    // Controlled: applying a config remounts this editor with the new text, and it must stay open.
    <details open={open} onToggle={(e) => onToggle((e.currentTarget as HTMLDetailsElement).open)}>
      <summary style={{ cursor: 'pointer', fontSize: 12 }}>
        <Trans>Advanced (JSON)</Trans>
      </summary>
      <textarea aria-label={t`Config (JSON)`} value={text} onChange={(e) => setText(e.target.value)} spellCheck={false} rows={8} style={{ ...UI.input, width: '100%', fontFamily: 'monospace' }} />
      <FieldError error={error} testId="config-error" />
      <button type="button" style={UI.button} onClick={onApply}>
        <Trans>Apply config</Trans>
      </button>
    </details>
  );
}

/**
 * "Settings" of one panel: a form generated from its type's config schema for the simple keys (numbers,
 * switches, choices, lists of choices; keys bound in "Data" left out), then the whole config as JSON
 * under "Advanced (JSON)". Every change is checked by the type's schema (prepareConfig) before it is
 * applied as one undo step; a refused value shows why and changes nothing.
 */
export const SettingsSection = observer(function SettingsSection({ store, panel }: { store: EditorStore; panel: Panel }) {
  const registry = usePanelRegistry();
  const { i18n } = useLingui();
  const def = registry.get(panel.type);
  const [error, setError] = useState<string | null>(null);
  const [advancedOpen, setAdvancedOpen] = useState(false);
  // Bumped when a value is refused, so the fields show the config again instead of the refused entry.
  const [refusals, setRefusals] = useState(0);
  const fields = useMemo(() => (def ? configFields(def.configSchema, new Set(def.bindings?.map((b) => b.key))) : []), [def]);
  const run = (c: Checked): Checked => {
    if (c.ok) store.run(c.result);
    return c;
  };
  const setField = (key: string, value: unknown) => {
    const c = run(setConfigValue(store.board!, store.pageId!, panel.panelId, key, value, def));
    setError(c.ok ? null : c.error);
    if (!c.ok) setRefusals((n) => n + 1);
  };
  return (
    <Section title={<Trans>Settings</Trans>} testId="settings-section">
      {fields.map((f) => (
        <FormField key={`${f.key}:${refusals}`} field={f} label={def?.settingLabels?.[f.key] ? i18n._(def.settingLabels[f.key]) : f.key}
          optionLabel={(o) => {
            const m = def?.settingOptionLabels?.[f.key]?.[o];
            return m ? i18n._(m) : o;
          }}
          value={fieldValue(f, panel.config)} onChange={(v) => setField(f.key, v)} />
      ))}
      <FieldError error={error} testId="settings-error" />
      <AdvancedJson key={JSON.stringify(panel.config)} panel={panel} open={advancedOpen} onToggle={setAdvancedOpen} apply={(config) => run(setPanelConfig(store.board!, store.pageId!, panel.panelId, config, def))} />
    </Section>
  );
});
