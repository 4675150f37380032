import { newAlarmDraft } from '../rules/newAlarm';
import { progressRole, stepDistances, tunnelProgressKind, type AlarmRecord, type Heading, type RockGrade } from '../../protocol';
import type { AlarmDraft } from '../rules/types';

/** The step-distance metrics (protocol/kinds/tunnelProgress.ts), each judged against the face's grade. */
const STEP_METRICS = ['invertToFace', 'liningToFace'] as const;

/**
 * The step-distance warnings of every heading (docs/domain.md "Tunnel progress"): a `threshold` alarm of
 * level warning, on the heading (deviceSn = headingId, deviceKind `tunnelProgress`), with metric
 * `invertToFace` or `liningToFace`, the distance as its value and the limit of the face's grade as its
 * threshold, raised while the distance is over the limit and cleared once it is within (equal is within).
 * Pure in-memory state; the caller persists the drafts. Bounded: one open alarm per heading and metric.
 */
export class StepAlarms {
  private readonly open = new Map<string, AlarmDraft>();

  /** True for an alarm these rules own (restored by {@link restore}, not by the device rules). */
  static owns(alarm: Pick<AlarmRecord, 'deviceKind' | 'metric'>): boolean {
    return !!progressRole(alarm.deviceKind) && (STEP_METRICS as readonly string[]).includes(alarm.metric);
  }

  /** Re-adopts an open alarm from the database at start (before the first {@link judge}). */
  restore(alarm: AlarmRecord): void {
    if (alarm.state !== 'active') return;
    this.open.set(key(alarm.projectId, alarm.deviceSn, alarm.metric), { ...alarm });
  }

  /**
   * Judges a heading as it stands now, with `grade` the grade at its face.
   * @returns the alarms raised, updated (a new distance or limit) or cleared, to persist.
   */
  judge(projectId: string, heading: Heading, grade: RockGrade, nowMs: number): AlarmDraft[] {
    const d = stepDistances(heading, grade);
    const out: AlarmDraft[] = [];
    for (const metric of STEP_METRICS) {
      const { distanceM, limitM, exceeded } = d[metric];
      const k = key(projectId, heading.headingId, metric);
      const a = this.open.get(k);
      if (!exceeded) {
        if (a) {
          this.open.delete(k);
          a.state = 'cleared';
          a.clearedAtMs = nowMs;
          out.push(a);
        }
        continue;
      }
      const value = Math.round(distanceM * 10) / 10;
      if (a) {
        if (a.value === value && a.threshold === limitM) continue;
        a.value = value;
        a.threshold = limitM;
        a.lastSeenMs = nowMs;
        if (a.peakValue === null || value > a.peakValue) a.peakValue = value;
        out.push(a);
        continue;
      }
      const raised = newAlarmDraft(
        { projectId, deviceSn: heading.headingId, deviceKind: tunnelProgressKind.kind, deviceName: heading.name, kind: 'threshold', level: 'warning', metric, value, threshold: limitM, unit: 'm', side: 'over' },
        nowMs,
      );
      this.open.set(k, raised);
      out.push(raised);
    }
    return out;
  }

  /** Open alarms, for tests and the status page. */
  get size(): number {
    return this.open.size;
  }
}

function key(projectId: string, headingId: string, metric: string): string {
  return `${projectId}|${headingId}|${metric}`;
}
