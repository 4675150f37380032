import { useEffect } from 'react';
import { observer } from 'mobx-react-lite';
import { BOARDS, type SystemStyle } from '../../../protocol';
import { parseStoredTheme } from '../../theme/settings';
import { useQuery, useStores } from '../../stores';
import { useThemeControl, type ProjectTheme } from './ThemeController';

/**
 * The project's theme as the browser uses it: the server's style (systemStyle/details) read field by field
 * with the browser's rules, so a title longer than the header allows or an unusable colour falls back to the
 * default of that field alone.
 */
export function projectThemeOf(style: SystemStyle): ProjectTheme {
  const { theme, primaryColor, title } = style;
  return { projectId: style.projectId, version: style.version, settings: parseStoredTheme(JSON.stringify({ theme, primaryColor, title: title.slice(0, 80) })) };
}

/**
 * Keeps the theme control on the theme of the session's current project (login, organisation switch):
 * read through the query cache; nothing while nobody is signed in. A failed load keeps the theme in force.
 */
export const ProjectThemeSync = observer(function ProjectThemeSync() {
  const { session } = useStores();
  const { setProject } = useThemeControl();
  const projectId = session.state === 'authenticated' ? session.projectId : null;
  const style = useQuery(BOARDS.systemStyleDetails, projectId ? { projectId } : null).data;
  useEffect(() => {
    if (!projectId) setProject(null);
    else if (style?.projectId === projectId) setProject(projectThemeOf(style));
  }, [projectId, style, setProject]);
  return null;
});
