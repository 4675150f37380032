import { attachmentRefBody, attachmentSchema, attachmentUploadBody, attachmentUsageSchema } from '../attachments';
import { z } from 'zod';
import { defineContract, fileAnswer, notEnvelope, nullData } from './define';

const tag = 'attachments';

/**
 * The attachment store of the project's registers (docs/api.md "Attachments"): uploaded once, then named by
 * a register's record (an event's photos), served only to the project's members, deleted with the record.
 * Uploading needs the permission of the registers that take attachments (`zone.edit`).
 */
export const ATTACHMENTS = {
  upload: defineContract({
    tag,
    path: '/zhgd/attachment/upload',
    body: attachmentUploadBody,
    response: attachmentSchema,
    permission: 'zone.edit',
    errors: ['VALIDATION'],
    summary: 'Store a photo (JPEG, PNG, WebP), PDF or MP4 clip, recognised by its content; refused beyond its size limit or the project cap',
  }),
  file: defineContract({
    tag,
    method: 'GET',
    path: '/zhgd/attachment/file',
    body: attachmentRefBody,
    response: notEnvelope,
    answer: fileAnswer('application/octet-stream', 'The file with the media type of its content (image/jpeg, image/png, image/webp, application/pdf, video/mp4)'),
    permission: 'project.read',
    errors: ['NOT_FOUND'],
    summary: "An attachment's file, to members of its project",
  }),
  remove: defineContract({
    tag,
    path: '/zhgd/attachment/remove',
    body: attachmentRefBody,
    response: nullData,
    permission: 'zone.edit',
    errors: ['NOT_FOUND', 'CONFLICT'],
    summary: 'Delete an upload no record names yet (a record deletes its own attachments)',
  }),
  usage: defineContract({ tag, path: '/zhgd/attachment/usage', body: z.strictObject({ projectId: z.string().min(1).max(64) }), response: attachmentUsageSchema, permission: 'project.read', summary: 'Bytes of attachments the project holds and its cap' }),
} as const;
