import { describe, expect, it } from 'vitest';
import { HOME_LATEST_EVENTS } from '../../protocol';
import { homeStatisticsConfigSchema, HOME_STATISTICS_SECTIONS } from './HomeStatistics';
import { keyProgressConfigSchema } from './KeyProgress';
import { latestEventsConfigSchema } from './LatestEvents';
import { projectSummaryConfigSchema } from './ProjectSummary';

/** The project home's panels (docs/architecture.md "Adding a panel"): their config schemas' defaults and refusals. */
describe('project home panel configs', () => {
  it('statistics: every section by default, in order; a chosen subset kept; none or an unknown one refused', () => {
    expect(homeStatisticsConfigSchema.parse({}).sections).toEqual([...HOME_STATISTICS_SECTIONS]);
    expect(homeStatisticsConfigSchema.parse({ sections: ['alarms', 'machinery'] }).sections).toEqual(['alarms', 'machinery']);
    expect(homeStatisticsConfigSchema.safeParse({ sections: [] }).success).toBe(false);
    expect(homeStatisticsConfigSchema.safeParse({ sections: ['weather'] }).success).toBe(false);
  });

  it('key progress: every structure type by default (an empty list); the bores and reported types accepted, others refused', () => {
    expect(keyProgressConfigSchema.parse({}).structures).toEqual([]);
    expect(keyProgressConfigSchema.parse({ structures: ['tunnel', 'bridge'] }).structures).toEqual(['tunnel', 'bridge']);
    expect(keyProgressConfigSchema.safeParse({ structures: ['pier'] }).success).toBe(false);
  });

  it('latest events: as many as home/summary carries by default, 1 to that many accepted', () => {
    expect(latestEventsConfigSchema.parse({}).max).toBe(HOME_LATEST_EVENTS);
    expect(latestEventsConfigSchema.parse({ max: 2 }).max).toBe(2);
    expect(latestEventsConfigSchema.safeParse({ max: 0 }).success).toBe(false);
    expect(latestEventsConfigSchema.safeParse({ max: HOME_LATEST_EVENTS + 1 }).success).toBe(false);
  });

  it('project summary: nothing to choose', () => {
    expect(projectSummaryConfigSchema.parse({})).toEqual({});
  });
});
