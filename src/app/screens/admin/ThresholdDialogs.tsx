import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Field, Select } from '@fluentui/react-components';
import { useLingui } from '@lingui/react/macro';
import { DEVICE_KIND_REGISTRY, type DeviceKind } from '../../../../protocol';
import { ThresholdEditor } from '../../../board/equipment/ThresholdsTab';
import { kindLabel } from '../../../i18n/metricLabels';
import { ToolDialog } from './adminUi';

/** The kinds whose devices have metrics, so thresholds (descriptor `metrics`), in registration order. */
export const THRESHOLD_KINDS: readonly DeviceKind[] = DEVICE_KIND_REGISTRY.descriptors.filter((d) => d.metrics.length > 0).map((d) => d.kind);

/** Whether a device of `kind` has thresholds to edit. */
export function hasThresholds(kind: string): boolean {
  return (THRESHOLD_KINDS as readonly string[]).includes(kind);
}

/**
 * One device's thresholds in a dialog (a gas station's warning and alarm level per gas, with units; any
 * kind with metrics): the editor of the equipment modal (threshold/set and reset, audited, the server's
 * refusal shown in the dialog) and the device's change history.
 */
export const DeviceThresholdDialog = observer(function DeviceThresholdDialog({ projectId, sn, kind, onClose }: { projectId: string; sn: string; kind: DeviceKind; onClose: () => void }) {
  const { t } = useLingui();
  return (
    <ToolDialog title={t`Thresholds of ${sn}`} closeLabel={t`Close`} onClose={onClose} width={980}>
      <ThresholdEditor projectId={projectId} kind={kind} target={{ sn }} />
    </ToolDialog>
  );
});

/**
 * The project's default thresholds of a kind (threshold/get, set and reset with `target: { kind }`): what
 * every device of the kind follows for each metric nobody set on the device itself. `initialKind` is the
 * kind shown first (the Devices tab's kind filter, else the first kind with metrics).
 */
export const KindDefaultsDialog = observer(function KindDefaultsDialog({ projectId, initialKind, onClose }: { projectId: string; initialKind: DeviceKind | null; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const [kind, setKind] = useState<DeviceKind>(initialKind && hasThresholds(initialKind) ? initialKind : THRESHOLD_KINDS[0]);
  return (
    <ToolDialog title={t`Default thresholds of a kind`} closeLabel={t`Close`} onClose={onClose} width={980}>
      <Field label={t`Kind`} hint={t`Devices of the kind follow these wherever nobody set a threshold on the device itself.`}>
        <Select value={kind} onChange={(_, d) => setKind(d.value as DeviceKind)}>
          {THRESHOLD_KINDS.map((k) => (
            <option key={k} value={k}>
              {kindLabel(i18n, k)}
            </option>
          ))}
        </Select>
      </Field>
      <ThresholdEditor key={kind} projectId={projectId} kind={kind} target={{ kind }} />
    </ToolDialog>
  );
});
