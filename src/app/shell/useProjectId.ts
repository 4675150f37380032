import { useSearchParams } from 'react-router';
import { useStores } from '../../stores';
import { scopedProjectId } from './projectScope';

/** The project the current screen shows (see {@link scopedProjectId}); call inside an observer. */
export function useProjectId(): string | null {
  const { session } = useStores();
  const [params] = useSearchParams();
  return scopedProjectId(session.user, params);
}
