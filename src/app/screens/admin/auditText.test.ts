import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { auditActionText, auditDetailLines } from './auditText';

const i18n = setupI18n({ locale: 'en', messages: { en: {} } });

describe('audit log text', () => {
  it('names actions in words, a failed one as such, and an unknown one by its identifier', () => {
    expect(auditActionText(i18n, 'threshold.set')).toBe('Set thresholds');
    expect(auditActionText(i18n, 'device.import.failed')).toBe('Imported a device list (failed)');
    expect(auditActionText(i18n, 'login.failed')).toBe('Sign-in refused');
    expect(auditActionText(i18n, 'no.such.action')).toBe('no.such.action');
  });

  it('reads a logged body as name: value lines without the project', () => {
    expect(auditDetailLines('{"projectId":"demo","sn":"TC-01","metric":"load","warnHigh":80}')).toEqual(['sn: TC-01', 'metric: load', 'warnHigh: 80']);
    expect(auditDetailLines('{"alarmIds":[4,5],"dealStatus":1,"dealRemark":"Checked on site"}')).toEqual(['alarmIds: 4, 5', 'dealStatus: 1', 'dealRemark: Checked on site']);
    expect(auditDetailLines('{"target":{"sn":"GAS-1"},"metrics":["CO"]}')).toEqual(['target: {"sn":"GAS-1"}', 'metrics: CO']);
    expect(auditDetailLines('{"contentBase64":"(1234 chars)"}')).toEqual(['contentBase64: (1234 chars)']);
    expect(auditDetailLines('{"via":"npm run admin:password"')).toEqual(['{"via":"npm run admin:password"']);
    expect(auditDetailLines('')).toEqual([]);
  });
});
