import { describe, expect, it } from 'vitest';
import { parseDeviceMessage } from './devices';
import { safeText, unsafeTextReason } from './text';

describe('safeText', () => {
  const url = safeText(100);

  it('accepts ordinary text, non-Latin scripts and paired surrogates (emoji)', () => {
    for (const s of ['', '/captures/CAM-1-1700000000000.jpg', 'https://x.example/a?b=c', '隧道 K12+345', 'ok 👷']) {
      expect(url.safeParse(s).success).toBe(true);
    }
  });

  it('refuses NUL, other C0/C1 controls and DEL', () => {
    for (const s of ['a\u0000b', '\u0001', 'line\nbreak', 'tab\there', '\u007f', '\u0085', '\u009f']) {
      const r = url.safeParse(s);
      expect(r.success, JSON.stringify(s)).toBe(false);
      expect(r.error?.issues[0].message).toBe('must not contain control characters');
    }
  });

  it('refuses unpaired surrogates, leading or trailing', () => {
    for (const s of ['\ud800', 'a\ud83dz', '\udc00x', 'x\ude00', '\ude00\ud83d']) {
      expect(url.safeParse(s).error?.issues[0].message, JSON.stringify(s)).toBe('must not contain unpaired UTF-16 surrogates');
    }
  });

  it('keeps the length bound', () => {
    expect(url.safeParse('x'.repeat(100)).success).toBe(true);
    expect(url.safeParse('x'.repeat(101)).success).toBe(false);
  });

  it('multiLine admits tab, LF and CR but still no NUL', () => {
    const note = safeText(100, { multiLine: true });
    expect(note.safeParse('a\tb\r\nc').success).toBe(true);
    expect(note.safeParse('a\u0000').success).toBe(false);
    expect(unsafeTextReason('a\u000b', true)).toBe('must not contain control characters');
  });
});

describe('device messages use safe text', () => {
  it('refuses a camera event whose picUrl holds a NUL (it used to pass and then fail the alarm INSERT)', () => {
    const payload = JSON.stringify({ ts: 1_700_000_000_000, algType: 'noHelmet', picUrl: '/captures/a\u0000.jpg' });
    expect(payload).toContain('\\u0000'); // the JSON escape, as a device would send it
    expect(parseDeviceMessage('camera', payload)).toEqual({ reason: 'schema', detail: 'picUrl: must not contain control characters' });
    const lone = JSON.stringify({ ts: 1_700_000_000_000, algType: 'noHelmet', picUrl: '/captures/\ud800.jpg' });
    expect(parseDeviceMessage('camera', lone)).toMatchObject({ reason: 'schema' });
  });
});
