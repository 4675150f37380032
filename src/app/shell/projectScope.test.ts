import { afterEach, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../../protocol';
import { newTabUrl, scopedProjectId } from './projectScope';

const USER: SessionUser = {
  username: 'u', displayName: 'U', isAdmin: false, projectId: 'p1', coId: 'c', coName: 'C', coLogo: '', mid: 'm',
  projects: [{ projectId: 'p1', name: 'One', coId: 'c' }, { projectId: 'p2', name: 'Two', coId: 'c' }],
};
const q = (s: string) => new URLSearchParams(s);

describe('scopedProjectId (new-tab variant)', () => {
  afterEach(() => sessionStorage.clear());

  it('uses proId or projectId from the hash query, and the session project otherwise', () => {
    expect(scopedProjectId(USER, q(''))).toBe('p1');
    expect(scopedProjectId(USER, q('proId=p2'))).toBe('p2');
    sessionStorage.clear();
    expect(scopedProjectId(USER, q('projectId=p2&boardId=b'))).toBe('p2');
  });

  it('keeps the tab on its project when a later route has no query', () => {
    scopedProjectId(USER, q('proId=p2'));
    expect(scopedProjectId(USER, q('boardId=b'))).toBe('p2');
  });

  it('ignores projects the user is not a member of', () => {
    expect(scopedProjectId(USER, q('proId=elsewhere'))).toBe('p1');
    expect(scopedProjectId(null, q('proId=p2'))).toBeNull();
  });

  it('builds the new-tab URL with proId', () => {
    expect(newTabUrl('p 2', '/')).toBe('/#/dataV/viewBoard?proId=p+2');
  });
});
