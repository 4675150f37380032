import { useEffect } from 'react';
import { observer } from 'mobx-react-lite';
import { BOARDS, type SystemStyle } from '../../../protocol';
import { parseStoredTheme } from '../../theme/settings';
import { useStores } from '../../stores';
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
 * Loads the theme of the session's current project whenever it changes (login, organisation switch) and
 * hands it to the theme control; nothing while nobody is signed in. A failed load keeps the theme in force.
 */
export const ProjectThemeSync = observer(function ProjectThemeSync() {
  const { session, request } = useStores();
  const { setProject } = useThemeControl();
  const projectId = session.state === 'authenticated' ? session.projectId : null;
  useEffect(() => {
    if (!projectId) {
      setProject(null);
      return;
    }
    let live = true;
    request(BOARDS.systemStyleDetails, { projectId }, { skipErrorHandler: true })
      .then((style) => live && setProject(projectThemeOf(style)))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [projectId, request, setProject]);
  return null;
});
