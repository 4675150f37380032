import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { roleSchema, type Role, type SessionUser } from '../../protocol';
import type { Database } from '../storage';

/** Session cookie name (protocol/api.ts). */
export const SESSION_COOKIE = 'sb_session';
/** A session ends after 12 h without use (sliding). */
export const SESSION_IDLE_MS = 12 * 3_600_000;
/** …and at the latest 7 days after login, however busy. */
export const SESSION_MAX_AGE_MS = 7 * 24 * 3_600_000;
/** Sliding writes at most once per 5 min per session, not on every request. */
const SLIDE_STEP_MS = 5 * 60_000;
/**
 * Live sessions per user. A login beyond it ends the user's LEAST RECENTLY USED session, but never one used
 * within {@link RECENT_USE_MS}: shared accounts on wall screens must not log each other out. When every
 * session was used recently the login is refused instead ({@link SessionCapReached}).
 */
export const MAX_SESSIONS_PER_USER = 50;
/** A session used this recently is never ended to make room for a new login. */
export const RECENT_USE_MS = 10 * 60_000;
/**
 * Expiry of a wall-screen session (a display account): the latest time a JS Date can hold, so idle time and
 * the maximum age never end it; disabling the account, a password reset or a logout does.
 */
export const WALL_SCREEN_EXPIRES_AT_MS = 8.64e15;
/** Expired sessions deleted per prune pass. */
const PRUNE_BATCH = 1_000;
/** How often expired sessions are pruned. */
export const PRUNE_INTERVAL_MS = 10 * 60_000;

/** Resolves the user of a request's cookie header; used by the REST routes and the socket.io handshake. */
export interface SessionResolver {
  fromCookieHeader(cookieHeader: string | undefined): Promise<SessionUser | null>;
  /**
   * Calls `listener` with the token hash (see {@link hashToken}) of every session ended by logout, so
   * long-lived connections of that session can be closed at once. @returns the function that stops it.
   */
  onEnded?(listener: (tokenHash: string) => void): () => void;
}

/**
 * The `sb_session` value of a raw `Cookie` header, or undefined. Hand-rolled because @fastify/cookie's
 * `parse` only works once the plugin is registered on an app; tokens are base64url, so no decoding applies.
 */
export function sessionTokenOf(cookieHeader: string): string | undefined {
  if (cookieHeader.length > 8192) return undefined;
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === SESSION_COOKIE) return part.slice(eq + 1).trim().replace(/^"(.*)"$/, '$1');
  }
  return undefined;
}

/** SHA-256 of a token, hex: what the `sessions` table stores. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Sessions in the `sessions` table. The cookie holds a random 32-byte token (base64url); only its SHA-256
 * is stored, so a leaked database does not yield live sessions. Expiry: {@link SESSION_IDLE_MS} sliding,
 * capped at {@link SESSION_MAX_AGE_MS} after login.
 */
export class SessionStore implements SessionResolver {
  private pruneTimer: NodeJS.Timeout | null = null;
  private readonly endedListeners = new Set<(tokenHash: string) => void>();

  /** @param now clock in ms since the epoch (a parameter so expiry can be tested without waiting 12 h). */
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Starts a session for `username` with `projectId` as the current project (null: their first project).
   * @returns the cookie token (sent once, never stored) and the session user.
   * @throws Error when the user does not exist.
   */
  async create(username: string, projectId: string | null): Promise<{ token: string; user: SessionUser; evicted: number }> {
    const user = await loadSessionUser(this.db, username, projectId);
    if (!user) throw new Error(`cannot start a session for unknown user ${username}`);
    const nowMs = this.now();
    const evicted = await this.makeRoom(username, nowMs, user.wallScreen === true);
    const token = randomBytes(32).toString('base64url');
    await this.db
      .insertInto('sessions')
      .values({
        token_hash: hashToken(token),
        username,
        project_id: user.projectId,
        created_at_ms: nowMs,
        expires_at_ms: user.wallScreen ? WALL_SCREEN_EXPIRES_AT_MS : nowMs + SESSION_IDLE_MS,
      })
      .execute();
    return { token, user, evicted };
  }

  /** The user of a session token, or null when the token is unknown or expired. Slides the expiry. */
  async resolve(token: string | undefined): Promise<SessionUser | null> {
    if (!token || token.length > 128) return null;
    const tokenHash = hashToken(token);
    const row = await this.db.selectFrom('sessions').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
    if (!row) return null;
    const nowMs = this.now();
    if (row.expires_at_ms <= nowMs) {
      await this.db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
      return null;
    }
    const user = await loadSessionUser(this.db, row.username, row.project_id);
    // A disabled account's sessions end (disabling also deletes them; this covers a race with a login).
    if (!user) {
      await this.db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
      return null;
    }
    if (user.wallScreen) return user;
    const slid = Math.min(nowMs + SESSION_IDLE_MS, row.created_at_ms + SESSION_MAX_AGE_MS);
    if (slid - row.expires_at_ms >= SLIDE_STEP_MS) {
      await this.db.updateTable('sessions').set({ expires_at_ms: slid }).where('token_hash', '=', tokenHash).execute();
    }
    return user;
  }

  /** Resolves the `sb_session` cookie of a raw `Cookie` header (socket.io handshakes). Never throws on bad headers. */
  async fromCookieHeader(cookieHeader: string | undefined): Promise<SessionUser | null> {
    if (!cookieHeader) return null;
    return this.resolve(sessionTokenOf(cookieHeader));
  }

  /** Ends a session and tells the {@link onEnded} listeners; unknown tokens are ignored. */
  async destroy(token: string | undefined): Promise<void> {
    if (!token || token.length > 128) return;
    await this.destroyHash(hashToken(token));
  }

