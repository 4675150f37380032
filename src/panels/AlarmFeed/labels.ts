import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { AlarmKind } from '../../../protocol';
import { ALARM_KIND_LABEL, DEAL_STATUS_LABEL } from '../../components';

export { DEAL_STATUS_LABEL };

/** What raised an alarm (the alarm-kind names every screen uses, src/components/alarmText). */
export const KIND_LABEL: Record<AlarmKind, MessageDescriptor> = ALARM_KIND_LABEL;

/** The validation messages of docs/product.md "Validation and display", as Lingui messages (the English text is protocol's DEAL_MESSAGES). */
export const DEAL_VALIDATION = {
  status: msg`Please select the status`,
  remark: msg`Please fill in the remarks information`,
};
