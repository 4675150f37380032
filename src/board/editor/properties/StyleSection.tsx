import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Panel, PanelStyle } from '../../../../protocol';
import { useThemeColors } from '../../../components';
import type { EditorStore } from '../../../stores/EditorStore';
import { setPanelStyle } from '../commands';
import { UI } from '../ui';
import { ColourField, FieldError, NumberField, Section } from './fields';

/**
 * "Style" of the selected panels' frames (panel.style): background, border colour, width and radius,
 * padding, opacity and the title bar. Fields show the first panel's style; a change applies to all
 * selected panels as one undo step. Empty fields fall back to the board theme; "Reset style" removes the
 * style (style null). A value panelStyleSchema refuses shows why and changes nothing.
 */
export const StyleSection = observer(function StyleSection({ store, panels }: { store: EditorStore; panels: Panel[] }) {
  const { t } = useLingui();
  // Unset colours show the theme's own (resolved for the colour picker), so the swatch matches the screen.
  const theme = useThemeColors();
  const [error, setError] = useState<string | null>(null);
  const first = panels[0];
  if (!first || !store.board || !store.pageId) return null;
  const style: PanelStyle = first.style ?? {};
  const ids = panels.map((p) => p.panelId);
  const apply = (next: PanelStyle | null) => {
    const r = setPanelStyle(store.board!, store.pageId!, ids, next);
    if (!r.ok) {
      setError(r.error);
      return;
    }
    setError(null);
    store.run(r.result);
  };
  const set = <K extends keyof PanelStyle>(key: K, value: PanelStyle[K] | undefined) => apply({ ...style, [key]: value });
  return (
    <Section title={<Trans>Style</Trans>} testId="style-section">
      <div style={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)', gap: 6 }}>
        <ColourField label={t`Background`} value={style.background} fallback={theme.panelBackground} onCommit={(v) => set('background', v)} />
        <ColourField label={t`Border colour`} value={style.borderColor} fallback={theme.panelBorder} onCommit={(v) => set('borderColor', v)} />
        <NumberField label={t`Border width`} value={style.borderWidthPx} placeholder={t`theme`} min={0} max={20} onCommit={(v) => set('borderWidthPx', v)} />
        <NumberField label={t`Corner radius`} value={style.borderRadiusPx} placeholder={t`theme`} min={0} max={200} onCommit={(v) => set('borderRadiusPx', v)} />
        <NumberField label={t`Padding`} value={style.paddingPx} placeholder={t`theme`} min={0} max={200} onCommit={(v) => set('paddingPx', v)} />
        <NumberField label={t`Opacity`} value={style.opacity} placeholder="1" min={0.1} max={1} step={0.05} onCommit={(v) => set('opacity', v)} />
      </div>
      <label>
        <input type="checkbox" checked={style.showTitle !== false} onChange={(e) => set('showTitle', e.target.checked ? undefined : false)} /> <Trans>Show title</Trans>
      </label>
      <FieldError error={error} testId="style-error" />
      <div>
        <button type="button" style={UI.button} disabled={!panels.some((p) => p.style)} onClick={() => apply(null)}>
          <Trans>Reset style</Trans>
        </button>
      </div>
    </Section>
  );
});
