import { useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Tab, TabList } from '@fluentui/react-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { roleIn } from '../../../../protocol';
import { useStores } from '../../../stores';
import { SCREEN } from '../../../theme/theme';
import { HeaderActions } from '../../shell/HeaderActions';
import { AuditTab } from './AuditTab';
import { DevicesTab } from './DevicesTab';
import { ProjectsTab } from './ProjectsTab';
import { UsersTab } from './UsersTab';

type AdminTab = 'projects' | 'users' | 'devices' | 'audit';

/** Width (CSS px) the administration area is drawn for; wider screens zoom it, up to ADMIN_MAX_ZOOM. */
const ADMIN_DESIGN_WIDTH_PX = 1920;
const ADMIN_MAX_ZOOM = 2.5;

/**
 * The page zoom of the administration area on a screen `viewportWidthPx` wide: 1 up to 1920 px, growing
 * with the width beyond (2 at 3840), so its 12–16 px text reads at 24–32 px on a 4K wall instead of 12 px.
 * Rounded to 0.05.
 */
export function adminZoom(viewportWidthPx: number): number {
  const z = Math.min(ADMIN_MAX_ZOOM, Math.max(1, viewportWidthPx / ADMIN_DESIGN_WIDTH_PX));
  return Math.round(z * 20) / 20;
}

/**
 * Zooms the whole document (dialogs and menus in portals too) by adminZoom while the administration
 * area is up, following resizes; the zoom is taken off when it unmounts. Returns the zoom in force.
 */
function useAdminZoom(): number {
  const [zoom, setZoom] = useState(() => adminZoom(window.innerWidth));
  useEffect(() => {
    const root = document.documentElement;
    const before = root.style.zoom;
    const apply = () => {
      const z = adminZoom(window.innerWidth);
      root.style.zoom = z === 1 ? before : String(z);
      setZoom(z);
    };
    apply();
    window.addEventListener('resize', apply);
    return () => {
      window.removeEventListener('resize', apply);
      root.style.zoom = before;
    };
  }, []);
  return zoom;
}

/**
 * /admin: organisations and projects, users and roles, the device registry and the audit log of the current
 * project (docs/api.md "Administration"). For organisation administrators of the current project and
 * installation administrators; the server refuses everyone else anyway (the role matrix).
 */
export const AdminScreen = observer(function AdminScreen() {
  const { session } = useStores();
  const { t } = useLingui();
  const [tab, setTab] = useState<AdminTab>('projects');
  const user = session.user;
  const projectId = user?.projectId ?? '';
  const projectAdmin = user !== null && roleIn(user, projectId) === 'orgAdmin';
  const current = user?.projects.find((p) => p.projectId === projectId);
  // viewport units grow with the zoom: the page's full height is 100vh / zoom
  const zoom = useAdminZoom();

  return (
    <main style={{ minHeight: `calc(100vh / ${zoom})`, background: SCREEN.pageBackground, color: SCREEN.text, padding: '24px 32px', boxSizing: 'border-box' }}>
      <header style={{ display: 'flex', alignItems: 'center', gap: 16, marginBottom: 16 }}>
        <a href="#/pageManger" style={{ color: SCREEN.textMuted, textDecoration: 'none', fontSize: 13 }}>
          <Trans>Boards</Trans>
        </a>
        <h1 style={{ margin: 0, fontSize: 24, flex: 1 }}>
          <Trans>Administration</Trans>
          {current ? <span style={{ fontSize: 14, color: SCREEN.textMuted, marginInlineStart: 12 }}>{current.name}</span> : null}
        </h1>
        <HeaderActions />
      </header>
      <TabList selectedValue={tab} onTabSelect={(_, d) => setTab(d.value as AdminTab)} style={{ marginBottom: 16 }}>
        <Tab value="projects">{t`Projects`}</Tab>
        {projectAdmin ? <Tab value="users">{t`Users and roles`}</Tab> : null}
        {projectAdmin ? <Tab value="devices">{t`Devices`}</Tab> : null}
        {projectAdmin ? <Tab value="audit">{t`Audit log`}</Tab> : null}
      </TabList>
      {tab === 'projects' ? <ProjectsTab projectId={projectId} /> : null}
      {tab === 'users' && projectAdmin ? <UsersTab projectId={projectId} /> : null}
      {tab === 'devices' && projectAdmin ? <DevicesTab projectId={projectId} /> : null}
      {tab === 'audit' && projectAdmin ? <AuditTab projectId={projectId} /> : null}
    </main>
  );
});
