import { z } from 'zod';

/**
 * Attachments of a project's registers (docs/api.md "Attachments"): photos, PDFs and short video clips,
 * recognised by their content (magic bytes, server/attachments/sniff.ts), never by their name.
 */
export const ATTACHMENT_TYPES = ['jpeg', 'png', 'webp', 'pdf', 'mp4'] as const;
export type AttachmentType = (typeof ATTACHMENT_TYPES)[number];

/** True for a type name of {@link ATTACHMENT_TYPES} (a stored row's type this version serves). */
export function isAttachmentType(v: string): v is AttachmentType {
  return (ATTACHMENT_TYPES as readonly string[]).includes(v);
}

const MB = 1024 * 1024;

/**
 * Each type's media type (served as) and largest accepted file, bytes: a site photo from a phone is 2–6 MB,
 * a scanned report a few MB, a clip of a minute at phone quality about 15–20 MB.
 */
export const ATTACHMENT_LIMITS: Readonly<Record<AttachmentType, { mediaType: string; maxBytes: number }>> = {
  jpeg: { mediaType: 'image/jpeg', maxBytes: 10 * MB },
  png: { mediaType: 'image/png', maxBytes: 10 * MB },
  webp: { mediaType: 'image/webp', maxBytes: 10 * MB },
  pdf: { mediaType: 'application/pdf', maxBytes: 20 * MB },
  mp4: { mediaType: 'video/mp4', maxBytes: 20 * MB },
};

/** Largest file of any type, bytes. */
export const MAX_ATTACHMENT_BYTES = Math.max(...Object.values(ATTACHMENT_LIMITS).map((l) => l.maxBytes));

/** Most attachments on one record (an event's photos). */
export const MAX_ATTACHMENTS_PER_RECORD = 9;

/** True for the types a browser shows as a picture. */
export function isPictureType(t: AttachmentType): boolean {
  return t === 'jpeg' || t === 'png' || t === 'webp';
}

const projectId = z.string().min(1).max(64);

/** attachment/upload: the file as base64 (at most {@link MAX_ATTACHMENT_BYTES} once decoded) and the name it had. */
export const attachmentUploadBody = z.strictObject({
  projectId,
  fileName: z.string().trim().min(1).max(200),
  contentBase64: z.string().min(1).max(Math.ceil((MAX_ATTACHMENT_BYTES * 4) / 3) + 4),
});

/** attachment/file (a GET: the query) and attachment/remove. */
export const attachmentRefBody = z.strictObject({ projectId, attachmentId: z.coerce.number().int().positive() });

/** An attachment as listed on its record: what it is, not its bytes (those are served by attachment/file). */
export const attachmentSchema = z.object({
  attachmentId: z.number(),
  fileName: z.string(),
  type: z.enum(ATTACHMENT_TYPES),
  sizeBytes: z.number(),
  uploadedBy: z.string(),
  uploadedAtMs: z.number(),
});
export type Attachment = z.infer<typeof attachmentSchema>;

/** attachment/usage data: bytes held by the project and its cap. */
export const attachmentUsageSchema = z.object({ usedBytes: z.number(), capBytes: z.number() });
export type AttachmentUsage = z.infer<typeof attachmentUsageSchema>;

/**
 * The server path of an attachment's file for an `<img>`, `<video>` or a link (same origin, the session
 * cookie goes along; the browser puts it under the app's base path with appUrl).
 */
export function attachmentFilePath(projectId: string, attachmentId: number): string {
  return `/zhgd/attachment/file?projectId=${encodeURIComponent(projectId)}&attachmentId=${attachmentId}`;
}
