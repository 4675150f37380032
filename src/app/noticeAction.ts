import type { Notice } from '../stores';
import type { NotifyIntent } from '../components';

/** What showing one failed call amounts to (showType, docs/product.md "Notices and errors"). */
export type NoticeAction =
  | { kind: 'none' }
  | { kind: 'toast'; intent: NotifyIntent; title: string; body?: string }
  | { kind: 'redirect'; to: string };

/**
 * Maps a notice to its display per docs/product.md "Notices and errors": 0 silent, 1 warning message, 2 error message (default, also
 * for unknown showTypes), 4 notification whose title is the error code and whose body is the text,
 * 9 redirect to `/exception?errorCode=…&errorMessage=…`. `genericText` replaces an empty message
 * ("Request error, please retry.", translated by the caller).
 */
export function noticeAction(n: Pick<Notice, 'showType' | 'errorCode' | 'message'>, genericText: string): NoticeAction {
  const message = n.message || genericText;
  switch (n.showType) {
    case 0:
      return { kind: 'none' };
    case 1:
      return { kind: 'toast', intent: 'warning', title: message };
    case 4:
      return { kind: 'toast', intent: 'info', title: n.errorCode, body: message };
    case 9:
      return { kind: 'redirect', to: `/exception?${new URLSearchParams({ errorCode: n.errorCode, errorMessage: message })}` };
    default:
      return { kind: 'toast', intent: 'error', title: message };
  }
}
