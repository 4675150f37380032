import { MAX_PENDING_INVITATIONS, passwordProblem } from '../../../../protocol';
import { ApiError } from '../../errors';

/** Messages of the administration routes (shown as they are). */
export const ADMIN_MESSAGES = {
  passwordLength: 'Password: at least 10 characters',
  passwordLetterAndDigit: 'Password: use letters and digits',
  passwordUsername: 'Password: must not contain the user name',
  wrongPassword: 'The current password is not right',
  samePassword: 'Password: choose a password different from the current one',
  exists: 'That id is already taken',
  wallScreenRole: 'A wall-screen account can only have the wall screen role, and only it',
  lastAdmin: 'A project keeps at least one organisation administrator',
  selfDisable: 'You cannot disable your own account',
  moveTarget: 'You are not an organisation administrator of the target project',
  unknownOrg: 'No such organisation',
  unknownUser: 'There is no user of that name',
  invitationCap: `This project has ${MAX_PENDING_INVITATIONS} open invitations: withdraw some or wait until they are answered`,
} as const;

/** @throws ApiError VALIDATION with the rule a new password breaks (protocol passwordProblem). */
export function checkPassword(password: string, username: string): void {
  const problem = passwordProblem(password, username);
  if (problem === 'length') throw new ApiError('VALIDATION', ADMIN_MESSAGES.passwordLength);
  if (problem === 'letterAndDigit') throw new ApiError('VALIDATION', ADMIN_MESSAGES.passwordLetterAndDigit);
  if (problem === 'username') throw new ApiError('VALIDATION', ADMIN_MESSAGES.passwordUsername);
}
