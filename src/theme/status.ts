import type { AlarmLevel, DeviceStatus } from '../../protocol';

/**
 * Status colours of the board: alarm red, violation magenta, warning amber, online green,
 * offline grey, unknown slate. Chosen for a dark background and readable at distance.
 */
export const STATUS_COLOR: Record<DeviceStatus, string> = {
  alarm: '#ff4d4f',
  violation: '#d9489b',
  warning: '#faad14',
  online: '#22c55e',
  offline: '#7a8599',
  unknown: '#4b5a73',
};

/** Alarm level colours (same hues as the device statuses). */
export const LEVEL_COLOR: Record<AlarmLevel, string> = {
  alarm: STATUS_COLOR.alarm,
  warning: STATUS_COLOR.warning,
};
