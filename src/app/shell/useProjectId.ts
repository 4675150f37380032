import { useContext } from 'react';
import { UNSAFE_LocationContext } from 'react-router';
import { useStores } from '../../stores';
import { scopedProjectId } from './projectScope';

const NO_PARAMS = new URLSearchParams();

/**
 * The project the current screen shows (see {@link scopedProjectId}); call inside an observer. Read from
 * the route's query when there is a router; outside one (panels drawn alone, as the pipeline benchmark and
 * tests draw them) the session's current project, instead of react-router's error for a hook used
 * without its router.
 */
export function useProjectId(): string | null {
  const { session } = useStores();
  const search = (useContext(UNSAFE_LocationContext) as { location?: { search: string } } | null)?.location?.search;
  return scopedProjectId(session.user, search ? new URLSearchParams(search) : NO_PARAMS);
}
