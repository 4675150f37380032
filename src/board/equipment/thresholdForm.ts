import type { Threshold } from '../../../protocol';

/** The editable limits of a threshold row, as the inputs hold them (text; '' means no limit). */
export interface ThresholdDraft {
  warnHigh: string;
  alarmHigh: string;
  warnLow: string;
  alarmLow: string;
  clearRatio: string;
}

/** The fields of a draft, in the editor's column order. */
export const DRAFT_FIELDS = ['warnHigh', 'alarmHigh', 'warnLow', 'alarmLow', 'clearRatio'] as const;

const text = (n: number | null) => (n === null ? '' : String(n));

/** A draft holding `t`'s limits. */
export function draftOf(t: Threshold): ThresholdDraft {
  return { warnHigh: text(t.warnHigh), alarmHigh: text(t.alarmHigh), warnLow: text(t.warnLow), alarmLow: text(t.alarmLow), clearRatio: String(t.clearRatio) };
}

/**
 * The threshold a draft asks for, based on `base` (metric, unit and clearLow kept): blank limits become
 * null, numbers are read with a dot or a comma as the decimal mark. @returns the threshold, or the first
 * field that is not a number (the server checks everything else: order of limits, range, unit).
 */
export function thresholdFromDraft(base: Threshold, d: ThresholdDraft): { threshold: Threshold } | { badField: keyof ThresholdDraft } {
  const out: Threshold = { ...base };
  for (const f of DRAFT_FIELDS) {
    const raw = d[f].trim().replace(',', '.');
    if (raw === '') {
      if (f === 'clearRatio') return { badField: f };
      out[f] = null;
      continue;
    }
    const n = Number(raw);
    if (!Number.isFinite(n)) return { badField: f };
    out[f] = n;
  }
  return { threshold: out };
}

/** Whether the draft differs from `t` (compared as numbers, so "13.80" equals 13.8). */
export function draftChanged(t: Threshold, d: ThresholdDraft): boolean {
  const r = thresholdFromDraft(t, d);
  if (!('threshold' in r)) return true;
  return DRAFT_FIELDS.some((f) => r.threshold[f] !== t[f]);
}
