import { useEffect } from 'react';
import { reaction } from 'mobx';
import { useNavigate } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import { useStores, type Notice } from '../stores';
import { useNotify } from '../components';
import { GENERIC_ERROR_MESSAGE } from '../api/request';
import { noticeAction } from './noticeAction';

/**
 * Shows failed calls per showType (docs/product.md "Notices and errors"; see {@link noticeAction}): toasts for 1, 2 and 4, a redirect to
 * /exception for 9, nothing for 0. Renders nothing itself.
 */
export function NoticePresenter() {
  const { notices } = useStores();
  const notify = useNotify();
  const navigate = useNavigate();
  const { t } = useLingui();

  useEffect(() => {
    const generic = t`Request error, please retry.`;
    const show = (n: Notice) => {
      const a = noticeAction({ ...n, message: n.message === GENERIC_ERROR_MESSAGE ? generic : n.message }, generic);
      if (a.kind === 'toast') notify(a.intent, a.title, a.body);
      else if (a.kind === 'redirect') navigate(a.to);
    };
    return reaction(
      () => notices.queue.length,
      (len) => {
        if (len > 0) notices.take().forEach(show);
      },
      { fireImmediately: true },
    );
  }, [notices, notify, navigate, t]);
  return null;
}
