import { z } from 'zod';
import { passwordChangeBody } from '../admin';
import { loginBody, sessionUserSchema } from '../api';
import { defineContract, fileAnswer, noBody, notEnvelope, nullData } from './define';

const tag = 'auth';

/** Sessions (docs/api.md "Authentication and the session cookie"). */
export const AUTH = {
  /** Checks the password, sets the `sb_session` cookie; refused attempts are throttled (docs/api.md "Login throttle"). */
  login: defineContract({
    tag,
    path: '/zhgd/auth/login',
    body: loginBody,
    response: sessionUserSchema,
    permission: 'public',
    errors: ['INVALID_CREDENTIALS'],
    summary: 'Log in: sets the session cookie and answers the session user',
  }),
  /** Ends the session and clears the cookie; logging out twice is not an error. */
  logout: defineContract({ tag, path: '/zhgd/auth/logout', body: noBody, response: nullData, permission: 'public', summary: 'Log out: ends the session and clears its cookie' }),
  me: defineContract({ tag, path: '/zhgd/auth/me', body: noBody, response: sessionUserSchema, permission: 'self', summary: 'The session user' }),
  /**
   * Changes the caller's own password (also the way out of `mustChangePassword`): the current one checked, the
   * new one obeying the rules (VALIDATION with the rule); the account's other sessions end.
   */
  passwordChange: defineContract({
    tag,
    path: '/zhgd/auth/password',
    body: passwordChangeBody,
    response: nullData,
    permission: 'self',
    errors: ['NOT_FOUND'],
    summary: 'Change your own password (the current one checked); your other sessions end',
  }),
} as const;

/** Form body `type=2&id={projectId}` of the organisation switch (docs/product.md "Organisation switch": type 2 = switch to a project). */
export const postDomainBody = z.strictObject({
  type: z.literal('2', { error: 'type: must be 2 (project)' }),
  id: z.string().min(1, { error: 'id: required' }).max(64, { error: 'id: too long' }),
});

/** The home service's organisation switch: a form post, answered with its own JSON (`data: 'ok'` or `errorMsg`). */
export const NAV = {
  postDomain: defineContract({
    tag,
    path: '/nav/postDomain.htm',
    bodyType: 'application/x-www-form-urlencoded',
    body: postDomainBody,
    response: notEnvelope,
    answer: fileAnswer('application/json', "`{ success, data: 'ok' }`, or on failure the envelope with `errorMsg` (docs/product.md \"Organisation switch\"); the body is the form `type=2&id={projectId}` (application/x-www-form-urlencoded)"),
    permission: 'project.read',
    errors: ['NOT_FOUND'],
    summary: "Switch the session's current project (form post)",
  }),
} as const;
