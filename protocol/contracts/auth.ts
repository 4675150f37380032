import { loginBody, sessionUserSchema } from '../api';
import { defineContract, noBody, nullData } from './define';

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
} as const;
