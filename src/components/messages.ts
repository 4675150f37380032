import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { AlarmLevel, DealStatus, DeviceStatus, ZoneKind } from '../../protocol';

/** Display names of device statuses (docs/product.md "States"). */
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

/** docs/product.md "States": 0 untreated, 1 processed, 2 misinformation (false alarm). */
export const DEAL_STATUS_LABEL: Record<DealStatus, MessageDescriptor> = {
  0: msg`Untreated`,
  1: msg`Processed`,
  2: msg`Misinformation`,
};

/** Display names of zone kinds (docs/api.md "People and zones"). */
export const ZONE_KIND_LABEL: Record<ZoneKind, MessageDescriptor> = { danger: msg`Danger zone`, work: msg`Work zone`, portal: msg`Portal` };
