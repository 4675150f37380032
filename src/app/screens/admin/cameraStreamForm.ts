import { REDACTED, type CameraStreamRow, type CameraStreamSet, type StreamSource } from '../../../../protocol';

/**
 * The stream source form of a camera (docs/api.md "Video"): the URLs without their user information, and
 * one user name and password for both. The password is write-only: the form never holds the saved one, and
 * an empty password field sends {@link REDACTED}, which the server replaces with the password saved for the
 * same user and address (admin/camera/streamSet).
 */
export interface CameraStreamForm {
  source: StreamSource;
  mainUrl: string;
  subUrl: string;
  user: string;
  /** Typed by the administrator; empty keeps the saved one. */
  password: string;
  /** Whether a password is saved (the row's URL had one): the field then says that empty keeps it. */
  passwordSaved: boolean;
}

const USERINFO = /^([a-z][a-z0-9+.-]*:\/\/)([^/@\s]*)@/i;

/** A URL without its user information, the user name and whether it had a password. */
function split(url: string | null): { url: string; user: string; password: boolean } {
  if (!url) return { url: '', user: '', password: false };
  const m = USERINFO.exec(url);
  if (!m) return { url, user: '', password: false };
  const colon = m[2].indexOf(':');
  const user = decodeURIComponent(colon < 0 ? m[2] : m[2].slice(0, colon));
  return { url: m[1] + url.slice(m[0].length), user, password: colon >= 0 };
}

/** The form of a camera's listed source (a camera without one starts as RTSP with empty fields). */
export function formOfRow(row: CameraStreamRow): CameraStreamForm {
  const main = split(row.mainUrl);
  const sub = split(row.subUrl);
  return { source: row.source ?? 'rtsp', mainUrl: main.url, subUrl: sub.url, user: main.user || sub.user, password: '', passwordSaved: main.password || sub.password };
}

/** `url` with the form's user and password (or {@link REDACTED} for a saved one); a URL typed with its own user information is kept as typed. */
function join(url: string, f: CameraStreamForm): string {
  const scheme = /^([a-z][a-z0-9+.-]*:\/\/)/i.exec(url);
  if (!scheme || USERINFO.test(url) || f.user === '') return url;
  const password = f.password !== '' ? encodeURIComponent(f.password) : f.passwordSaved ? REDACTED : '';
  const userinfo = password === '' ? encodeURIComponent(f.user) : `${encodeURIComponent(f.user)}:${password}`;
  return `${scheme[1]}${userinfo}@${url.slice(scheme[1].length)}`;
}

/** The body of admin/camera/streamSet for the form (the demo source takes no URL; an empty sub URL is none). */
export function streamSetBody(projectId: string, sn: string, f: CameraStreamForm): CameraStreamSet {
  if (f.source === 'demo') return { projectId, sn, source: 'demo', mainUrl: null, subUrl: null };
  const main = f.mainUrl.trim();
  const sub = f.subUrl.trim();
  return { projectId, sn, source: f.source, mainUrl: main === '' ? null : join(main, f), subUrl: sub === '' ? null : join(sub, f) };
}
