import { observer } from 'mobx-react-lite';
import { Button } from '@fluentui/react-components';
import { Trans } from '@lingui/react/macro';
import { useStores } from '../../stores';
import { LocaleSwitch } from '../LocaleSwitch';
import { ThemeMenu } from './ThemeMenu';
import { StaleBadge } from './ShellBanners';
import { ProjectSwitchDialog } from './ProjectSwitchDialog';

/**
 * The shell's actions in every screen header: stale-data badge, the alarm center, the person list, organization switch,
 * language, theme, the administration area (organisation administrators), the system status page
 * (administrators only) and Logout (SPEC §1).
 */
export const HeaderActions = observer(function HeaderActions() {
  const { session } = useStores();
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
      <StaleBadge />
      <Button size="small" appearance="subtle" as="a" href="#/alarmCenter">
        <Trans>Alarm center</Trans>
      </Button>
      <Button size="small" appearance="subtle" as="a" href="#/people">
        <Trans>People</Trans>
      </Button>
      <ProjectSwitchDialog />
      <LocaleSwitch />
      <ThemeMenu />
      {session.user && (session.user.isAdmin || session.user.role === 'orgAdmin') ? (
        <Button size="small" appearance="subtle" as="a" href="#/admin">
          <Trans>Administration</Trans>
        </Button>
      ) : null}
      {session.user?.isAdmin ? (
        <Button size="small" appearance="subtle" as="a" href="#/system/status">
          <Trans>Status</Trans>
        </Button>
      ) : null}
      <Button size="small" onClick={() => void session.logout()}>
        <Trans>Logout</Trans>
      </Button>
    </span>
  );
});
