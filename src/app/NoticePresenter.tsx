import { useEffect } from 'react';
import { reaction } from 'mobx';
import { useNavigate } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import { useStores, type Notice } from '../stores';
import { useNotify } from '../components';
import { GENERIC_ERROR_MESSAGE } from '../api/request';

/**
 * Shows failed calls per SPEC §8 showType: 1 warning toast, 2 error toast, 4 notification (title = code,
 * body = text), 9 redirect to /exception with errorCode and errorMessage. Renders nothing.
 */
export function NoticePresenter() {
  const { notices } = useStores();
  const notify = useNotify();
  const navigate = useNavigate();
  const { t } = useLingui();

  useEffect(() => {
    const show = (n: Notice) => {
      const message = n.message === GENERIC_ERROR_MESSAGE ? t`Request error, please retry.` : n.message;
      switch (n.showType) {
        case 1:
          notify('warning', message);
          break;
        case 4:
          notify('info', n.errorCode, message);
          break;
        case 9:
          navigate(`/exception?${new URLSearchParams({ errorCode: n.errorCode, errorMessage: n.message })}`);
          break;
        default:
          notify('error', message);
      }
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
