import { describe, expect, it } from 'vitest';
import { cameraStreamSetBody } from '../../../../protocol';
import { formOfRow, streamSetBody } from './cameraStreamForm';

const row = { sn: 'CAM-01', name: 'Portal', updatedAtMs: 1 };

describe('the camera stream source form', () => {
  it('shows a saved source without its password and sends *** back so the server keeps it', () => {
    const form = formOfRow({ ...row, source: 'rtsp', mainUrl: 'rtsp://admin:***@10.0.0.7:554/ch1', subUrl: 'rtsp://admin:***@10.0.0.7:554/ch2' });
    expect(form).toEqual({ source: 'rtsp', mainUrl: 'rtsp://10.0.0.7:554/ch1', subUrl: 'rtsp://10.0.0.7:554/ch2', user: 'admin', password: '', passwordSaved: true });
    const body = streamSetBody('p1', 'CAM-01', { ...form, mainUrl: 'rtsp://10.0.0.7:554/ch3' });
    expect(body).toEqual({ projectId: 'p1', sn: 'CAM-01', source: 'rtsp', mainUrl: 'rtsp://admin:***@10.0.0.7:554/ch3', subUrl: 'rtsp://admin:***@10.0.0.7:554/ch2' });
    expect(cameraStreamSetBody.safeParse(body).success).toBe(true);
  });

  it('puts a typed user and password (URL-encoded) into every URL, and none where there is no user', () => {
    const form = formOfRow({ ...row, source: null, mainUrl: null, subUrl: null });
    expect(form).toMatchObject({ source: 'rtsp', mainUrl: '', user: '', passwordSaved: false });
    expect(streamSetBody('p1', 'CAM-01', { ...form, mainUrl: 'rtsp://10.0.0.9/ch1', user: 'viewer', password: 'p@ss:w/rd' }).mainUrl).toBe('rtsp://viewer:p%40ss%3Aw%2Frd@10.0.0.9/ch1');
    expect(streamSetBody('p1', 'CAM-01', { ...form, mainUrl: 'rtsp://10.0.0.9/ch1' })).toMatchObject({ mainUrl: 'rtsp://10.0.0.9/ch1', subUrl: null });
    // a URL pasted with its own credentials is sent as pasted
    expect(streamSetBody('p1', 'CAM-01', { ...form, mainUrl: 'rtsp://a:b@10.0.0.9/ch1', user: 'viewer', password: 'x' }).mainUrl).toBe('rtsp://a:b@10.0.0.9/ch1');
  });

  it('sends no URL for the demo source', () => {
    const form = formOfRow({ ...row, source: 'hls', mainUrl: 'https://media.example/live/1.m3u8', subUrl: null });
    expect(streamSetBody('p1', 'CAM-01', { ...form, source: 'demo' })).toEqual({ projectId: 'p1', sn: 'CAM-01', source: 'demo', mainUrl: null, subUrl: null });
  });
});
