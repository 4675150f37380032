import { useCallback } from 'react';
import { useToastController } from '@fluentui/react-components';
import { createElement } from 'react';
import { Toast, ToastBody, ToastTitle } from '@fluentui/react-components';

/** Id of the app's one Fluent Toaster (rendered by the app shell). */
export const TOASTER_ID = 'siteboard-toaster';

export type NotifyIntent = 'success' | 'info' | 'warning' | 'error';

/** Shows a toast in the app's Toaster: `notify(intent, title, body?)`. */
export function useNotify(): (intent: NotifyIntent, title: string, body?: string) => void {
  const { dispatchToast } = useToastController(TOASTER_ID);
  return useCallback(
    (intent, title, body) => {
      const content = createElement(Toast, null, createElement(ToastTitle, null, title), body ? createElement(ToastBody, null, body) : null);
      dispatchToast(content, { intent, timeout: intent === 'error' ? 6000 : 3000 });
    },
    [dispatchToast],
  );
}
