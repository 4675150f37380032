import { appUrl } from '../../protocol';

/**
 * Downloads an export route's answer (the file itself, not an envelope: docs/api.md alarm/export,
 * person/export, work/export, admin/audit/export) the way the browser saves a file: POSTs `body` as JSON with
 * the session cookie, takes the name from `Content-Disposition` (else `fallbackName`) and clicks a link to
 * a blob URL, freed after 10 s.
 * @returns false when the request failed or was refused (nothing is saved); the caller says so.
 */
export async function downloadExport(route: string, body: unknown, fallbackName: string, fetchImpl: typeof fetch = fetch): Promise<boolean> {
  const res = await fetchImpl(appUrl(route), {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  }).catch(() => null);
  if (!res?.ok) return false;
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return true;
}
