import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  DialogTrigger,
} from '@fluentui/react-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { useStores } from '../../stores';
import { BusinessError, GENERIC_ERROR_MESSAGE } from '../../api/request';
import { postDomain } from '../../api/postDomain';
import { newTabUrl } from './projectScope';
import { browserNavigation, switchToProject, type SwitchNavigation } from './openProject';
import { useProjectId } from './useProjectId';

export type { SwitchNavigation } from './openProject';

/**
 * The organisation switch (docs/product.md "Organisation switch", "States"): the user's projects; "Switch" makes one the session's
 * current project (POST /nav/postDomain.htm), then opens its first board and reloads, or says "No board
 * available"; the server's errorMsg is shown on failure. "Open in new tab" shows a project in another tab
 * without switching the session. The user's role is not touched.
 */
export const ProjectSwitchDialog = observer(function ProjectSwitchDialog({
  navigation = browserNavigation,
  switchProject = postDomain,
}: {
  navigation?: SwitchNavigation;
  /** Switches the session's project on the server; default POST /nav/postDomain.htm. */
  switchProject?: (projectId: string) => Promise<void>;
}) {
  const { session, request } = useStores();
  const { t } = useLingui();
  const shown = useProjectId();
  const [busy, setBusy] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const projects = session.user?.projects ?? [];

  async function handleSwitch(projectId: string) {
    setBusy(projectId);
    setMessage(null);
    try {
      if ((await switchToProject(projectId, { request, switchProject, navigation })) === 'opened') return;
      setMessage(t`No board available`);
      await session.check();
    } catch (e) {
      const msg = e instanceof BusinessError ? e.errorMessage : GENERIC_ERROR_MESSAGE;
      setMessage(msg === GENERIC_ERROR_MESSAGE ? t`Request error, please retry.` : msg);
    } finally {
      setBusy(null);
    }
  }

  return (
    <Dialog onOpenChange={() => setMessage(null)}>
      <DialogTrigger disableButtonEnhancement>
        <Button size="small" appearance="subtle" data-testid="org-switch">
          <Trans>Organization</Trans>
        </Button>
      </DialogTrigger>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>
            <Trans>Switch organization</Trans>
          </DialogTitle>
          <DialogContent>
            <ul style={{ listStyle: 'none', padding: 0, margin: 0, display: 'flex', flexDirection: 'column', gap: 8 }}>
              {projects.map((p) => (
                <li key={p.projectId} data-project-id={p.projectId} style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
                  <span style={{ flex: 1, fontWeight: p.projectId === shown ? 700 : 400 }}>{p.name}</span>
                  <Button
                    size="small"
                    appearance="primary"
                    disabled={busy !== null || p.projectId === session.projectId}
                    onClick={() => void handleSwitch(p.projectId)}
                  >
                    <Trans>Switch</Trans>
                  </Button>
                  <Button size="small" onClick={() => navigation.openTab(newTabUrl(p.projectId))}>
                    <Trans>Open in new tab</Trans>
                  </Button>
                </li>
              ))}
            </ul>
            {message ? (
              <div role="alert" style={{ marginTop: 12 }}>
                {message}
              </div>
            ) : null}
          </DialogContent>
          <DialogActions>
            <DialogTrigger disableButtonEnhancement>
              <Button>
                <Trans>Close</Trans>
              </Button>
            </DialogTrigger>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
});
