import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { BOARD_TICKET_HEADER, BOARDS, type BoardTicket, type SessionUser } from '../../../protocol';
import { storeTicket, useTicket, type Database } from '../../storage';
import { requireMember, route, type HttpDeps } from '../context';
import { ApiError } from '../errors';
import { hashToken } from '../sessions';

/** A board/add ticket is good for 5 minutes after it was issued. */
export const TICKET_TTL_MS = 5 * 60_000;
/** Live tickets kept per user; issuing more drops that user's oldest. */
export const MAX_TICKETS_PER_USER = 20;

/** What board/add says when the `dataBoardBasicToken` header is missing or not a usable ticket. */
export const TICKET_MESSAGES = {
  missing: `${BOARD_TICKET_HEADER}: missing; get a ticket from GET ${BOARDS.ticketGet.path}?projectId=… and send it in this header`,
  invalid: `${BOARD_TICKET_HEADER}: the ticket is unknown, expired, already used or for another user or project; get a new one from GET ${BOARDS.ticketGet.path}`,
} as const;

/**
 * Issues a single-use ticket bound to `username` and `projectId`, valid for {@link TICKET_TTL_MS}.
 * Only its SHA-256 is stored; expired tickets (of anyone) and the user's tickets beyond
 * {@link MAX_TICKETS_PER_USER} are deleted on the way, so the table stays bounded.
 */
export async function issueTicket(db: Kysely<Database>, username: string, projectId: string, nowMs = preciseNowMs()): Promise<BoardTicket> {
  const ticket = randomBytes(32).toString('base64url');
  const expiresAtMs = Math.floor(nowMs) + TICKET_TTL_MS;
  await storeTicket(db, { ticketHash: hashToken(ticket), username, projectId, nowMs, expiresAtMs }, MAX_TICKETS_PER_USER);
  return { ticket, expiresAtMs };
}

/**
 * Wall-clock ms with a fractional part, so that tickets issued within one millisecond still have an
 * order and trimming drops the really oldest.
 */
function preciseNowMs(): number {
  return performance.timeOrigin + performance.now();
}

/**
 * Uses up the ticket in `req`'s `dataBoardBasicToken` header inside `tx`, so that a board/add that fails
 * later rolls the use back and the ticket stays good.
 * @throws ApiError VALIDATION ({@link TICKET_MESSAGES}) when the header is missing, or the ticket is unknown,
 *   expired, used, or bound to another user or project.
 */
export async function consumeTicket(
  tx: Kysely<Database>,
  req: FastifyRequest,
  user: SessionUser,
  projectId: string,
  nowMs = Date.now(),
): Promise<void> {
  const raw = req.headers[BOARD_TICKET_HEADER.toLowerCase()];
  const ticket = (Array.isArray(raw) ? raw[0] : raw)?.trim();
  if (!ticket) throw new ApiError('VALIDATION', TICKET_MESSAGES.missing);
  if (ticket.length > 128) throw new ApiError('VALIDATION', TICKET_MESSAGES.invalid);
  if (!(await useTicket(tx, hashToken(ticket), user.username, projectId, nowMs))) throw new ApiError('VALIDATION', TICKET_MESSAGES.invalid);
}

/** `GET ticket/getTicket?projectId=…` (docs/api.md "Board server": a GET with a query string). */
export function registerTicketRoutes(app: FastifyInstance, deps: HttpDeps): void {
  route(app, deps, BOARDS.ticketGet, async ({ body: query, user, reply }) => {
    requireMember(user, query.projectId);
    // A ticket is a secret for one request: no cache may keep it.
    reply.header('cache-control', 'no-store');
    return await issueTicket(deps.db, user.username, query.projectId);
  });
}
