import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { AlarmLevel, DeviceStatus } from '../../protocol';

/** Display names of device statuses (SPEC §4). */
export const STATUS_LABEL: Record<DeviceStatus, MessageDescriptor> = {
  unknown: msg`Unknown`,
  online: msg`Online`,
  offline: msg`Offline`,
  warning: msg`Warning`,
  alarm: msg`Alarm`,
  violation: msg`Violation`,
};

/** Display names of alarm levels. */
export const LEVEL_LABEL: Record<AlarmLevel, MessageDescriptor> = {
  warning: msg`Warning`,
  alarm: msg`Alarm`,
};
