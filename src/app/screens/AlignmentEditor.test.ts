import { describe, expect, it } from 'vitest';
import { parsePointLines } from './AlignmentEditor';

describe("the alignment editor's point lines", () => {
  it('reads chainage, x, y a line, separated by commas, semicolons, tabs or spaces, skipping blank lines', () => {
    expect(parsePointLines('12000, -7.4, 15.86\n\n12025;15.26;26.43\r\n12050\t38\t37')).toEqual({
      points: [
        { chainageM: 12_000, x: -7.4, y: 15.86 },
        { chainageM: 12_025, x: 15.26, y: 26.43 },
        { chainageM: 12_050, x: 38, y: 37 },
      ],
    });
  });

  it('names the first bad line: not three numbers, a chainage that does not increase, too few points', () => {
    expect(parsePointLines('12000, 0, 0\n12050, 0')).toEqual({ line: 2, message: 'three numbers: chainage, x, y' });
    expect(parsePointLines('12000, 0, 0\n\n12050, 0, 5\n12040, 0, 9')).toMatchObject({ line: 4 });
    expect((parsePointLines('12040, 0, 9') as { message: string }).message).toContain('at least 2 points');
  });
});
