import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The browser calls every REST route through its contract (protocol/contracts, src/api/request.ts), which
 * types the answer from the contract's response schema and parses it in development and tests. So no call
 * names its answer type by hand: no type argument on `request` and no `as` cast of what a call answered.
 */
const SRC = path.resolve(import.meta.dirname, '..', '..', 'src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : [];
  });
}

/** Casts in one file: type arguments on `request`, and `as T` (not `as const`) within a request call's statement. */
function answerCasts(text: string): { typed: number; asCasts: number } {
  let typed = 0;
  let asCasts = 0;
  for (const m of text.matchAll(/(?<!function )\brequest(<)?\(?/g)) {
    if (m[1] === '<') typed++;
    else if (!m[0].endsWith('(')) continue;
    const end = text.indexOf(';', m.index);
    const statement = text.slice(m.index, end === -1 ? undefined : end);
    asCasts += [...statement.matchAll(/\bas\s+(?!const\b)[A-Z{[(a-z]/g)].length;
  }
  return { typed, asCasts };
}

/** Casts allowed: none, every call goes through its contract. */
const CASTS_LEFT = 0;

describe('browser calls through contracts', () => {
  it('finds a typed call and a cast answer, and leaves a contract call alone', () => {
    const typed = ['const a = await root.request', '<Alarm[]>(url, {});'].join('');
    expect(answerCasts(typed)).toEqual({ typed: 1, asCasts: 0 });
    expect(answerCasts('const a = (await root.request(ALARMS.alarmList, body)) as AlarmPage;')).toEqual({ typed: 0, asCasts: 1 });
    expect(answerCasts('const a = await root.request(ALARMS.alarmList, { kinds: [] as const });')).toEqual({ typed: 0, asCasts: 0 });
  });

  it('casts no REST answer in src/ (a type argument on request, or `as`)', () => {
    const found: string[] = [];
    let total = 0;
    for (const file of sourceFiles(SRC)) {
      const { typed, asCasts } = answerCasts(readFileSync(file, 'utf8'));
      total += typed + asCasts;
      if (typed + asCasts > 0) found.push(`${path.relative(SRC, file)}: ${typed} typed, ${asCasts} as`);
    }
    expect(total, found.join('\n')).toBeLessThanOrEqual(CASTS_LEFT);
  });
});
