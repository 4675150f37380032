import { describe, expect, it } from 'vitest';
import { LIVE_TOPICS } from './socket';
import { PERMISSIONS, ROLES, ROLE_PERMISSIONS, TOPIC_PERMISSIONS, passwordProblem, roleAllows, sessionMay, userMay } from './roles';

describe('roles', () => {
  it('gives the organisation administrator everything and the viewer only reading', () => {
    expect(PERMISSIONS.every((p) => roleAllows('orgAdmin', p))).toBe(true);
    expect(ROLE_PERMISSIONS.viewer).toEqual(['project.read']);
    expect(roleAllows('safetyOfficer', 'alarm.handle')).toBe(true);
    expect(roleAllows('safetyOfficer', 'board.release')).toBe(false);
    expect(roleAllows('wallScreen', 'alarm.handle')).toBe(false);
  });

  it('every role reads its project, and every live topic has a permission', () => {
    for (const r of ROLES) expect(roleAllows(r, 'project.read')).toBe(true);
    for (const t of LIVE_TOPICS) expect(PERMISSIONS).toContain(TOPIC_PERMISSIONS[t]);
  });

  it('checks a permission in the project asked about only', () => {
    const user = { projects: [{ projectId: 'a', role: 'projectManager' as const }] };
    expect(userMay(user, 'a', 'board.release')).toBe(true);
    expect(userMay(user, 'b', 'project.read')).toBe(false);
  });

  it('names the password rule broken', () => {
    expect(passwordProblem('short1', 'u')).toBe('length');
    expect(passwordProblem('onlyletterslong', 'u')).toBe('letterAndDigit');
    expect(passwordProblem('alice-2026-pass', 'Alice')).toBe('username');
    expect(passwordProblem('rainy-day-2026', 'bob')).toBeNull();
  });
});

describe('sessionMay', () => {
  it('lets an administrator do anything, a role what it grants, and nobody without a session', () => {
    expect(sessionMay({ isAdmin: true, role: null }, 'project.admin')).toBe(true);
    expect(sessionMay({ isAdmin: false, role: 'safetyOfficer' }, 'zone.edit')).toBe(false);
    expect(sessionMay({ isAdmin: false, role: 'projectManager' }, 'zone.edit')).toBe(true);
    expect(sessionMay({ isAdmin: false, role: 'viewer' }, 'zone.edit')).toBe(false);
    expect(sessionMay({ isAdmin: false, role: null }, 'board.edit')).toBe(false);
    expect(sessionMay(null, 'board.edit')).toBe(false);
  });
});
