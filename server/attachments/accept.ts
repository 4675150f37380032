import { ATTACHMENT_LIMITS, type AttachmentType } from '../../protocol';
import { sniffAttachmentType } from './sniff';

/** The message of a file none of the accepted types (docs/api.md "Attachments"). */
export const UNKNOWN_TYPE_MESSAGE = 'The file is not a JPEG, PNG or WebP photo, a PDF or an MP4 clip';

/** Megabytes with at most one decimal, for messages. */
export function megabytes(bytes: number): string {
  return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
}

/**
 * Decides whether an upload is accepted: its type from its content (sniff.ts), then its type's size limit
 * (protocol/attachments.ts ATTACHMENT_LIMITS).
 * @returns the type, or the reason it is refused, worded for the person uploading
 */
export function acceptUpload(content: Uint8Array): { ok: true; type: AttachmentType } | { ok: false; message: string } {
  const type = sniffAttachmentType(content);
  if (type === null) return { ok: false, message: UNKNOWN_TYPE_MESSAGE };
  const { maxBytes } = ATTACHMENT_LIMITS[type];
  if (content.byteLength > maxBytes) return { ok: false, message: `The ${LABEL[type]} is ${megabytes(content.byteLength)}; at most ${megabytes(maxBytes)} is accepted` };
  return { ok: true, type };
}

const LABEL: Readonly<Record<AttachmentType, string>> = { jpeg: 'photo', png: 'photo', webp: 'photo', pdf: 'PDF', mp4: 'video clip' };
