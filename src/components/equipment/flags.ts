import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { MetricDescriptor } from '../../../protocol';

/** An on/off state: no unit and the range 0…1 (limit switches, door, rail clamps, outriggers). */
export function isFlag(m: Pick<MetricDescriptor, 'unit' | 'range'>): boolean {
  return m.unit === '' && m.range.min === 0 && m.range.max === 1;
}

const YES = msg`Yes`;
const NO = msg`No`;

/** An on/off state in words: Yes for 1, No for 0, '—' without a value. */
export function flagText(i18n: I18n, value: number | undefined | null): string {
  if (value === undefined || value === null) return '—';
  return i18n._(value >= 0.5 ? YES : NO);
}
