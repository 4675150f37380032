import type { FastifyInstance } from 'fastify';
import { ATTACHMENT_LIMITS, ATTACHMENTS, isAttachmentType, MAX_ATTACHMENT_BYTES } from '../../../protocol';
import { acceptUpload, megabytes } from '../../attachments/accept';
import { attachmentBytes, attachmentFile, inTransaction, insertAttachment, pruneStrayUploads, removeUpload, STRAY_UPLOAD_MS } from '../../storage';
import { rawRoute, requireMember, route, sessionUserOf, type HttpDeps } from '../context';
import { ApiError } from '../errors';
import { parseBody } from '../validation';

/** Body limit of an upload: the largest file as base64 and the other fields. */
const UPLOAD_BODY_LIMIT_BYTES = Math.ceil((MAX_ATTACHMENT_BYTES * 4) / 3) + 16 * 1024;

/** The message of an attachment that is not in the project (or never was). */
const NOT_FOUND_MESSAGE = 'There is no such attachment in this project';

/**
 * The attachment store (docs/api.md "Attachments"): upload (type from the content, size limit per type,
 * the project's cap), the file to members only, removal of an upload no record took. The bytes are kept in
 * the database (docs/architecture.md "Attachments"); the cap is ATTACHMENT_CAP_MB (server/config.ts).
 */
export function registerAttachmentRoutes(app: FastifyInstance, deps: HttpDeps): void {
  const capBytes = deps.config.attachmentCapBytes;
  route(
    app,
    deps,
    ATTACHMENTS.upload,
    async ({ body, user }) => {
      requireMember(user, body.projectId);
      const content = Buffer.from(body.contentBase64, 'base64');
      const accepted = acceptUpload(content);
      if (!accepted.ok) throw new ApiError('VALIDATION', accepted.message);
      const now = Date.now();
      await pruneStrayUploads(deps.db, body.projectId, now - STRAY_UPLOAD_MS);
      const stored = await inTransaction(deps.db, (tx) =>
        insertAttachment(tx, { projectId: body.projectId, fileName: body.fileName, type: accepted.type, content, uploadedBy: user.username, nowMs: now }, capBytes),
      );
      if ('usedBytes' in stored) {
        throw new ApiError('VALIDATION', `The project's attachments would exceed their cap of ${megabytes(capBytes)} (${megabytes(stored.usedBytes)} used); delete some first`);
      }
      return stored;
    },
    { bodyLimit: UPLOAD_BODY_LIMIT_BYTES },
  );

  // The file itself: the authorisation hook has checked membership of the project named in the query; the
  // attachment must be of that project. Served inline with its sniffed type, sandboxed, never sniffed again.
  rawRoute(app, ATTACHMENTS.file, async (req, reply) => {
    const user = sessionUserOf(req);
    const { projectId, attachmentId } = parseBody(ATTACHMENTS.file.body, req.query);
    requireMember(user, projectId);
    const file = await attachmentFile(deps.db, projectId, attachmentId);
    if (!file || !isAttachmentType(file.type)) throw new ApiError('NOT_FOUND', NOT_FOUND_MESSAGE);
    return reply
      .header('content-type', ATTACHMENT_LIMITS[file.type].mediaType)
      .header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(file.fileName)}`)
      .header('content-security-policy', 'sandbox; default-src none')
      .header('cache-control', 'private, max-age=86400')
      .send(Buffer.from(file.content));
  });

  route(app, deps, ATTACHMENTS.remove, async ({ body, user }) => {
    requireMember(user, body.projectId);
    const r = await removeUpload(deps.db, body.projectId, body.attachmentId);
    if (r === 'missing') throw new ApiError('NOT_FOUND', NOT_FOUND_MESSAGE);
    if (r === 'held') throw new ApiError('CONFLICT', 'A record holds this attachment: remove it from the record instead');
    return null;
  });

  route(app, deps, ATTACHMENTS.usage, async ({ body, user }) => {
    requireMember(user, body.projectId);
    return { usedBytes: await attachmentBytes(deps.db, body.projectId), capBytes };
  });
}
