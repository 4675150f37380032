import { describe, expect, it } from 'vitest';
import { csvField, keysetPages } from './tableExport';

/** Rows 1..n, newest (highest id) first, read by keyset as the routes read theirs. */
function source(n: number) {
  const reads: Array<{ after: number | null; limit: number }> = [];
  const read = async (after: number | null, limit: number) => {
    reads.push({ after, limit });
    const out: Array<{ id: number }> = [];
    for (let id = after === null ? n : after - 1; id >= 1 && out.length < limit; id--) out.push({ id });
    return out;
  };
  return { read, reads };
}

async function collect(pages: () => AsyncGenerator<ReadonlyArray<{ id: number }>>): Promise<number[][]> {
  const out: number[][] = [];
  for await (const page of pages()) out.push(page.map((r) => r.id));
  return out;
}

describe('keysetPages', () => {
  it('reads page after page from the last key, and stops at the row limit', async () => {
    const { read, reads } = source(2_500);
    const pages = await collect(keysetPages(read, (r) => r.id, 2_200, 1_000));
    expect(pages.map((p) => p.length)).toEqual([1_000, 1_000, 200]);
    expect(pages.flat()).toEqual(Array.from({ length: 2_200 }, (_, i) => 2_500 - i));
    expect(reads).toEqual([
      { after: null, limit: 1_000 },
      { after: 1_501, limit: 1_000 },
      { after: 501, limit: 200 },
    ]);
  });

  it('stops after a short page without another read', async () => {
    const { read, reads } = source(1_500);
    const pages = await collect(keysetPages(read, (r) => r.id, 50_000, 1_000));
    expect(pages.map((p) => p.length)).toEqual([1_000, 500]);
    expect(reads).toHaveLength(2);
  });

  it('yields nothing for an empty table', async () => {
    const { read } = source(0);
    expect(await collect(keysetPages(read, (r) => r.id, 10))).toEqual([]);
  });
});

describe('csvField', () => {
  it('quotes separators and defuses formulas', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvField(null)).toBe('');
  });

  it('keeps a formula from starting a cell under any separator a spreadsheet uses (comma, semicolon, tab)', () => {
    // Excel in `;` locales split the unquoted `;=1+1` into an empty cell and the formula =1+1
    expect(csvField(';=1+1')).toBe('";=1+1"');
    expect(csvField('a;=HYPERLINK("x")')).toBe('"a;=HYPERLINK(""x"")"');
    expect(csvField('a\t=1+1')).toBe('"a\t=1+1"');
    expect(csvField('\t=1+1')).toBe('"\'\t=1+1"');
    expect(csvField('-2+3')).toBe("'-2+3");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('\n=1')).toBe('"\'\n=1"');
    expect(csvField(-2)).toBe('-2'); // a number stays a number
    expect(csvField('Tunnel face 1')).toBe('Tunnel face 1');
  });
});
