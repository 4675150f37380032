import type { SessionUser } from '../../../protocol';

/** sessionStorage key of the project a tab was opened for (the new-tab variant, docs/product.md "Routes and screens", "States"). */
export const TAB_PROJECT_KEY = 'siteboard.tabProject';

/**
 * The project id asked for in a hash query: `proId` or `projectId` (docs/product.md "Routes and screens"), or null. Accepts the
 * query string itself or URLSearchParams.
 */
export function projectFromQuery(params: URLSearchParams): string | null {
  const v = params.get('proId') ?? params.get('projectId');
  return v && v.length <= 64 ? v : null;
}

function readTab(): string | null {
  try {
    return sessionStorage.getItem(TAB_PROJECT_KEY);
  } catch {
    return null;
  }
}

/**
 * The project this tab shows: the hash query's `proId`/`projectId` (remembered for the tab, so in-app
 * links keep it), else the one this tab was opened for, else the session's current project. A project the
 * user is not a member of is ignored (the server would refuse it anyway). This never switches the
 * session's project: other tabs keep theirs ("opens another project without switching", docs/product.md "States").
 */
export function scopedProjectId(user: SessionUser | null, params: URLSearchParams): string | null {
  if (!user) return null;
  const isMember = (id: string | null) => !!id && user.projects.some((p) => p.projectId === id);
  const asked = projectFromQuery(params);
  if (isMember(asked)) {
    try {
      sessionStorage.setItem(TAB_PROJECT_KEY, asked as string);
    } catch {
      // storage disabled: the query alone decides
    }
    return asked;
  }
  const tab = readTab();
  if (isMember(tab)) return tab;
  return user.projectId || null;
}

/** The URL that opens `projectId`'s board list in a new tab without switching the session (docs/product.md "Routes and screens"). */
export function newTabUrl(projectId: string, base = window.location.pathname): string {
  return `${base}#/dataV/viewBoard?${new URLSearchParams({ proId: projectId })}`;
}
