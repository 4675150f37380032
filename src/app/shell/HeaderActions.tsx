import { useEffect, useState, type ReactNode } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, Menu, MenuButton, MenuItemLink, MenuList, MenuPopover, MenuTrigger } from '@fluentui/react-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { useStores } from '../../stores';
import { LocaleSwitch } from '../LocaleSwitch';
import { ThemeMenu } from './ThemeMenu';
import { StaleBadge } from './ShellBanners';
import { ProjectSwitchDialog } from './ProjectSwitchDialog';
import { MyInvitations } from '../screens/admin/MyInvitations';

/** Whether the viewport is narrower than `px` CSS px (false when `px` is undefined), following resizes. */
function useNarrowerThan(px: number | undefined): boolean {
  const query = px === undefined ? null : `(max-width: ${px - 0.02}px)`;
  const [narrow, setNarrow] = useState(() => (query && typeof window.matchMedia === 'function' ? window.matchMedia(query).matches : false));
  useEffect(() => {
    if (!query || typeof window.matchMedia !== 'function') return;
    const mq = window.matchMedia(query);
    const update = () => setNarrow(mq.matches);
    update();
    mq.addEventListener('change', update);
    return () => mq.removeEventListener('change', update);
  }, [query]);
  return narrow;
}

/**
 * The shell's actions in every screen header: stale-data badge, the alarm center, the person list, organization switch,
 * language, theme, the administration area (organisation administrators), the system status page
 * (administrators only) and Logout (docs/product.md "Shell and session").
 *
 * `collapseBelowPx`: on a viewport narrower than this (CSS px) the links (alarm center, people,
 * administration, status) move into a "Menu" button, so a one-line header (the board's, 1366×768) keeps
 * every action reachable instead of cutting the last ones off; Logout stays in sight.
 */
export const HeaderActions = observer(function HeaderActions({ collapseBelowPx }: { collapseBelowPx?: number }) {
  const { session } = useStores();
  const { t } = useLingui();
  const narrow = useNarrowerThan(collapseBelowPx);
  const links: Array<{ href: string; label: ReactNode; key: string }> = [
    { key: 'alarmCenter', href: '#/alarmCenter', label: <Trans>Alarm center</Trans> },
    { key: 'people', href: '#/people', label: <Trans>People</Trans> },
    { key: 'tunnel', href: '#/tunnel', label: <Trans>Tunnel progress</Trans> },
  ];
  if (session.user && (session.user.isAdmin || session.user.role === 'orgAdmin')) {
    links.push({ key: 'admin', href: '#/admin', label: <Trans>Administration</Trans> });
  }
  if (session.user?.isAdmin) links.push({ key: 'status', href: '#/system/status', label: <Trans>Status</Trans> });
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
      <StaleBadge />
      {narrow ? (
        <Menu positioning="below-end">
          <MenuTrigger disableButtonEnhancement>
            <MenuButton size="small" appearance="subtle" data-testid="shell-menu" aria-label={t`More pages`}>
              <Trans>Menu</Trans>
            </MenuButton>
          </MenuTrigger>
          <MenuPopover>
            <MenuList>
              {links.map((l) => (
                <MenuItemLink key={l.key} href={l.href}>
                  {l.label}
                </MenuItemLink>
              ))}
            </MenuList>
          </MenuPopover>
        </Menu>
      ) : (
        links.slice(0, 3).map((l) => (
          <Button key={l.key} size="small" appearance="subtle" as="a" href={l.href}>
            {l.label}
          </Button>
        ))
      )}
      <MyInvitations />
      <ProjectSwitchDialog />
      <LocaleSwitch />
      <ThemeMenu />
      {narrow
        ? null
        : links.slice(3).map((l) => (
            <Button key={l.key} size="small" appearance="subtle" as="a" href={l.href}>
              {l.label}
            </Button>
          ))}
      <Button size="small" onClick={() => void session.logout()}>
        <Trans>Logout</Trans>
      </Button>
    </span>
  );
});
