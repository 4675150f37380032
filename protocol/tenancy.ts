import { z } from 'zod';
import type { DeviceKind } from './topics';
import type { Role } from './roles';

/**
 * Tenancy between organisations (docs/api.md "Invitations" and "Device serials across organisations"):
 * members from another organisation join a project only by an invitation they (or their organisation's
 * administrator) accept, and a serial number another organisation holds leaves it only with that
 * organisation's consent. Contracts: protocol/contracts/tenancy.ts.
 */

/** How long an invitation or a device transfer request stays open: 7 days (ms), then it is expired. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** How long a device transfer request stays open (ms): the same 7 days as an invitation. */
export const TRANSFER_TTL_MS = INVITATION_TTL_MS;
/** Most open (pending, not expired) invitations one project may have; beyond, member/set answers VALIDATION (for every name alike). */
export const MAX_PENDING_INVITATIONS = 50;
/**
 * Most open transfer requests one project may have sent; beyond, further requests are not made (the
 * registration itself is not refused, so the cap reveals nothing of other organisations).
 */
export const MAX_PENDING_TRANSFERS = 50;
/** Ended invitations and transfer requests are kept this long after they ended (ms), then deleted: 30 days. */
export const TENANCY_KEEP_MS = 30 * 24 * 60 * 60 * 1000;

/** Where an invitation or a transfer request stands; `expired` is a pending one past its expiry. */
export const INVITATION_STATES = ['pending', 'accepted', 'declined', 'withdrawn', 'expired'] as const;
export type InvitationState = (typeof INVITATION_STATES)[number];
export const TRANSFER_STATES = ['pending', 'approved', 'refused', 'expired'] as const;
export type TransferState = (typeof TRANSFER_STATES)[number];

/**
 * The state of an invitation or transfer request as stored (`stored`: pending or how it was decided) at
 * `nowMs`: a pending one whose `expiresAtMs` is not after `nowMs` is `expired`; decided ones keep their state.
 */
export function effectiveState<S extends string>(stored: S, expiresAtMs: number, nowMs: number): S | 'expired' {
  return stored === 'pending' && expiresAtMs <= nowMs ? 'expired' : stored;
}

/** What member/set answers (HTTP 202) when it did not add the member directly: the same whether the user exists or not. */
export interface InvitationSent {
  invitation: 'sent';
  message: string;
}
/** The message of {@link InvitationSent}. */
export const INVITATION_SENT_MESSAGE = 'If this user exists, they have been invited; they become a member once the invitation is accepted';

/** An invitation as the inviting project's administrators see it. */
export interface ProjectInvitation {
  invitationId: number;
  username: string;
  role: Role;
  invitedBy: string;
  createdAtMs: number;
  expiresAtMs: number;
  state: InvitationState;
  decidedAtMs: number | null;
}

/** An open invitation as its invitee (or their organisation's administrator) sees it. */
export interface ReceivedInvitation {
  invitationId: number;
  username: string;
  projectId: string;
  projectName: string;
  coName: string;
  role: Role;
  invitedBy: string;
  createdAtMs: number;
  expiresAtMs: number;
}

/** A request, addressed to the organisation that holds serial `sn`, to release it to another organisation's project. */
export interface DeviceTransfer {
  transferId: number;
  sn: string;
  kind: DeviceKind;
  /** The holder's project (the caller's). */
  projectId: string;
  toProjectId: string;
  toProjectName: string;
  toCoName: string;
  requestedBy: string;
  createdAtMs: number;
  expiresAtMs: number;
  state: TransferState;
  decidedAtMs: number | null;
}

const projectIdField = z.string().min(1).max(64);
const idField = z.number().int().min(1).max(2 ** 31 - 1);

export const invitationListBody = z.strictObject({ projectId: projectIdField });
export const invitationWithdrawBody = z.strictObject({ projectId: projectIdField, invitationId: idField });
export const myInvitationsBody = z.strictObject({});
export const invitationRespondBody = z.strictObject({ invitationId: idField, accept: z.boolean() });
export const orgInvitationListBody = z.strictObject({ projectId: projectIdField });
export const orgInvitationDecideBody = z.strictObject({ projectId: projectIdField, invitationId: idField, accept: z.boolean() });
export const transferListBody = z.strictObject({ projectId: projectIdField });
export const transferDecideBody = z.strictObject({ projectId: projectIdField, transferId: idField, approve: z.boolean() });

