import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CATALOG_LOCALES } from './locale';

// jsdom gives import.meta.url an http scheme; the test file's folder comes from Vite's dirname instead.
const DIR = path.join(import.meta.dirname, 'locales') + path.sep;

/** msgid → msgstr of a .po file (continuation lines joined; the header entry left out). */
function parsePo(text: string): Map<string, string> {
  const out = new Map<string, string>();
  let key: 'msgid' | 'msgstr' | null = null;
  let id = '';
  let str = '';
  const flush = () => {
    if (key === 'msgstr' && id !== '') out.set(id, str);
    key = null;
    id = '';
    str = '';
  };
  for (const line of text.split('\n')) {
    const m = /^(msgid|msgstr) "(.*)"$/.exec(line);
    const cont = /^"(.*)"$/.exec(line);
    if (m) {
      if (m[1] === 'msgid') flush();
      key = m[1] as 'msgid' | 'msgstr';
      if (key === 'msgid') id = m[2];
      else str = m[2];
    } else if (cont && key) {
      if (key === 'msgid') id += cont[1];
      else str += cont[1];
    } else if (line.trim() === '') flush();
  }
  flush();
  return out;
}

const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('message catalogs', () => {
  const files = readdirSync(DIR).filter((f) => f.endsWith('.po'));
  const catalogs = new Map(files.map((f) => [f.replace(/\.po$/, ''), parsePo(readFileSync(DIR + f, 'utf8'))]));

  it('exist for en, zh-CN and zh-TW', () => {
    expect([...catalogs.keys()].sort()).toEqual([...CATALOG_LOCALES].sort());
  });

  for (const locale of CATALOG_LOCALES) {
    it(`${locale}: every message is translated and keeps its placeholders`, () => {
      const po = catalogs.get(locale)!;
      const source = catalogs.get('en')!;
      expect(po.size).toBeGreaterThan(0);
      expect([...po.keys()].sort()).toEqual([...source.keys()].sort());
      const untranslated = [...po].filter(([, str]) => str.trim() === '').map(([id]) => id);
      expect(untranslated).toEqual([]);
      for (const [id, str] of po) expect(placeholders(str), id).toEqual(placeholders(id));
    });
  }
});
