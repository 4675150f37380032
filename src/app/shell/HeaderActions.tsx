import { useEffect, useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
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

/** A link keeps its label on one line: a header too narrow for them overflows (and folds them) rather than wrapping each. */
const NO_WRAP = { whiteSpace: 'nowrap', flexShrink: 0 } as const;

/** Free room (CSS px) the header must keep after the links unfold again (no flicker at the edge). */
const UNFOLD_MARGIN_PX = 120;

/**
 * Whether the header holding `ref` is crowded: its content is wider than the header (the links do not
 * wrap: they run past its end), or the project's name in it (`[data-project-name]`, a board's) is cut.
 * Once crowded it stays so until the header's free room (`[data-header-spacer]`) could take the links back
 * with UNFOLD_MARGIN_PX to spare: a header crowded only for a moment (fonts or the project's name still
 * loading) unfolds again, one that is truly full does not flicker. Checked after every render and whenever
 * the header or its free room changes size.
 */
function useCrowdedHeader(ref: RefObject<HTMLElement | null>): boolean {
  const [crowded, setCrowded] = useState(false);
  /** Width of the actions with the links unfolded, taken when they folded. */
  const unfoldedWidth = useRef(0);
  const [, setTick] = useState(0);
  useEffect(() => {
    const header = ref.current?.closest('header');
    if (!header || typeof ResizeObserver !== 'function') return;
    const observer = new ResizeObserver(() => setTick((n) => (n + 1) % 1_000_000));
    observer.observe(header);
    const spacer = header.querySelector('[data-header-spacer]');
    if (spacer) observer.observe(spacer);
    return () => observer.disconnect();
  }, [ref]);
  useLayoutEffect(() => {
    const own = ref.current;
    const header = own?.closest('header');
    if (!own || !header) return;
    if (!crowded) {
      const name = header.querySelector<HTMLElement>('[data-project-name]');
      if (header.scrollWidth > header.clientWidth + 1 || (name && name.scrollWidth > name.clientWidth + 1)) {
        unfoldedWidth.current = own.offsetWidth;
        setCrowded(true);
      }
      return;
    }
    const spacer = header.querySelector<HTMLElement>('[data-header-spacer]');
    const linksWidth = unfoldedWidth.current - own.offsetWidth;
    if (spacer && spacer.offsetWidth > linksWidth + UNFOLD_MARGIN_PX) setCrowded(false);
  });
  return crowded;
}

/**
 * The shell's actions in every screen header: stale-data badge, the alarm center, the person list, organization switch,
 * language, theme, the administration area (organisation administrators), the system status page
 * (administrators only) and Logout (docs/product.md "Shell and session").
 *
 * The links (project home, alarm center, people… administration, status) move into a "Menu" button when
 * the header is crowded at any width (useCrowdedHeader: they would run past its end, or cut a board's
 * project name), so every action stays reachable instead of the last ones being cut off; Logout stays in
 * sight. `collapseBelowPx`: they fold on a viewport narrower than this (CSS px) from the first render too
 * (the board's header, which must not jump on a wall screen).
 */
export const HeaderActions = observer(function HeaderActions({ collapseBelowPx }: { collapseBelowPx?: number }) {
  const { session } = useStores();
  const { t } = useLingui();
  const own = useRef<HTMLSpanElement>(null);
  const narrowViewport = useNarrowerThan(collapseBelowPx);
  const crowded = useCrowdedHeader(own);
  const narrow = narrowViewport || crowded;
  const links: Array<{ href: string; label: ReactNode; key: string }> = [
    { key: 'home', href: '#/home', label: <Trans>Project home</Trans> },
    { key: 'alarmCenter', href: '#/alarmCenter', label: <Trans>Alarm center</Trans> },
    { key: 'captures', href: '#/captures', label: <Trans>AI captures</Trans> },
    { key: 'people', href: '#/people', label: <Trans>People</Trans> },
    { key: 'tunnel', href: '#/tunnel', label: <Trans>Tunnel progress</Trans> },
    { key: 'attendance', href: '#/attendance', label: <Trans>Attendance</Trans> },
    { key: 'video', href: '#/video', label: <Trans>Video</Trans> },
    { key: 'environment', href: '#/environment', label: <Trans>Environment</Trans> },
    { key: 'emergency', href: '#/emergency', label: <Trans>Emergency</Trans> },
    { key: 'inspections', href: '#/inspections', label: <Trans>Inspections</Trans> },
    { key: 'education', href: '#/education', label: <Trans>Safety education</Trans> },
  ];
  // the company homepage: for users of several projects or an organisation role (docs/api.md "Company homepage")
  if (session.user && (session.user.isAdmin || session.user.projects.length > 1 || session.user.projects.some((p) => p.role === 'orgAdmin'))) links.push({ key: 'company', href: '#/company', label: <Trans>Company</Trans> });
  if (session.user && (session.user.isAdmin || session.user.role === 'orgAdmin')) {
    links.push({ key: 'admin', href: '#/admin', label: <Trans>Administration</Trans> });
  }
  if (session.user?.isAdmin) links.push({ key: 'status', href: '#/system/status', label: <Trans>Status</Trans> });
  return (
    <span ref={own} style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
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
        links.slice(0, 4).map((l) => (
          <Button key={l.key} size="small" appearance="subtle" as="a" href={l.href} style={NO_WRAP}>
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
        : links.slice(4).map((l) => (
            <Button key={l.key} size="small" appearance="subtle" as="a" href={l.href} style={NO_WRAP}>
              {l.label}
            </Button>
          ))}
      <Button size="small" onClick={() => void session.logout()}>
        <Trans>Logout</Trans>
      </Button>
    </span>
  );
});
