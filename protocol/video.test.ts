import { describe, expect, it } from 'vitest';
import { cameraStreamSetBody, isVideoKind, redactStreamUrl } from './video';

describe('camera stream sources', () => {
  it('redacts the password of a URL and leaves URLs without one alone', () => {
    expect(redactStreamUrl('rtsp://admin:Hik12345@192.168.1.64:554/Streaming/Channels/101')).toBe('rtsp://admin:***@192.168.1.64:554/Streaming/Channels/101');
    expect(redactStreamUrl('rtsp://token@cam/x')).toBe('rtsp://token@cam/x');
    expect(redactStreamUrl('http://media.site/live/cam1.m3u8')).toBe('http://media.site/live/cam1.m3u8');
  });

  it('takes a URL of the source type and refuses the rest', () => {
    const base = { projectId: 'p', sn: 'CAM-01' };
    expect(cameraStreamSetBody.safeParse({ ...base, source: 'rtsp', mainUrl: 'rtsp://cam/1', subUrl: 'rtsp://cam/2' }).success).toBe(true);
    expect(cameraStreamSetBody.safeParse({ ...base, source: 'hls', mainUrl: 'https://media/live.m3u8' }).success).toBe(true);
    expect(cameraStreamSetBody.safeParse({ ...base, source: 'demo' }).success).toBe(true);
    expect(cameraStreamSetBody.safeParse({ ...base, source: 'rtsp', mainUrl: 'http://cam/1' }).success).toBe(false);
    expect(cameraStreamSetBody.safeParse({ ...base, source: 'rtsp' }).success).toBe(false);
    expect(cameraStreamSetBody.safeParse({ ...base, source: 'demo', mainUrl: 'rtsp://cam/1' }).success).toBe(false);
    expect(cameraStreamSetBody.safeParse({ ...base, source: 'rtsp', mainUrl: 'rtsp://cam/1\u0000' }).success).toBe(false);
  });

  it('knows the video kinds from their descriptors', () => {
    expect(isVideoKind('camera')).toBe(true);
    expect(isVideoKind('gas')).toBe(false);
  });
});
