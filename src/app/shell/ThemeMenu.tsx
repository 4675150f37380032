import { useEffect, useState } from 'react';
import {
  Button,
  Field,
  Input,
  Popover,
  PopoverSurface,
  PopoverTrigger,
  Radio,
  RadioGroup,
  Spinner,
} from '@fluentui/react-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { THEME_COLORS } from '../../theme/settings';
import { useThemeControl } from './ThemeController';

/**
 * Theme settings (docs/product.md "States", "Constants"): primary colour (default green, red, blue), dark or light, and the page title.
 */
export function ThemeMenu() {
  const { t } = useLingui();
  const { settings, apply } = useThemeControl();
  const [title, setTitle] = useState(settings.title);
  useEffect(() => setTitle(settings.title), [settings.title]);
  const colors: Array<{ value: string; label: string }> = [
    { value: THEME_COLORS.default, label: t`Default green` },
    { value: THEME_COLORS.red, label: t`Red` },
    { value: THEME_COLORS.blue, label: t`Blue` },
  ];
  return (
    <Popover positioning="below-end" trapFocus>
      <PopoverTrigger disableButtonEnhancement>
        <Button size="small" appearance="subtle" data-testid="theme-menu">
          <Trans>Theme</Trans>
        </Button>
      </PopoverTrigger>
      <PopoverSurface aria-label={t`Theme`} style={{ display: 'flex', flexDirection: 'column', gap: 12, minWidth: 240 }}>
        <Field label={t`Primary colour`}>
          <RadioGroup value={settings.primaryColor} onChange={(_, d) => apply({ primaryColor: d.value })}>
            {colors.map((c) => (
              <Radio key={c.value} value={c.value} label={<span><span aria-hidden style={{ display: 'inline-block', width: 12, height: 12, background: c.value, borderRadius: 2, marginInlineEnd: 6 }} />{c.label}</span>} />
            ))}
          </RadioGroup>
        </Field>
        <Field label={t`Mode`}>
          <RadioGroup layout="horizontal" value={settings.theme} onChange={(_, d) => apply({ theme: d.value as 'dark' | 'light' })}>
            <Radio value="dark" label={t`Dark`} />
            <Radio value="light" label={t`Light`} />
          </RadioGroup>
        </Field>
        <form
          style={{ display: 'flex', gap: 8, alignItems: 'end' }}
          onSubmit={(e) => {
            e.preventDefault();
            apply({ title });
          }}
        >
          <Field label={t`Title`} style={{ flex: 1 }}>
            <Input value={title} maxLength={80} onChange={(_, d) => setTitle(d.value)} />
          </Field>
          <Button type="submit">
            <Trans>Save</Trans>
          </Button>
        </form>
      </PopoverSurface>
    </Popover>
  );
}

/** The theme messages of docs/product.md "Notices and errors": "compiling theme" while a change compiles, "theme compile failed" after a failure. */
export function ThemeStatusBanner() {
  const { status } = useThemeControl();
  if (status === 'idle') return null;
  const style = { position: 'fixed', top: 56, insetInlineStart: '50%', transform: 'translateX(-50%)', zIndex: 1000, padding: '8px 16px', borderRadius: 6, background: '#0b1730', border: '1px solid #1d3357' } as const;
  return status === 'compiling' ? (
    <div role="status" style={style}>
      <Spinner size="tiny" label={<Trans>compiling theme</Trans>} />
    </div>
  ) : (
    <div role="alert" style={{ ...style, color: '#ff7875' }}>
      <Trans>theme compile failed</Trans>
    </div>
  );
}
