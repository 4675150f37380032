import { z } from 'zod';
import { roleSchema } from '../roles';
import {
  INVITATION_STATES,
  invitationListBody,
  invitationRespondBody,
  invitationWithdrawBody,
  myInvitationsBody,
  orgInvitationDecideBody,
  orgInvitationListBody,
  TRANSFER_STATES,
  transferDecideBody,
  transferListBody,
  type DeviceTransfer,
  type InvitationSent,
  type ProjectInvitation,
  type ReceivedInvitation,
} from '../tenancy';
import { DEVICE_KINDS } from '../topics';
import { defineContract, nullData, shapesAgree, type SameShape } from './define';

/** member/set's answer when it invited instead of adding (InvitationSent); HTTP 202. */
export const invitationSentSchema = z.object({ invitation: z.literal('sent'), message: z.string() });

/** An invitation of a project (ProjectInvitation). */
export const projectInvitationSchema = z.object({
  invitationId: z.number(),
  username: z.string(),
  role: roleSchema,
  invitedBy: z.string(),
  createdAtMs: z.number(),
  expiresAtMs: z.number(),
  state: z.enum(INVITATION_STATES),
  decidedAtMs: z.number().nullable(),
});

/** An open invitation addressed to a user (ReceivedInvitation). */
export const receivedInvitationSchema = z.object({
  invitationId: z.number(),
  username: z.string(),
  projectId: z.string(),
  projectName: z.string(),
  coName: z.string(),
  role: roleSchema,
  invitedBy: z.string(),
  createdAtMs: z.number(),
  expiresAtMs: z.number(),
});

/** A device transfer request addressed to the holder's project (DeviceTransfer). */
export const deviceTransferSchema = z.object({
  transferId: z.number(),
  sn: z.string(),
  kind: z.enum(DEVICE_KINDS),
  projectId: z.string(),
  toProjectId: z.string(),
  toProjectName: z.string(),
  toCoName: z.string(),
  requestedBy: z.string(),
  createdAtMs: z.number(),
  expiresAtMs: z.number(),
  state: z.enum(TRANSFER_STATES),
  decidedAtMs: z.number().nullable(),
});

shapesAgree<
  [
    SameShape<z.output<typeof invitationSentSchema>, InvitationSent>,
    SameShape<z.output<typeof projectInvitationSchema>, ProjectInvitation>,
    SameShape<z.output<typeof receivedInvitationSchema>, ReceivedInvitation>,
    SameShape<z.output<typeof deviceTransferSchema>, DeviceTransfer>,
  ]
>();

// The administration's domain: accepting an invitation makes a member, approving a transfer ends a registry
// device and member/set may send an invitation, so a change of either reloads the other's kept lists.
const tag = 'admin';

/**
 * Tenancy between organisations (docs/api.md "Invitations", "Device serials across organisations"):
 * invitations of users of other organisations to a project, and requests to release a serial number another
 * organisation's project holds. An invitation or request that is no longer open (decided, withdrawn,
 * expired, or not visible to the caller) is NOT_FOUND.
 */
export const TENANCY = {
  invitationList: defineContract({ tag, path: '/zhgd/admin/invitation/list', body: invitationListBody, response: z.array(projectInvitationSchema), permission: 'project.admin', summary: "The project's invitations, newest first, with their state" }),
  invitationWithdraw: defineContract({ tag, path: '/zhgd/admin/invitation/withdraw', body: invitationWithdrawBody, response: nullData, permission: 'project.admin', errors: ['NOT_FOUND'], summary: 'Withdraw an open invitation of the project' }),
  myInvitations: defineContract({ tag, path: '/zhgd/invitation/mine', body: myInvitationsBody, response: z.array(receivedInvitationSchema), permission: 'session', summary: "The caller's open invitations" }),
  invitationRespond: defineContract({ tag, path: '/zhgd/invitation/respond', body: invitationRespondBody, response: nullData, permission: 'session', errors: ['NOT_FOUND'], summary: 'Accept (the membership is made with the role offered) or decline an invitation addressed to the caller' }),
  orgInvitationList: defineContract({ tag, path: '/zhgd/admin/invitation/received', body: orgInvitationListBody, response: z.array(receivedInvitationSchema), permission: 'project.admin', summary: "Open invitations addressed to users of the project's organisation" }),
  orgInvitationDecide: defineContract({ tag, path: '/zhgd/admin/invitation/decide', body: orgInvitationDecideBody, response: nullData, permission: 'project.admin', errors: ['NOT_FOUND'], summary: "Accept or decline an invitation on behalf of a user of the project's organisation" }),
  transferList: defineContract({ tag, path: '/zhgd/admin/device/transfer/list', body: transferListBody, response: z.array(deviceTransferSchema), permission: 'project.admin', summary: "Requests to release devices the project holds, newest first, with their state" }),
  transferDecide: defineContract({ tag, path: '/zhgd/admin/device/transfer/decide', body: transferDecideBody, response: nullData, permission: 'project.admin', errors: ['NOT_FOUND'], summary: "Approve (the project's registration of the serial ends) or refuse a transfer request" }),
} as const;
