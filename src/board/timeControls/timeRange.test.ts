import { describe, expect, it } from 'vitest';
import { parseReplayParams } from '../../panelData/replay';
import { beijingInputValue, checkCustomRange, lastRange, parseBeijingInput, presetAvailable, RANGE_PRESETS, replayUrlUpdate, withReplayParams } from './timeRange';
import { stepFor } from './PlaybackBar';
import { VIEWER_HISTORY_DAYS } from '../../app/screens/ViewBoardScreen';

const H = 3_600_000;

describe('time range control', () => {
  it('reads a custom range as Beijing time whatever the browser zone, and writes it back', () => {
    expect(parseBeijingInput('2025-05-12T10:00')).toBe(Date.UTC(2025, 4, 12, 2, 0, 0));
    expect(parseBeijingInput('2025-05-12T10:00:30')).toBe(Date.UTC(2025, 4, 12, 2, 0, 30));
    expect(parseBeijingInput('2025-05-12 10:00')).toBeNull();
    expect(parseBeijingInput('')).toBeNull();
    expect(beijingInputValue(Date.UTC(2025, 4, 12, 16, 30))).toBe('2025-05-13T00:30');
  });

  it('checks a custom range and names the wrong end', () => {
    const now = Date.UTC(2025, 4, 12, 2);
    expect(checkCustomRange(now - H, now, now)).toBeNull();
    expect(checkCustomRange(null, now, now)).toEqual({ field: 'from', reason: 'invalid' });
    expect(checkCustomRange(now - H, null, now)).toEqual({ field: 'to', reason: 'invalid' });
    expect(checkCustomRange(now - H, now - 2 * H, now)).toEqual({ field: 'to', reason: 'order' });
    expect(checkCustomRange(now + H, now + 2 * H, now)).toEqual({ field: 'from', reason: 'future' });
    expect(checkCustomRange(now - 40 * 24 * H, now, now)).toBeNull(); // over 31 days: played from the hour tier
    expect(checkCustomRange(now - 365 * 24 * H, now, now)).toBeNull();
    expect(checkCustomRange(now - 366 * 24 * H, now, now)).toEqual({ field: 'to', reason: 'tooLong' });
  });

  it('offers presets the history reaches; ranges end now on a whole second', () => {
    const span = (id: string) => RANGE_PRESETS.find((p) => p.id === id)!.spanMs;
    expect(presetAvailable(span('30d'), 30)).toBe(true);
    expect(presetAvailable(span('30d'), 7)).toBe(false);
    // a year plays from the hour rollups, kept 730 days by default
    expect(presetAvailable(span('365d'), VIEWER_HISTORY_DAYS)).toBe(true);
    expect(presetAvailable(span('365d'), 90)).toBe(false);
    expect(presetAvailable(366 * 24 * H, 3650)).toBe(false); // longer than one replay holds
    expect(lastRange(H, 10 * H + 1234)).toEqual({ fromMs: 9 * H + 1000, toMs: 10 * H + 1000 });
  });

  it('the URL carries range, instant, speed and play state, and reads back the same moment', () => {
    const prev = new URLSearchParams('boardId=b1&fit=width&at=5');
    const url = withReplayParams(prev, { fromMs: 1000, toMs: 9000, atMs: 4321.4, speed: 60, playing: false });
    expect(url.get('boardId')).toBe('b1');
    expect(url.get('fit')).toBe('width');
    expect(parseReplayParams(url)).toEqual({ fromMs: 1000, toMs: 9000, atMs: 4321, speed: 60, play: false });
    expect(parseReplayParams(withReplayParams(prev, { fromMs: 1000, toMs: 9000, atMs: 2000, speed: 600, playing: true }))?.play).toBe(true);
    const year = 365 * 24 * H;
    expect(parseReplayParams(new URLSearchParams(`from=1000&to=${1000 + year}`))).toMatchObject({ fromMs: 1000, toMs: 1000 + year });
    expect(parseReplayParams(new URLSearchParams(`from=1000&to=${1001 + year}`))).toBeNull();
    const live = withReplayParams(url, null);
    expect([...live.keys()].sort()).toEqual(['boardId', 'fit']);
  });

  it('a playing replay writes its moment only while the address still shows that replay', () => {
    const state = { fromMs: 1000, toMs: 9000, atMs: 5000, speed: 60, playing: true };
    const replaying = new URLSearchParams('boardId=b1&range=1h&from=1000&to=9000&at=4000&speed=60&play=1');
    const written = replayUrlUpdate(replaying, state);
    expect(written?.get('at')).toBe('5000');
    expect(written?.get('range')).toBe('1h');
    expect(replayUrlUpdate(written!, state)).toBeNull();
    // back to live, or another range chosen, before the tick: nothing is written
    expect(replayUrlUpdate(new URLSearchParams('boardId=b1'), state)).toBeNull();
    expect(replayUrlUpdate(new URLSearchParams('boardId=b1&from=1000&to=20000&at=1000'), state)).toBeNull();
  });

  it('steps about 1/360 of the range', () => {
    expect(stepFor(H)).toBe(10_000);
    expect(stepFor(8 * H)).toBe(300_000);
    expect(stepFor(60_000)).toBe(1_000);
    expect(stepFor(30 * 24 * H)).toBe(6 * H);
    expect(stepFor(365 * 24 * H)).toBe(24 * H);
  });
});
