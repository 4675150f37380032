import { useLingui } from '@lingui/react/macro';
import { CYCLE_STAGES, type CycleStage } from '../../../protocol';
import { STAGE_LABEL } from './stageText';

/** The stage picker of the trend by stage (the process screen and the trend panel). */
export function StageSelect({ value, onChange, fontSize }: { value: CycleStage; onChange: (stage: CycleStage) => void; fontSize: number | string }) {
  const { i18n } = useLingui();
  return (
    <select data-trend-stage value={value} onChange={(e) => onChange(e.target.value as CycleStage)} style={{ fontSize }}>
      {CYCLE_STAGES.map((s) => (
        <option key={s} value={s}>
          {i18n._(STAGE_LABEL[s])}
        </option>
      ))}
    </select>
  );
}
