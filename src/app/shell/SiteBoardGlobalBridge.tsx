import { useStores } from '../../stores';
import { scopedProjectId } from './projectScope';
import { useThemeControl } from './ThemeController';
import { useSiteBoardGlobal } from './siteBoardGlobal';

function hashParams(): URLSearchParams {
  const hash = window.location.hash;
  const q = hash.indexOf('?');
  return new URLSearchParams(q >= 0 ? hash.slice(q + 1) : '');
}

/** Keeps `window.SiteBoard` (custom modules, docs/custom-modules.md) in step with the app. Renders nothing. */
export function SiteBoardGlobalBridge() {
  const root = useStores();
  const { settings } = useThemeControl();
  useSiteBoardGlobal({
    root,
    primaryColor: () => settings.primaryColor,
    projectId: () => scopedProjectId(root.session.user, hashParams()),
    params: () => Object.fromEntries(hashParams()),
  });
  return null;
}
