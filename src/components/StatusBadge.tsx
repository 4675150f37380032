import { useLingui } from '@lingui/react';
import type { DeviceStatus } from '../../protocol';
import { STATUS_COLOR } from '../theme/status';
import { STATUS_LABEL } from './messages';

/** A coloured dot and the translated status name (alarm red, warning amber, online green, offline grey). */
export function StatusBadge({ status }: { status: DeviceStatus }) {
  const { i18n } = useLingui();
  const color = STATUS_COLOR[status] ?? STATUS_COLOR.unknown;
  return (
    <span data-status={status} style={{ display: 'inline-flex', alignItems: 'center', gap: 6, color, fontWeight: 600, whiteSpace: 'nowrap' }}>
      <span aria-hidden style={{ width: 10, height: 10, borderRadius: 5, background: color, boxShadow: `0 0 6px ${color}` }} />
      {i18n._(STATUS_LABEL[status] ?? STATUS_LABEL.unknown)}
    </span>
  );
}
