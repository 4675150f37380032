import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Checkbox, Field, Input, Select } from '@fluentui/react-components';
import { useLingui } from '@lingui/react/macro';
import { DEFAULT_LINKAGE, DEVICES, ENVIRONMENT, LINKAGE_METRICS, LINKAGE_UNIT, PARTICULATE_KINDS, type LinkageMetric, type SprayLinkage, type SprayState } from '../../../protocol';
import { useQuery } from '../../stores';
import { EditDialog, useDialogCall } from './admin/adminUi';

/** The value of the station choice that unlinks the cannon. */
const NOT_LINKED = '';

/** The dialog's fields as typed: the limit and the hold time (minutes) as text, checked by the server. */
export interface LinkageDraft {
  stationSn: string;
  metric: LinkageMetric;
  onAbove: string;
  holdMin: string;
}

/** The draft showing `linkage` (none: DEFAULT_LINKAGE's metric, limit and hold time, no station chosen). */
export function linkageDraft(linkage: SprayLinkage | null): LinkageDraft {
  const l = linkage ?? { ...DEFAULT_LINKAGE, stationSn: NOT_LINKED };
  return { stationSn: l.stationSn, metric: l.metric, onAbove: String(l.onAbove), holdMin: String(Math.round((l.holdS / 60) * 100) / 100) };
}

/**
 * The linkage a draft asks for: null when no station is chosen (unlinked); the limit and the hold time
 * (minutes → whole seconds) read with a dot or a comma; a number that is not one stays NaN, which the
 * contract's body check refuses with its message.
 */
export function linkageOf(d: LinkageDraft): SprayLinkage | null {
  if (d.stationSn === NOT_LINKED) return null;
  const num = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.trim().replace(',', '.')));
  return { stationSn: d.stationSn, metric: d.metric, onAbove: num(d.onAbove), holdS: Math.round(num(d.holdMin) * 60) };
}

/**
 * A fog cannon's spray linkage (docs/domain.md "Spray linkage") in a dialog, for project administrators:
 * the particulate monitor of the project it follows (or none), PM10 or TSP and its on-limit in the metric's unit, the
 * hold time in minutes before it is switched off, and, when an administrator's command holds it in manual,
 * whether to give it back to the linkage. Saved through environment/spray/linkage (and spray/command
 * `auto`), both audited; the server's refusal stays in the dialog.
 */
export const SprayLinkageDialog = observer(function SprayLinkageDialog({
  projectId,
  cannon,
  onClose,
}: {
  projectId: string;
  cannon: SprayState;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const save = useDialogCall();
  // the project's particulate monitors, whether or not they have reported yet
  const devices = useQuery(DEVICES.deviceList, { projectId }).data;
  const stations = (devices ?? []).filter((d) => (PARTICULATE_KINDS as readonly string[]).includes(d.kind));
  const [draft, setDraft] = useState<LinkageDraft>(() => linkageDraft(cannon.linkage));
  const [toAuto, setToAuto] = useState(cannon.mode === 'manual');
  const linked = draft.stationSn !== NOT_LINKED;
  const known = stations.some((s) => s.sn === draft.stationSn);

  async function handleSave() {
    const ok = await save.call(ENVIRONMENT.sprayLinkageSet, { projectId, sn: cannon.sn, linkage: linkageOf(draft) });
    if (ok && linked && cannon.mode === 'manual' && toAuto && !(await save.call(ENVIRONMENT.sprayCommand, { projectId, sn: cannon.sn, action: 'auto' }))) return;
    if (ok) onClose();
  }

  return (
    <EditDialog open title={t`Spray linkage of ${cannon.name}`} error={save.error} saveLabel={t`Save`} cancelLabel={t`Cancel`} onSave={() => void handleSave()} onClose={onClose}>
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(2, 1fr)', gap: 12 }}>
        <Field label={t`Linked monitor`}>
          <Select value={draft.stationSn} onChange={(_, d) => setDraft({ ...draft, stationSn: d.value })}>
            <option value={NOT_LINKED}>{t`Not linked (no automatic switching)`}</option>
            {!known && linked ? <option value={draft.stationSn}>{draft.stationSn}</option> : null}
            {stations.map((s) => (
              <option key={s.sn} value={s.sn}>
                {s.name} ({s.sn})
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t`Metric`}>
          <Select value={draft.metric} disabled={!linked} onChange={(_, d) => setDraft({ ...draft, metric: d.value as LinkageMetric })}>
            {LINKAGE_METRICS.map((m) => (
              <option key={m} value={m}>
                {m === 'pm10' ? 'PM10' : 'TSP'}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t`On above (${LINKAGE_UNIT[draft.metric]})`}>
          <Input type="number" value={draft.onAbove} disabled={!linked} onChange={(_, d) => setDraft({ ...draft, onAbove: d.value })} />
        </Field>
        <Field label={t`Off after below for (min)`}>
          <Input type="number" value={draft.holdMin} disabled={!linked} onChange={(_, d) => setDraft({ ...draft, holdMin: d.value })} />
        </Field>
      </div>
      {cannon.mode === 'manual' && linked ? (
        <Checkbox checked={toAuto} onChange={(_, d) => setToAuto(d.checked === true)} label={t`Switch on and off automatically again (ends the manual command)`} />
      ) : null}
    </EditDialog>
  );
});
