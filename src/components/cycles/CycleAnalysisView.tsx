import { Trans, useLingui } from '@lingui/react/macro';
import type { CycleAnalysis } from '../../../protocol';
import { STATUS_COLOR } from '../../theme/status';
import { SCREEN } from '../../theme/theme';
import { WORK_FACE_LABEL } from './stageText';

const cell = { padding: '3px 8px', textAlign: 'right', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;
const head = { ...cell, fontWeight: 400, color: SCREEN.textMuted } as const;
const hours = (v: number | null) => (v === null ? '–' : `${v.toFixed(1)} h`);

/**
 * Average round time over 1, 3 and 7 days, excavation against second lining: rounds, mean round, rounds per
 * day, mean working hours, idle periods (cycles/analysis `windows`).
 */
export function CycleAveragesTable({ analysis }: { analysis: CycleAnalysis }) {
  const { i18n } = useLingui();
  return (
    <table data-cycle-averages style={{ width: '100%', borderCollapse: 'collapse', fontSize: '0.875em' }}>
      <thead>
        <tr>
          <th style={{ ...head, textAlign: 'left' }}><Trans>Work face</Trans></th>
          <th style={head}><Trans>Days</Trans></th>
          <th style={head}><Trans>Rounds</Trans></th>
          <th style={head}><Trans>Mean round</Trans></th>
          <th style={head}><Trans>Rounds per day</Trans></th>
          <th style={head}><Trans>Working hours</Trans></th>
          <th style={head}><Trans>Idle periods</Trans></th>
          <th style={head}><Trans>Footage</Trans></th>
        </tr>
      </thead>
      <tbody>
        {analysis.windows.map((w) => (
          <tr key={`${w.workFace}-${w.days}`} data-window={`${w.workFace}-${w.days}`} style={{ borderTop: `1px solid ${SCREEN.panelBorder}` }}>
            <td style={{ ...cell, textAlign: 'left' }}>{i18n._(WORK_FACE_LABEL[w.workFace])}</td>
            <td style={cell}>{w.days}</td>
            <td style={cell}>{w.cycles}</td>
            <td style={cell} data-avg-cycle>{hours(w.avgCycleHours)}</td>
            <td style={cell}>{w.cyclesPerDay.toFixed(2)}</td>
            <td style={cell}>{hours(w.avgEffectiveHours)}</td>
            <td style={cell}>
              {w.idlePeriods} · {w.idleHours.toFixed(1)} h
            </td>
            <td style={cell}>{w.footageM.toFixed(1)} m</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Cycle-footage time analysis: per grade, the mean round of 7 days against the preset; slower is flagged low efficiency. */
export function CycleEfficiencyTable({ analysis }: { analysis: CycleAnalysis }) {
  return (
    <table data-cycle-efficiency style={{ width: '100%', borderCollapse: 'collapse', fontSize: '0.875em' }}>
      <thead>
        <tr>
          <th style={{ ...head, textAlign: 'left' }}><Trans>Rock grade</Trans></th>
          <th style={head}><Trans>Rounds</Trans></th>
          <th style={head}><Trans>Mean round</Trans></th>
          <th style={head}><Trans>Preset</Trans></th>
          <th style={head}><Trans>Footage per round</Trans></th>
          <th style={head}><Trans>Metres per hour</Trans></th>
          <th style={{ ...head, textAlign: 'left' }}><Trans>Efficiency</Trans></th>
        </tr>
      </thead>
      <tbody>
        {analysis.efficiency.map((e) => (
          <tr key={e.rockGrade} data-grade={e.rockGrade} data-low-efficiency={e.lowEfficiency ? 'true' : 'false'} style={{ borderTop: `1px solid ${SCREEN.panelBorder}` }}>
            <td style={{ ...cell, textAlign: 'left' }}>{e.rockGrade}</td>
            <td style={cell}>{e.cycles}</td>
            <td style={cell}>{hours(e.avgCycleHours)}</td>
            <td style={cell}>{hours(e.presetHours)}</td>
            <td style={cell}>{e.avgFootageM === null ? '–' : `${e.avgFootageM.toFixed(2)} m`}</td>
            <td style={cell}>{e.metresPerHour === null ? '–' : e.metresPerHour.toFixed(2)}</td>
            <td style={{ ...cell, textAlign: 'left', color: e.lowEfficiency ? STATUS_COLOR.alarm : undefined, fontWeight: e.lowEfficiency ? 600 : undefined }}>
              {e.cycles === 0 ? '–' : e.lowEfficiency ? <Trans>Low efficiency</Trans> : <Trans>On schedule</Trans>}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
