import { useLingui } from '@lingui/react/macro';
import type { ProjectState, ProjectType } from '../../../protocol';

/** Translated labels of the project types and construction states (protocol/admin.ts PROJECT_TYPES, PROJECT_STATES). */
export function useProjectLabels(): { typeLabel: (k: ProjectType) => string; stateLabel: (k: ProjectState) => string } {
  const { t } = useLingui();
  return {
    typeLabel: (k) => ({ tunnel: t`Tunnel`, bridge: t`Bridge`, road: t`Road` })[k],
    stateLabel: (k) => ({ preparing: t`Preparing`, underConstruction: t`Under construction`, suspended: t`Suspended`, completed: t`Completed` })[k],
  };
}
