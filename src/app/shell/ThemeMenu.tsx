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
import { observer } from 'mobx-react-lite';
import { BOARDS } from '../../../protocol';
import { THEME_COLORS } from '../../theme/settings';
import { useStores } from '../../stores';
import { mayBuildBoards } from './landing';
import { projectThemeOf } from './ProjectThemeSync';
import { useThemeControl } from './ThemeController';

/**
 * Theme settings (docs/product.md "States", "Constants"): primary colour (default green, red, blue), dark or
 * light, and the page title. A change is this browser's choice, on top of the project's theme; the menu says
 * which applies, goes back to the project's theme, and lets board editors save the settings for the project.
 */
export const ThemeMenu = observer(function ThemeMenu() {
  const { t } = useLingui();
  const { settings, apply, project, browserChoice, followProject, setProject } = useThemeControl();
  const { session, queries } = useStores();
  const [saving, setSaving] = useState(false);
  const mayEdit = project !== null && mayBuildBoards(session.user);
  const saveForProject = async () => {
    if (!project) return;
    setSaving(true);
    try {
      const { theme, primaryColor, title } = settings;
      const saved = await queries.mutate(BOARDS.systemStyleEdit, { projectId: project.projectId, baseVersion: project.version, theme, primaryColor, title });
      setProject(projectThemeOf(saved));
      followProject();
    } catch {
      // the request wrapper has shown the error (e.g. someone else saved first)
    } finally {
      setSaving(false);
    }
  };
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
        <div data-theme-source={browserChoice ? 'browser' : 'project'} style={{ display: 'grid', gap: 8, borderTop: '1px solid rgba(128,128,128,0.35)', paddingTop: 10 }}>
          <span style={{ fontSize: 13 }}>{browserChoice ? <Trans>This browser's own choice, over the project's theme</Trans> : <Trans>The project's theme</Trans>}</span>
          {browserChoice ? (
            <Button onClick={followProject}>
              <Trans>Use the project's theme</Trans>
            </Button>
          ) : null}
          {mayEdit && browserChoice ? (
            <Button appearance="primary" disabled={saving} onClick={() => void saveForProject()}>
              <Trans>Save as the project's theme</Trans>
            </Button>
          ) : null}
        </div>
      </PopoverSurface>
    </Popover>
  );
});

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
