/**
 * Where the browser app and its server routes live: at the root ('') or under a sub-path behind a reverse
 * proxy ('/siteboard', the server's BASE_PATH; docs/operations.md "Serving under a sub-path"). One build
 * serves any base, so the browser reads it from its own address instead of having it built in.
 */

/**
 * The base path of a page or worker address, without a trailing slash ('' at the root).
 * A page is only ever served at the base (its routes are in the hash): its folder is the base. A worker's
 * script lives in the build's `assets/` folder under the base; a script elsewhere (Vite's development
 * server, which serves at the root) means the root.
 * @param address the page's `document.baseURI`, or the worker's `location.href` when `worker` is set.
 */
export function basePathOf(address: string, worker = false): string {
  const { pathname } = new URL(address);
  if (worker) {
    const at = pathname.lastIndexOf('/assets/');
    return at < 0 ? '' : pathname.slice(0, at);
  }
  return pathname.slice(0, pathname.lastIndexOf('/'));
}

/**
 * The base path of the running browser code: from the page's address, or from a worker's script address
 * ('' outside a browser, e.g. in Node tests, and in a document-less context without a location).
 */
export function appBasePath(): string {
  const g = globalThis as { document?: { baseURI: string }; location?: { href: string } };
  if (g.document) return basePathOf(g.document.baseURI);
  if (g.location) return basePathOf(g.location.href, true);
  return '';
}

/** A server path (`/zhgd/…`, as routes and stored picture links are written) under the app's base path; other URLs unchanged. */
export function appUrl(path: string, base = appBasePath()): string {
  return path.startsWith('/') && !path.startsWith('//') ? `${base}${path}` : path;
}
