import { describe, expect, it } from 'vitest';
import { setupI18n } from '@lingui/core';
import { DEVICE_KIND_REGISTRY, EQUIPMENT_KINDS, equipmentRoleOf } from '../../../protocol';
import { flagText, isFlag } from '../../components/equipment/flags';
import { panelReadings } from './readings';

describe('equipment card readings', () => {
  it('lists only metrics the kind descriptor has, with its units and decimals', () => {
    expect(EQUIPMENT_KINDS.length).toBeGreaterThan(0);
    for (const kind of EQUIPMENT_KINDS) {
      const rows = panelReadings(kind);
      expect(rows.map((r) => r.key), kind).toEqual(equipmentRoleOf(kind)!.cardReadings);
      for (const r of rows) expect(r.unit).toBe(DEVICE_KIND_REGISTRY.metric(kind, r.key)!.unit);
    }
    expect(panelReadings('gantryCrane').find((r) => r.key === 'railClamp')?.flag).toBe(true);
    expect(panelReadings('gantryCrane').find((r) => r.key === 'loadT')?.flag).toBe(false);
    expect(panelReadings('gas')).toEqual([]);
  });

  it('says on/off states in words', () => {
    const i18n = setupI18n({ locale: 'en', messages: { en: {} } });
    expect(flagText(i18n, 1)).toBe('Yes');
    expect(flagText(i18n, 0)).toBe('No');
    expect(flagText(i18n, undefined)).toBe('—');
    expect(isFlag({ unit: '', range: { min: 0, max: 1 } })).toBe(true);
    expect(isFlag({ unit: '', range: { min: -5, max: 150 } })).toBe(false); // a floor number
  });
});
