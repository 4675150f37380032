import { describe, expect, it } from 'vitest';
import { clockInVerdict } from './clockIns';

describe('clockInVerdict', () => {
  const at = Date.UTC(2026, 10, 27, 23, 0);
  const driver = { machines: ['TC-01', 'GC-01'], certificate_expiry_ms: at + 86_400_000 };

  it('lets an assigned driver with a valid certificate clock in', () => {
    expect(clockInVerdict(driver, 'GC-01', true, at)).toBe('ok');
  });

  it('names what is wrong: a failed face match first, then an unknown driver, the assignment, the certificate', () => {
    expect(clockInVerdict(undefined, 'TC-01', false, at)).toBe('faceMismatch');
    expect(clockInVerdict(undefined, 'TC-01', true, at)).toBe('unknownDriver');
    expect(clockInVerdict(driver, 'EL-01', true, at)).toBe('notAssigned');
    expect(clockInVerdict({ ...driver, certificate_expiry_ms: at }, 'TC-01', true, at)).toBe('certificateExpired');
    expect(clockInVerdict({ ...driver, certificate_expiry_ms: at - 1 }, 'EL-01', true, at)).toBe('notAssigned');
  });
});
