import { describe, expect, it } from 'vitest';
import { fitPage, fitPageMode, parseFitMode } from './fit';

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

describe('fitPageMode', () => {
  it('fit keeps the aspect and letterboxes like fitPage', () => {
    expect(fitPageMode('fit', 2560, 1080, 1920, 1080)).toEqual({ scaleX: 1, scaleY: 1, left: 320, top: 0 });
  });

  it('width fills the width and lets a taller page overflow from the top', () => {
    expect(fitPageMode('width', 800, 300, 400, 300)).toEqual({ scaleX: 2, scaleY: 2, left: 0, top: 0 });
  });

  it('height fills the height and centres a narrower page', () => {
    expect(fitPageMode('height', 1000, 600, 400, 300)).toEqual({ scaleX: 2, scaleY: 2, left: 100, top: 0 });
  });

  it('stretch fills both axes independently', () => {
    expect(fitPageMode('stretch', 1000, 600, 500, 200)).toEqual({ scaleX: 2, scaleY: 3, left: 0, top: 0 });
  });

  it('none draws the page at its own size, centred', () => {
    expect(fitPageMode('none', 1000, 800, 800, 600)).toEqual({ scaleX: 1, scaleY: 1, left: 100, top: 100 });
  });

  it('draws nothing before the viewport has a size', () => {
    expect(fitPageMode('stretch', 0, 600, 800, 600).scaleX).toBe(0);
  });
});

describe('parseFitMode', () => {
  it('accepts the known modes and falls back to fit', () => {
    expect(parseFitMode('stretch')).toBe('stretch');
    expect(parseFitMode('zoom')).toBe('fit');
    expect(parseFitMode(null)).toBe('fit');
  });
});
