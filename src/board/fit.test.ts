import { describe, expect, it } from 'vitest';
import { fitPage } from './fit';

describe('fitPage', () => {
  it('fills a screen of the same aspect exactly', () => {
    expect(fitPage(3840, 2160, 1920, 1080)).toEqual({ scale: 2, left: 0, top: 0 });
  });

  it('letterboxes a wider screen left and right', () => {
    const f = fitPage(2560, 1080, 1920, 1080);
    expect(f.scale).toBe(1);
    expect(f.left).toBe(320);
    expect(f.top).toBe(0);
  });

  it('letterboxes a taller screen top and bottom', () => {
    const f = fitPage(800, 800, 800, 600);
    expect(f.scale).toBe(1);
    expect(f.top).toBe(100);
  });

  it('draws nothing before the viewport has a size', () => {
    expect(fitPage(0, 900, 1920, 1080).scale).toBe(0);
  });
});
