import { describe, expect, it } from 'vitest';
import { HLS_FILE } from '../../protocol';
import { codecOfLog, demoFilter, ffmpegArgs, rewritePlaylist } from './ffmpegArgs';

const PLAYLIST = `#EXTM3U
#EXT-X-VERSION:7
#EXT-X-TARGETDURATION:1
#EXT-X-MEDIA-SEQUENCE:3
#EXT-X-INDEPENDENT-SEGMENTS
#EXT-X-MAP:URI="init.mp4"
#EXTINF:1.000000,
#EXT-X-PROGRAM-DATE-TIME:2026-11-27T15:10:52.937+0000
seg_3.m4s
#EXTINF:1.000000,
#EXT-X-PROGRAM-DATE-TIME:2026-11-27T15:10:53.937+0000
seg_4.m4s
`;

describe('ffmpeg command lines and playlists', () => {
  it('remuxes RTSP over TCP without re-encoding and writes 1 s fMP4 segments with program date-times', () => {
    const args = ffmpegArgs({ source: 'rtsp', url: 'rtsp://u:p@10.0.0.7/ch1' }, '/tmp/s', { caption: null, clock: null });
    expect(args.join(' ')).toContain('-rtsp_transport tcp');
    expect(args.join(' ')).toContain('-c copy');
    expect(args).not.toContain('libx264');
    expect(args.join(' ')).toMatch(/-hls_time 1 .*program_date_time/);
    expect(args.at(-1)).toBe('/tmp/s/index.m3u8');
  });

  it('encodes the demo source small with a key frame per segment, with or without a caption font', () => {
    const withText = ffmpegArgs({ source: 'demo', quality: 'main' }, '/tmp/s', { caption: '/f/cjk.ttc', clock: '/f/dejavu.ttf' }).join(' ');
    expect(withText).toContain('testsrc2=size=640x360:rate=12');
    expect(withText).toContain('-g 12');
    expect(withText).toContain("textfile='/tmp/s/caption.txt'");
    const plain = ffmpegArgs({ source: 'demo', quality: 'sub' }, '/tmp/s', { caption: null, clock: null });
    expect(plain).not.toContain('-vf');
    expect(plain.join(' ')).toContain('testsrc2=size=320x180:rate=10');
  });

  it('escapes filter values (a colon in a path would end the option)', () => {
    expect(demoFilter({ caption: "/a:b/it's.ttf", clock: null }, '/d', 360)).toContain("fontfile='/a\\:b/it'\\''s.ttf'");
  });

  it("reads the input's video codec from ffmpeg's log", () => {
    expect(codecOfLog('  Stream #0:0: Video: hevc (Main), yuvj420p(pc), 2560x1440, 25 fps')).toBe('hevc');
    expect(codecOfLog('  Stream #0:0[0x100]: Video: h264 (High) ([27][0][0][0] / 0x001B)')).toBe('h264');
    expect(codecOfLog('  Stream #0:1: Audio: aac')).toBeNull();
  });

  it('points every file of the playlist at the server route and drops anything that is not a stream file', () => {
    const url = (n: string) => `/zhgd/video/hls?file=${n}`;
    const out = rewritePlaylist(PLAYLIST, url, (n) => HLS_FILE.test(n));
    expect(out).toContain('#EXT-X-MAP:URI="/zhgd/video/hls?file=init.mp4"');
    expect(out).toContain('\n/zhgd/video/hls?file=seg_3.m4s\n');
    expect(out).toContain('#EXT-X-PROGRAM-DATE-TIME:2026-11-27T15:10:53.937+0000');
    expect(rewritePlaylist('#EXTM3U\nhttp://camera/secret.ts\n', url, (n) => HLS_FILE.test(n))).toBe('#EXTM3U\n');
  });
});
