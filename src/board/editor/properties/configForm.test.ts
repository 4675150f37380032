import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { configFields, fieldValue } from './configForm';

// The shapes of the built-in panels' configs (alarmFeed, gasTable, gasTrend), written out here because
// src/board may not import src/panels.
const alarmFeed = z.object({
  limit: z.number().int().min(1).max(200).default(50),
  kinds: z.array(z.enum(['threshold', 'sos', 'offline', 'ai'])).min(1).optional(),
  activeOnly: z.boolean().default(false),
});
const gasTable = z.object({
  sns: z.array(z.string().min(1)).max(200).optional(),
  tunnelId: z.string().min(1).optional(),
  gases: z.array(z.enum(['CO', 'O2', 'CH4'])).min(1).max(11).default(['CO']),
  scrollIntervalS: z.number().min(0).max(60).default(4),
  mode: z.enum(['compact', 'full']).optional(),
});

describe('configFields', () => {
  it('turns numbers, booleans, enums and enum lists into fields with their bounds and defaults', () => {
    expect(configFields(alarmFeed)).toEqual([
      { key: 'limit', kind: 'number', integer: true, min: 1, max: 200, default: 50, required: false },
      { key: 'kinds', kind: 'enumList', options: ['threshold', 'sos', 'offline', 'ai'], minItems: 1, required: false },
      { key: 'activeOnly', kind: 'boolean', default: false, required: false },
    ]);
  });

  it('leaves out keys handled by data bindings and shapes the form cannot edit (free strings, string lists)', () => {
    const fields = configFields(gasTable, new Set(['tunnelId']));
    expect(fields.map((f) => [f.key, f.kind])).toEqual([
      ['gases', 'enumList'],
      ['scrollIntervalS', 'number'],
      ['mode', 'enum'],
    ]);
    expect(fields[1]).toMatchObject({ integer: false, min: 0, max: 60 });
  });

  it('gives no fields for a schema that is not an object', () => {
    expect(configFields(z.string())).toEqual([]);
    expect(configFields(z.object({ sn: z.string() }))).toEqual([]);
  });

  it('shows the stored value, else the default', () => {
    const [limit] = configFields(alarmFeed);
    expect(fieldValue(limit, {})).toBe(50);
    expect(fieldValue(limit, { limit: 7 })).toBe(7);
  });
});
