import { describe, expect, it } from 'vitest';
import { CERTIFICATE_WARNING_DAYS, certificateStatus, driverFieldsSchema } from './liftingDrivers';

const DAY = 86_400_000;

describe('certificateStatus', () => {
  const expiry = Date.UTC(2026, 11, 31, 16, 0); // 2027-01-01 00:00 Beijing time: valid through 2026-12-31

  it('is valid more than 30 days before the expiry, expiring within them, expired from the expiry on', () => {
    expect(certificateStatus(expiry, expiry - (CERTIFICATE_WARNING_DAYS + 1) * DAY)).toBe('valid');
    expect(certificateStatus(expiry, expiry - CERTIFICATE_WARNING_DAYS * DAY)).toBe('expiring');
    expect(certificateStatus(expiry, expiry - 1)).toBe('expiring');
    expect(certificateStatus(expiry, expiry)).toBe('expired');
    expect(certificateStatus(expiry, expiry + 400 * DAY)).toBe('expired');
  });
});

describe('driverFieldsSchema', () => {
  const base = {
    name: '张伟',
    idNumber: '11010519491231002X',
    phone: '13900000000',
    certificateNo: 'T3301000001',
    certificateType: '建筑起重司机（塔式起重机）',
    certificateExpiryMs: Date.UTC(2028, 0, 1),
    machines: ['TC-01'],
  };

  it('accepts a driver and fills what may be left out', () => {
    const r = driverFieldsSchema.parse(base);
    expect(r).toMatchObject({ gender: null, cardNo: '', issuingAuthority: '', certificateIssuedMs: null, machines: ['TC-01'] });
  });

  it('refuses an ID number whose GB 11643 check character is wrong, an empty one, or a certificate issued after it expires', () => {
    expect(driverFieldsSchema.safeParse({ ...base, idNumber: '110105194912310021' }).success).toBe(false);
    expect(driverFieldsSchema.safeParse({ ...base, idNumber: '' }).success).toBe(false);
    expect(driverFieldsSchema.safeParse({ ...base, certificateIssuedMs: base.certificateExpiryMs }).success).toBe(false);
    expect(driverFieldsSchema.safeParse({ ...base, certificateNo: ' ' }).success).toBe(false);
  });
});
