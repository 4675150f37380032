import { COMPANY } from '../../../protocol';
import type { RequestFn } from '../../api/request';

/**
 * Opens project `projectId`'s external project link (company/homepage/glodonProjectUrl, docs/api.md
 * "Company homepage") in a new tab. The tab is opened at once, inside the click, so no pop-up blocker
 * stops it, and sent to the link when the server answers; it is closed again when the server refuses
 * (the refusal is shown by the request's error handler).
 */
export async function openProjectLink(request: RequestFn, projectId: string, mid: string): Promise<void> {
  const tab = window.open('about:blank', '_blank');
  if (tab) tab.opener = null;
  try {
    const url = await request(COMPANY.glodonProjectUrl, { projectId, mid });
    if (tab) tab.location.href = url;
    else window.open(url, '_blank', 'noopener');
  } catch (e) {
    tab?.close();
    throw e;
  }
}
