import { describe, expect, it } from 'vitest';
import { companyStatistic, excavatedPct, type CompanyProject } from './company';

describe('excavatedPct', () => {
  it('is the metres excavated over every bore of their design length, each bore capped at its length', () => {
    // 3 km bore driven 600 + 300 m from its portals, 1 km bore driven 1.2 km by a mis-set face (counts 1 km)
    expect(excavatedPct([{ lengthM: 3000, excavatedM: [600, 300] }, { lengthM: 1000, excavatedM: [1200] }])).toBe(47.5);
  });
  it('is null without bores or design length', () => {
    expect(excavatedPct([])).toBeNull();
    expect(excavatedPct([{ lengthM: 0, excavatedM: [10] }])).toBeNull();
  });
});

describe('companyStatistic', () => {
  const project = (p: Partial<CompanyProject>): CompanyProject => ({
    projectId: 'p',
    name: 'p',
    coId: 'co',
    coName: 'co',
    projectType: 'tunnel',
    projectState: 'underConstruction',
    location: '',
    latitude: null,
    longitude: null,
    progressPct: null,
    openAlarms: 0,
    peopleOnSiteToday: 0,
    safeDays: null,
    hasExternalUrl: false,
    ...p,
  });
  it('counts every type and state, sums people and alarms, and keeps the least known safe days', () => {
    const s = companyStatistic([
      project({ projectType: 'bridge', openAlarms: 2, peopleOnSiteToday: 40, safeDays: 120 }),
      project({ projectState: 'completed', peopleOnSiteToday: 5, safeDays: 300 }),
      project({ projectType: 'bridge', projectState: 'suspended' }),
    ]);
    expect(s.byType).toEqual([
      { key: 'tunnel', count: 1 },
      { key: 'bridge', count: 2 },
      { key: 'road', count: 0 },
    ]);
    expect(s.byState.map((c) => c.count)).toEqual([0, 1, 1, 1]);
    expect([s.projectCount, s.openAlarms, s.projectsWithAlarms, s.peopleOnSiteToday, s.safeDays]).toEqual([3, 2, 1, 45, 120]);
  });
  it('has no safe days when no project knows them', () => {
    expect(companyStatistic([project({})]).safeDays).toBeNull();
  });
});
