import { describe, expect, it } from 'vitest';
import { setupI18n } from '@lingui/core';
import { DEVICE_KIND_REGISTRY } from '../../protocol';
import { KIND_LABELS, kindLabel, metricLabel } from './metricLabels';

describe('device-kind labels', () => {
  const labels = DEVICE_KIND_REGISTRY.descriptors.flatMap((d) => [d.label, ...d.metrics.map((m) => m.label), ...d.statuses.map((s) => s.label)]);

  it('has a Lingui message for every label of every registered kind, with the descriptor\'s English text', () => {
    const missing = labels.filter((l) => !KIND_LABELS[l.id]).map((l) => l.id);
    expect(missing).toEqual([]);
    for (const l of labels) expect(KIND_LABELS[l.id].message, l.id).toBe(l.message);
  });

  it('translates kinds and metrics, and falls back to the raw name for what the registry does not know', () => {
    const i18n = setupI18n({ locale: 'zh-CN', messages: { 'zh-CN': { [KIND_LABELS['kind.towerCrane'].id]: '塔吊', [KIND_LABELS['metric.towerCrane.radiusM'].id]: '幅度' } } });
    expect(kindLabel(i18n, 'towerCrane')).toBe('塔吊');
    expect(metricLabel(i18n, 'towerCrane', 'radiusM')).toBe('幅度');
    expect(metricLabel(i18n, 'towerCrane', 'mystery')).toBe('mystery');
    expect(kindLabel(i18n, 'boiler')).toBe('boiler');
  });
});
