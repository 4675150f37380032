import { describe, expect, it } from 'vitest';
import { historyPlaylist, indexLine, parseIndex, parseRecordPlaylist, segmentsInRange, spansOf, type RecordedSegment } from './recordIndex';
import { isRecorded } from './Recorder';

/** ffmpeg's playlist of a run as it writes it (EXTINF before the date-time). */
const RUN_PLAYLIST = `#EXTM3U
#EXT-X-VERSION:7
#EXT-X-TARGETDURATION:2
#EXT-X-MEDIA-SEQUENCE:4
#EXT-X-INDEPENDENT-SEGMENTS
#EXT-X-MAP:URI="init.mp4"
#EXTINF:2.000000,
#EXT-X-PROGRAM-DATE-TIME:2026-11-27T15:10:52.000+0000
r_4.m4s
#EXTINF:2.100000,
#EXT-X-PROGRAM-DATE-TIME:2026-11-27T15:10:54.000+0000
r_5.m4s
#EXTINF:1.900000,
r_6.m4s
`;

const T0 = Date.parse('2026-11-27T15:10:52.000Z');

/** A segment of run `run` starting `atS` seconds after T0. */
function seg(run: string, n: number, atS: number, durS = 2): RecordedSegment {
  return { run, file: `r_${n}.m4s`, startMs: T0 + atS * 1000, durationMs: durS * 1000, bytes: 50_000 };
}

describe('recording index and history playlists', () => {
  it('reads each segment of ffmpeg\'s playlist with its program date-time, following on by duration where one has none', () => {
    expect(parseRecordPlaylist(RUN_PLAYLIST)).toEqual([
      { file: 'r_4.m4s', startMs: T0, durationMs: 2000 },
      { file: 'r_5.m4s', startMs: T0 + 2000, durationMs: 2100 },
      { file: 'r_6.m4s', startMs: T0 + 4100, durationMs: 1900 },
    ]);
    // a segment before any date-time has no known time and is left out
    expect(parseRecordPlaylist('#EXTM3U\n#EXTINF:2.0,\nr_1.m4s\n')).toEqual([]);
  });

  it('writes and reads the run index, skipping a line cut short by a crash', () => {
    const text = indexLine({ startMs: T0, durationMs: 2000, file: 'r_0.m4s' }) + indexLine({ startMs: T0 + 2000, durationMs: 2000, file: 'r_1.m4s' }) + `${T0 + 4000}\t20`;
    expect(parseIndex(text)).toEqual([
      { startMs: T0, durationMs: 2000, file: 'r_0.m4s' },
      { startMs: T0 + 2000, durationMs: 2000, file: 'r_1.m4s' },
    ]);
    expect(parseIndex(`${T0}\t2000\t../etc/passwd\n`)).toEqual([]);
  });

  it('answers the segments overlapping a range and the spans without gaps, with their place on the media timeline', () => {
    const all = [seg('a', 0, 0), seg('a', 1, 2), seg('a', 2, 4), seg('b', 0, 30), seg('b', 1, 32)];
    expect(segmentsInRange(all, T0 + 3_000, T0 + 31_000).map((s) => `${s.run}${s.file}`)).toEqual(['ar_1.m4s', 'ar_2.m4s', 'br_0.m4s']);
    expect(spansOf(all)).toEqual([
      { startMs: T0, endMs: T0 + 6_000, mediaS: 0 },
      { startMs: T0 + 30_000, endMs: T0 + 34_000, mediaS: 6 },
    ]);
  });

  it('never pulls a span back when a shorter segment inside it follows (two nodes around a lease handover)', () => {
    // run b, from the node that took over, starts inside run a's last segment and ends before it
    expect(spansOf([seg('a', 0, 0), seg('a', 1, 2, 4), seg('b', 0, 3)])).toEqual([{ startMs: T0, endMs: T0 + 6_000, mediaS: 0 }]);
  });

  it('builds a VOD playlist with an init segment per run, date-times, a discontinuity between runs and the end tag', () => {
    const text = historyPlaylist([seg('a', 0, 0), seg('a', 1, 2), seg('b', 0, 30, 2.5)], (run, file) => `record?run=${run}&file=${file}`);
    expect(text.split('\n')).toEqual([
      '#EXTM3U',
      '#EXT-X-VERSION:7',
      '#EXT-X-PLAYLIST-TYPE:VOD',
      '#EXT-X-TARGETDURATION:3',
      '#EXT-X-MEDIA-SEQUENCE:0',
      '#EXT-X-INDEPENDENT-SEGMENTS',
      '#EXT-X-MAP:URI="record?run=a&file=init.mp4"',
      '#EXT-X-PROGRAM-DATE-TIME:2026-11-27T15:10:52.000Z',
      '#EXTINF:2.000,',
      'record?run=a&file=r_0.m4s',
      '#EXT-X-PROGRAM-DATE-TIME:2026-11-27T15:10:54.000Z',
      '#EXTINF:2.000,',
      'record?run=a&file=r_1.m4s',
      '#EXT-X-DISCONTINUITY',
      '#EXT-X-MAP:URI="record?run=b&file=init.mp4"',
      '#EXT-X-PROGRAM-DATE-TIME:2026-11-27T15:11:22.000Z',
      '#EXTINF:2.500,',
      'record?run=b&file=r_0.m4s',
      '#EXT-X-ENDLIST',
      '',
    ]);
  });

  it('records the cameras VIDEO_RECORD names: the demo ones, all, none, or a list of serial numbers', () => {
    const demo = { sn: 'CAM-01', source: 'demo' };
    const rtsp = { sn: 'CAM-02', source: 'rtsp' };
    expect([isRecorded('demo', demo), isRecorded('demo', rtsp)]).toEqual([true, false]);
    expect([isRecorded('all', demo), isRecorded('all', rtsp)]).toEqual([true, true]);
    expect([isRecorded('off', demo), isRecorded('off', rtsp)]).toEqual([false, false]);
    expect([isRecorded(['CAM-02'], demo), isRecorded(['CAM-02'], rtsp)]).toEqual([false, true]);
  });
});
