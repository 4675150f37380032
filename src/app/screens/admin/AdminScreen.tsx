import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Tab, TabList } from '@fluentui/react-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { roleIn } from '../../../../protocol';
import { useStores } from '../../../stores';
import { SCREEN } from '../../../theme/theme';
import { HeaderActions } from '../../shell/HeaderActions';
import { useScreenZoom } from '../../shell/screenZoom';
import { AuditTab } from './AuditTab';
import { DevicesTab } from './DevicesTab';
import { LabourTab } from './LabourTab';
import { ProjectsTab } from './ProjectsTab';
import { UsersTab } from './UsersTab';

type AdminTab = 'projects' | 'users' | 'devices' | 'labour' | 'audit';

/**
 * /admin: organisations and projects, users and roles, the device registry, the cooperating companies and
 * teams (enterprise types, shifts) and the audit log of the current project (docs/api.md "Administration"). For organisation administrators of the current project and
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
  const zoom = useScreenZoom();

  return (
    <main style={{ minHeight: `calc(100vh / ${zoom})`, background: SCREEN.pageBackground, color: SCREEN.text, padding: '24px 32px', boxSizing: 'border-box' }}>
      <header style={{ display: 'flex', alignItems: 'center', gap: 16, marginBottom: 16 }}>
        <a href="#/pageManger" style={{ color: SCREEN.textMuted, textDecoration: 'none', fontSize: 13 }}>
          <Trans>Boards</Trans>
        </a>
        <h1 style={{ margin: 0, fontSize: 24, whiteSpace: 'nowrap' }}>
          <Trans>Administration</Trans>
          {current ? <span style={{ fontSize: 14, color: SCREEN.textMuted, marginInlineStart: 12 }}>{current.name}</span> : null}
        </h1>
        <span data-header-spacer style={{ flex: 1 }} />
        <HeaderActions />
      </header>
      <TabList selectedValue={tab} onTabSelect={(_, d) => setTab(d.value as AdminTab)} style={{ marginBottom: 16 }}>
        <Tab value="projects">{t`Projects`}</Tab>
        {projectAdmin ? <Tab value="users">{t`Users and roles`}</Tab> : null}
        {projectAdmin ? <Tab value="devices">{t`Devices`}</Tab> : null}
        {projectAdmin ? <Tab value="labour">{t`Companies and teams`}</Tab> : null}
        {projectAdmin ? <Tab value="audit">{t`Audit log`}</Tab> : null}
      </TabList>
      {tab === 'projects' ? <ProjectsTab projectId={projectId} /> : null}
      {tab === 'users' && projectAdmin ? <UsersTab projectId={projectId} /> : null}
      {tab === 'devices' && projectAdmin ? <DevicesTab projectId={projectId} /> : null}
      {tab === 'labour' && projectAdmin ? <LabourTab projectId={projectId} /> : null}
      {tab === 'audit' && projectAdmin ? <AuditTab projectId={projectId} /> : null}
    </main>
  );
});
