import { describe, expect, it } from 'vitest';
import { ACCEPTED_ACTIONS, AUDITED_ROUTES } from '../../server/http/audit';
import { AUDIT_ACTION_LABEL } from '../../src/app/screens/admin/auditText';

/** Actions written outside the route table: a refused login, invitation answers, the password command, the fog cannons' commands. */
const WRITTEN_ELSEWHERE = ['login.failed', 'invitation.accept', 'invitation.decline', 'user.resetPassword', 'spray.command', 'spray.acked', 'spray.refused', 'spray.unacknowledged', 'spray.superseded'];

describe('the audit log', () => {
  it('names every action it can write in words (src/app/screens/admin/auditText.ts)', () => {
    const actions = new Set([...Object.values(AUDITED_ROUTES), ...Object.values(ACCEPTED_ACTIONS), ...WRITTEN_ELSEWHERE]);
    const unnamed = [...actions].filter((a) => !(a in AUDIT_ACTION_LABEL));
    expect(unnamed).toEqual([]);
  });
});
