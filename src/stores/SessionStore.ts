import { makeAutoObservable, runInAction } from 'mobx';
import { AUTH, loginBody, sessionMay, type Permission, type SessionUser } from '../../protocol';
import { BusinessError, GENERIC_ERROR_MESSAGE, type RequestFn } from '../api/request';

/** `checking` until the first auth/me answers; the app renders nothing else until `authenticated` (docs/product.md "Shell and session"). */
export type SessionState = 'checking' | 'anonymous' | 'authenticated';

/** The login session: me → login form → me; logout; back to the form whenever the server says the session is gone. */
export class SessionStore {
  state: SessionState = 'checking';
  user: SessionUser | null = null;
  /** Message for the login form (invalid credentials, server unreachable), null when none. */
  error: string | null = null;
  busy = false;

  constructor(
    private readonly request: RequestFn,
    private readonly onEnded: () => void = () => {},
  ) {
    makeAutoObservable<SessionStore, 'request' | 'onEnded'>(this, { request: false, onEnded: false });
  }

  /** Current project id, or null when logged out. */
  get projectId(): string | null {
    return this.user?.projectId ?? null;
  }

  /** Whether the user may do `permission` in the current project (protocol/roles.ts `sessionMay`). */
  may(permission: Permission): boolean {
    return sessionMay(this.user, permission);
  }

  /** Asks the server who we are; never throws. */
  async check(): Promise<void> {
    try {
      const user = await this.request(AUTH.me, {}, { skipErrorHandler: true });
      runInAction(() => this.signedIn(user));
    } catch (e) {
      runInAction(() => {
        this.state = 'anonymous';
        this.user = null;
        const err = e as BusinessError;
        this.error = err.errorCode === 'UNAUTHENTICATED' ? null : (err.errorMessage ?? GENERIC_ERROR_MESSAGE);
      });
    }
  }

  /** Logs in; on failure keeps the form with the server's message. Never throws. */
  async login(username: string, password: string): Promise<void> {
    const parsed = loginBody.safeParse({ username: username.trim(), password });
    if (!parsed.success) {
      this.error = 'Please enter your user name and password';
      return;
    }
    this.busy = true;
    this.error = null;
    try {
      await this.request(AUTH.login, parsed.data, { skipErrorHandler: true });
      const user = await this.request(AUTH.me, {}, { skipErrorHandler: true });
      runInAction(() => this.signedIn(user));
    } catch (e) {
      runInAction(() => {
        this.state = 'anonymous';
        this.error = e instanceof BusinessError ? e.errorMessage : GENERIC_ERROR_MESSAGE;
      });
    } finally {
      runInAction(() => (this.busy = false));
    }
  }

  /** Logs out on the server (best effort) and shows the login form. */
  async logout(): Promise<void> {
    try {
      await this.request(AUTH.logout, {}, { skipErrorHandler: true });
    } catch {
      // the session ends locally whatever the server says
    }
    runInAction(() => this.expire());
  }

  /** The server said UNAUTHENTICATED: back to the login form. */
  expire(): void {
    const was = this.state;
    this.state = 'anonymous';
    this.user = null;
    if (was === 'authenticated') this.onEnded();
  }

  private signedIn(user: SessionUser): void {
    this.user = user;
    this.state = 'authenticated';
    this.error = null;
  }
}
