import { describe, expect, it } from 'vitest';
import type { Threshold } from '../../../protocol';
import { draftChanged, draftOf, thresholdFromDraft } from './thresholdForm';

const wind: Threshold = { metric: 'windSpeedMps', unit: 'm/s', warnHigh: 10.8, alarmHigh: 13.8, warnLow: null, alarmLow: null, clearRatio: 0.9, clearLow: null };

describe('threshold editor drafts', () => {
  it('round-trips a threshold and reads blanks as no limit, commas as decimal marks', () => {
    expect(thresholdFromDraft(wind, draftOf(wind))).toEqual({ threshold: wind });
    const edited = thresholdFromDraft(wind, { ...draftOf(wind), alarmHigh: '12,5', warnHigh: ' ' });
    expect(edited).toEqual({ threshold: { ...wind, warnHigh: null, alarmHigh: 12.5 } });
  });

  it('names the field that is not a number; clearRatio may not be blank', () => {
    expect(thresholdFromDraft(wind, { ...draftOf(wind), warnHigh: 'ten' })).toEqual({ badField: 'warnHigh' });
    expect(thresholdFromDraft(wind, { ...draftOf(wind), clearRatio: '' })).toEqual({ badField: 'clearRatio' });
  });

  it('sees a change only when a value differs as a number', () => {
    expect(draftChanged(wind, { ...draftOf(wind), alarmHigh: '13.80' })).toBe(false);
    expect(draftChanged(wind, { ...draftOf(wind), alarmHigh: '12' })).toBe(true);
    expect(draftChanged(wind, { ...draftOf(wind), alarmHigh: 'x' })).toBe(true);
  });
});
