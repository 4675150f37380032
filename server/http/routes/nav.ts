import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { NAV, postDomainBody } from '../../../protocol';
import { rawRoute, type HttpDeps } from '../context';
import { ApiError, ERROR_MESSAGES, HTTP_STATUS } from '../errors';
import { hashToken, SESSION_COOKIE } from '../sessions';
import { setSessionProject } from '../../storage';

/** Home service (docs/product.md "Organisation switch"): switches the session's organisation (current project). */
export const NAV_POST_DOMAIN_ROUTE = NAV.postDomain.path;

/** A form body is two short fields; anything larger is not this form. */
const FORM_BODY_LIMIT_BYTES = 1024;

/**
 * The answer of postDomain.htm (docs/product.md "Organisation switch"): success when `data` is `'ok'`; a failure carries `errorMsg`
 * (shown to the user as it is). The envelope fields are there too, so the app's request wrapper reads it.
 */
export interface PostDomainAnswer {
  success: boolean;
  data: 'ok' | null;
  errorMsg?: string;
  errorCode?: string;
  errorMessage?: string;
  showType?: 2;
}

function failWith(reply: FastifyReply, status: number, errorCode: string, errorMsg: string): PostDomainAnswer {
  reply.code(status);
  return { success: false, data: null, errorMsg, errorCode, errorMessage: errorMsg, showType: 2 };
}

/**
 * `POST /nav/postDomain.htm` with an `application/x-www-form-urlencoded` body `type=2&id={projectId}`:
 * makes `id` the current project of the caller's session (the user's role is untouched: it belongs to the
 * user, not the session). Only members may switch to a project (FORBIDDEN otherwise). The form parser is
 * registered in this route's own scope, so every other route still accepts JSON only. A cross-site form
 * post carries no session: the cookie is SameSite=Lax.
 */
export function registerNavRoutes(app: FastifyInstance, deps: HttpDeps): void {
  void app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT_BYTES }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });

    // The form is checked before the central project check (authorize.ts), so a bad form is VALIDATION, not FORBIDDEN.
    const preValidation = async (req: FastifyRequest) => {
      const form = postDomainBody.safeParse(req.body ?? {});
      if (!form.success) throw new ApiError('VALIDATION', form.error.issues[0].message);
    };
    rawRoute(scope, NAV.postDomain, async (req, reply): Promise<PostDomainAnswer> => {
      const token = req.cookies[SESSION_COOKIE];
      const user = await deps.sessions.resolve(token);
      if (!user || !token) return failWith(reply, HTTP_STATUS.UNAUTHENTICATED, 'UNAUTHENTICATED', ERROR_MESSAGES.unauthenticated);
      const parsed = postDomainBody.safeParse(req.body ?? {});
      if (!parsed.success) return failWith(reply, HTTP_STATUS.VALIDATION, 'VALIDATION', parsed.error.issues[0].message);
      const projectId = parsed.data.id;
      if (!user.projects.some((p) => p.projectId === projectId)) {
        return failWith(reply, HTTP_STATUS.FORBIDDEN, 'FORBIDDEN', ERROR_MESSAGES.forbidden);
      }
      await setSessionProject(deps.db, hashToken(token), projectId);
      return { success: true, data: 'ok' };
    }, { bodyLimit: FORM_BODY_LIMIT_BYTES, preValidation });
  });
}
