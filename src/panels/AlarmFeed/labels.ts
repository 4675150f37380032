import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { AlarmKind, DealStatus } from '../../../protocol';
import { ALARM_KIND_LABEL } from '../../components';

/** What raised an alarm (the alarm-kind names every screen uses, src/components/alarmText). */
export const KIND_LABEL: Record<AlarmKind, MessageDescriptor> = ALARM_KIND_LABEL;

/** SPEC §4: 0 untreated, 1 processed, 2 misinformation (false alarm). */
export const DEAL_STATUS_LABEL: Record<DealStatus, MessageDescriptor> = {
  0: msg`Untreated`,
  1: msg`Processed`,
  2: msg`Misinformation`,
};

/** SPEC §5 validation messages, as Lingui messages (the English text is protocol's DEAL_MESSAGES). */
export const DEAL_VALIDATION = {
  status: msg`Please select the status`,
  remark: msg`Please fill in the remarks information`,
};