  private async destroyHash(tokenHash: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
    for (const listener of [...this.endedListeners]) {
      try {
        listener(tokenHash);
      } catch {
        // A listener's failure must not fail the logout that triggered it.
      }
    }
  }

  /** See {@link SessionResolver.onEnded}. */
  onEnded(listener: (tokenHash: string) => void): () => void {
    this.endedListeners.add(listener);
    return () => this.endedListeners.delete(listener);
  }

  /** Ends every session of `username` (disabled account, password reset); their sockets close too. @returns how many. */
  async endAllOf(username: string, exceptTokenHash?: string): Promise<number> {
    const rows = await this.db.selectFrom('sessions').select('token_hash').where('username', '=', username).execute();
    let n = 0;
    for (const r of rows) {
      if (r.token_hash === exceptTokenHash) continue;
      await this.destroyHash(r.token_hash);
      n++;
    }
    return n;
  }

  /** Deletes up to one batch of expired sessions. @returns how many were deleted. */
  async prune(): Promise<number> {
    const r = await this.db
      .deleteFrom('sessions')
      .where('token_hash', 'in', (qb) =>
        qb.selectFrom('sessions').select('token_hash').where('expires_at_ms', '<=', this.now()).limit(PRUNE_BATCH),
      )
      .executeTakeFirst();
    return Number(r.numDeletedRows);
  }

  /** Prunes every `intervalMs` until {@link close}; errors are passed to `onError`, never thrown. */
  startPruning(onError: (e: unknown) => void, intervalMs = PRUNE_INTERVAL_MS): void {
    if (this.pruneTimer) return;
    this.pruneTimer = setInterval(() => void this.prune().catch(onError), intervalMs);
    this.pruneTimer.unref();
  }

  /** Stops pruning. */
  close(): void {
    if (this.pruneTimer) clearInterval(this.pruneTimer);
    this.pruneTimer = null;
  }

  /**
   * Keeps a user's sessions bounded (a script that logs in in a loop cannot grow the table) without ending
   * a session in use: at the cap, the least recently used sessions are ended (their sockets too), but only
   * those not used within {@link RECENT_USE_MS}. A session's last use is read from its sliding expiry
   * (`expires_at_ms − SESSION_IDLE_MS`, exact to {@link SLIDE_STEP_MS}).
   * A wall-screen account never ends another session: at the cap its login is refused.
   * @returns how many sessions were ended.
   * @throws SessionCapReached when the user is at the cap and every session was used recently.
   */
  private async makeRoom(username: string, nowMs: number, wallScreen: boolean): Promise<number> {
    const live = await this.db
      .selectFrom('sessions')
      .select(['token_hash', 'expires_at_ms'])
      .where('username', '=', username)
      .where('expires_at_ms', '>', nowMs)
      .orderBy('expires_at_ms', 'asc')
      .execute();
    const excess = live.length - MAX_SESSIONS_PER_USER + 1;
    if (excess <= 0) return 0;
    if (wallScreen) throw new SessionCapReached(MAX_SESSIONS_PER_USER);
    const usedRecentlyFrom = nowMs - RECENT_USE_MS + SESSION_IDLE_MS;
    const idle = live.filter((r) => Number(r.expires_at_ms) < usedRecentlyFrom).slice(0, excess);
    if (idle.length < excess) throw new SessionCapReached(MAX_SESSIONS_PER_USER);
    for (const r of idle) await this.destroyHash(r.token_hash);
    return idle.length;
  }
}

/** A login refused because the user has {@link MAX_SESSIONS_PER_USER} sessions, all used recently. */
export class SessionCapReached extends Error {
  constructor(readonly cap: number) {
    super(`This account has ${cap} sessions in use. Log out on a screen you no longer use, or try again in a few minutes`);
    this.name = 'SessionCapReached';
  }
}

/**
 * Builds the session user of `username` with `projectId` as the current project. The projects list is the
 * user's memberships in project creation order; when `projectId` is no longer one of them, the first
 * membership becomes current (all project fields empty for a user without projects). Memberships of
 * archived projects are left out.
 * @returns null when the user does not exist or is disabled.
 */
export async function loadSessionUser(
  db: Kysely<Database>,
  username: string,
  projectId: string | null,
): Promise<SessionUser | null> {
  const user = await db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();
  if (!user || user.disabled) return null;
  const memberships = await db
    .selectFrom('memberships as m')
    .innerJoin('projects as p', 'p.project_id', 'm.project_id')
    .select(['p.project_id', 'p.name', 'p.co_id', 'p.co_name', 'p.co_logo', 'm.mid', 'm.role'])
    .where('m.username', '=', username)
    .where('p.archived_at_ms', 'is', null)
    .orderBy('p.created_at_ms')
    .orderBy('p.project_id')
    .execute();
  const current = memberships.find((m) => m.project_id === projectId) ?? memberships[0];
  return {
    username: user.username,
    displayName: user.display_name,
    isAdmin: user.is_admin,
    projectId: current?.project_id ?? '',
    coId: current?.co_id ?? '',
    coName: current?.co_name ?? '',
    coLogo: current?.co_logo ?? '',
    mid: current?.mid ?? '',
    projects: memberships.map((m) => ({ projectId: m.project_id, name: m.name, coId: m.co_id, role: toRole(m.role) })),
    role: current ? toRole(current.role) : null,
    wallScreen: user.wall_screen,
    mustChangePassword: user.must_change_password,
  };
}

/** A stored role; an unknown value (a newer server's role) reads as the least privileged, `viewer`. */
function toRole(value: string): Role {
  const parsed = roleSchema.safeParse(value);
  return parsed.success ? parsed.data : 'viewer';
}
