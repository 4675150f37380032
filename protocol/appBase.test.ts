import { describe, expect, it } from 'vitest';
import { appUrl, basePathOf } from './appBase';

describe('basePathOf', () => {
  it('reads a page’s base from its folder, whatever the hash route', () => {
    expect(basePathOf('https://site.example/#/dataV/viewBoard?boardId=b')).toBe('');
    expect(basePathOf('https://site.example/siteboard/#/tunnel')).toBe('/siteboard');
    expect(basePathOf('https://site.example/a/b/index.html?projectId=p')).toBe('/a/b');
  });

  it('reads a worker’s base from the build’s assets folder, and the root elsewhere', () => {
    expect(basePathOf('https://site.example/siteboard/assets/live.shared-Ab12.js', true)).toBe('/siteboard');
    expect(basePathOf('https://site.example/assets/live.worker-x.js', true)).toBe('');
    expect(basePathOf('http://localhost:5173/workers/telemetry/live.shared.ts?worker_file&type=module', true)).toBe('');
  });
});

describe('appUrl', () => {
  it('puts server paths under the base and leaves other URLs alone', () => {
    expect(appUrl('/zhgd/alarm/capture?name=a.jpg', '/siteboard')).toBe('/siteboard/zhgd/alarm/capture?name=a.jpg');
    expect(appUrl('/zhgd/x', '')).toBe('/zhgd/x');
    expect(appUrl('https://cdn.example/m.js', '/siteboard')).toBe('https://cdn.example/m.js');
    expect(appUrl('//cdn.example/m.js', '/siteboard')).toBe('//cdn.example/m.js');
    expect(appUrl('blob:https://site.example/1', '/siteboard')).toBe('blob:https://site.example/1');
  });
});
