import { describe, expect, it } from 'vitest';
import { floodLines } from './AlarmBanner';

describe('floodLines', () => {
  it('lists only the worst line of a flood on a 1366×768 wall and six on a full-HD or taller one', () => {
    expect(floodLines(768)).toBe(1);
    expect(floodLines(899)).toBe(1);
    expect(floodLines(900)).toBe(6);
    expect(floodLines(1080)).toBe(6);
    expect(floodLines(2160)).toBe(6);
  });
});
