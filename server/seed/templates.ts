import type { BoardTemplate } from '../../protocol';
import type { SeedLocale } from './demoNames';
import { localizeTemplate } from './templateNames';

/**
 * Standard boards (board/standardList) for tunnel, bridge and road projects, built from the built-in
 * panel types with the config shapes of demoBoard.ts. Panels that need one device (`gasTrend`,
 * `towerCrane`) carry `bind`, so instantiation picks the project's own stations and cranes.
 * Wall-screen templates are 1920×1080 with 20 px margins and gutters; the site-office one is 1366×768.
 *
 * Template ids are part of the API (clients may store them): never rename one, add a new one instead.
 */
export const BOARD_TEMPLATES: readonly BoardTemplate[] = [
  {
    templateId: 'tunnel-safety',
    category: 'tunnel',
    name: 'Tunnel safety: live',
    description: 'Headline figures and personnel in the bores across the top; face gas trend, all gas stations, a tower crane and the alarm feed below.',
    layout: { pageWidth: 1920, pageHeight: 1080, pageSwitchModel: 1, wholeTips: 0, pageTips: 0 },
    pages: [
      {
        templatePageId: 'live',
        name: 'Live',
        panels: [
          { type: 'headline', title: 'At a glance', x: 20, y: 20, w: 1880, h: 170, z: 6, config: {} },
          { type: 'tunnelPersonnel', title: 'Personnel in the tunnel', x: 20, y: 210, w: 1880, h: 320, z: 1, config: { binM: 20 } },
          {
            type: 'gasTrend',
            title: 'Working face: gas trend',
            x: 20,
            y: 550,
            w: 920,
            h: 510,
            z: 2,
            config: { gases: ['CO', 'NO2', 'O2', 'dust'], windowMin: 30 },
            bind: { kind: 'gas', nth: 0 },
          },
          { type: 'gasTable', title: 'Gas stations', x: 960, y: 550, w: 940, h: 220, z: 3, config: {} },
          { type: 'towerCrane', title: 'Tower crane', x: 960, y: 790, w: 460, h: 270, z: 4, config: {}, bind: { kind: 'towerCrane', nth: 0 } },
          { type: 'alarmFeed', title: 'Alarms', x: 1440, y: 790, w: 460, h: 270, z: 5, config: { limit: 50 } },
        ],
      },
    ],
  },
  {
    templateId: 'tunnel-carousel',
    category: 'tunnel',
    name: 'Tunnel wall screen: personnel and gas carousel',
    description: 'Two pages that alternate every 30 s: the personnel map with active SOS and gas alarms, then the gas stations with two face trends.',
    layout: { pageWidth: 1920, pageHeight: 1080, pageSwitchModel: 2, carouselIntervalS: 30, wholeTips: 0, pageTips: 1 },
    pages: [
      {
        templatePageId: 'personnel',
        name: 'Personnel',
        panels: [
          { type: 'tunnelPersonnel', title: 'Personnel in the tunnel', x: 20, y: 20, w: 1880, h: 640, z: 1, config: { binM: 10, staleMs: 30_000 } },
          {
            type: 'alarmFeed',
            title: 'Active SOS and gas alarms',
            x: 20,
            y: 680,
            w: 920,
            h: 380,
            z: 2,
            config: { limit: 50, kinds: ['sos', 'threshold'], activeOnly: true },
          },
          {
            type: 'gasTable',
            title: 'Gas stations',
            x: 960,
            y: 680,
            w: 940,
            h: 380,
            z: 3,
            config: { gases: ['CO', 'O2', 'CH4', 'H2S', 'NO2', 'dust'] },
          },
        ],
      },
      {
        templatePageId: 'gas',
        name: 'Gas',
        panels: [
          { type: 'gasTable', title: 'All gas stations', x: 20, y: 20, w: 1880, h: 400, z: 1, config: { scrollIntervalS: 8 } },
          { type: 'gasTrend', title: 'Face 1: gas trend', x: 20, y: 440, w: 930, h: 620, z: 2, config: { windowMin: 60 }, bind: { kind: 'gas', nth: 0 } },
          { type: 'gasTrend', title: 'Face 2: gas trend', x: 970, y: 440, w: 930, h: 620, z: 3, config: { windowMin: 60 }, bind: { kind: 'gas', nth: 3 } },
        ],
      },
    ],
  },
  {
    templateId: 'bridge-lifting',
    category: 'bridge',
    name: 'Bridge: lifting and pile-hole safety',
    description: 'Four pylon tower cranes with the lifting alarms, and a second page for gas in hand-dug pile holes (O2, CO, H2S, CH4).',
    layout: { pageWidth: 1920, pageHeight: 1080, pageSwitchModel: 1, wholeTips: 0, pageTips: 1 },
    pages: [
      {
        templatePageId: 'lifting',
        name: 'Lifting',
        panels: [
          { type: 'towerCrane', title: 'Tower crane 1', x: 20, y: 20, w: 690, h: 510, z: 1, config: {}, bind: { kind: 'towerCrane', nth: 0 } },
          { type: 'towerCrane', title: 'Tower crane 2', x: 730, y: 20, w: 690, h: 510, z: 2, config: {}, bind: { kind: 'towerCrane', nth: 1 } },
          { type: 'towerCrane', title: 'Tower crane 3', x: 20, y: 550, w: 690, h: 510, z: 3, config: {}, bind: { kind: 'towerCrane', nth: 2 } },
          { type: 'towerCrane', title: 'Tower crane 4', x: 730, y: 550, w: 690, h: 510, z: 4, config: {}, bind: { kind: 'towerCrane', nth: 3 } },
          {
            type: 'alarmFeed',
            title: 'Lifting alarms',
            x: 1440,
            y: 20,
            w: 460,
            h: 1040,
            z: 5,
            config: { limit: 100, kinds: ['threshold', 'offline', 'sos'] },
          },
        ],
      },
      {
        templatePageId: 'pile-holes',
        name: 'Pile holes',
        panels: [
          { type: 'gasTable', title: 'Pile-hole gas', x: 20, y: 20, w: 1880, h: 420, z: 1, config: { gases: ['O2', 'CO', 'H2S', 'CH4'] } },
          {
            type: 'gasTrend',
            title: 'Pile hole: gas trend',
            x: 20,
            y: 460,
            w: 1220,
            h: 600,
            z: 2,
            config: { gases: ['O2', 'CO', 'H2S'], windowMin: 30 },
            bind: { kind: 'gas', nth: 0 },
          },
          { type: 'alarmFeed', title: 'Active alarms', x: 1260, y: 460, w: 640, h: 600, z: 3, config: { limit: 50, activeOnly: true } },
        ],
      },
    ],
  },
  {
    templateId: 'road-overview',
    category: 'road',
    name: 'Road section: safety overview',
    description: 'Untreated alarms down the left, the interchange tower cranes and the gas stations of culverts and short tunnels.',
    layout: { pageWidth: 1920, pageHeight: 1080, pageSwitchModel: 1, wholeTips: 0, pageTips: 0 },
    pages: [
      {
        templatePageId: 'overview',
        name: 'Overview',
        panels: [
          { type: 'alarmFeed', title: 'Untreated alarms', x: 20, y: 20, w: 620, h: 1040, z: 1, config: { limit: 100, untreatedOnly: true } },
          { type: 'towerCrane', title: 'Interchange crane 1', x: 660, y: 20, w: 610, h: 420, z: 2, config: {}, bind: { kind: 'towerCrane', nth: 0 } },
          { type: 'towerCrane', title: 'Interchange crane 2', x: 1290, y: 20, w: 610, h: 420, z: 3, config: {}, bind: { kind: 'towerCrane', nth: 1 } },
          {
            type: 'gasTable',
            title: 'Culvert and tunnel gas',
            x: 660,
            y: 460,
            w: 1240,
            h: 600,
            z: 4,
            config: { gases: ['CO', 'NO2', 'O2', 'dust'], scrollIntervalS: 8 },
          },
        ],
      },
    ],
  },
  {
    templateId: 'road-short-tunnel',
    category: 'road',
    name: 'Road short tunnel: site office screen',
    description: 'For a 1366×768 office screen: personnel in a short road tunnel, its face gas trend and the active alarms.',
    layout: { pageWidth: 1366, pageHeight: 768, pageSwitchModel: 1, wholeTips: 0, pageTips: 0 },
    pages: [
      {
        templatePageId: 'tunnel',
        name: 'Short tunnel',
        panels: [
          { type: 'tunnelPersonnel', title: 'Personnel in the tunnel', x: 16, y: 16, w: 1334, h: 300, z: 1, config: { binM: 10 } },
          {
            type: 'gasTrend',
            title: 'Face: gas trend',
            x: 16,
            y: 332,
            w: 660,
            h: 420,
            z: 2,
            config: { gases: ['CO', 'NO2', 'dust'], windowMin: 30 },
            bind: { kind: 'gas', nth: 0 },
          },
          { type: 'alarmFeed', title: 'Active alarms', x: 692, y: 332, w: 658, h: 420, z: 3, config: { limit: 30, activeOnly: true } },
        ],
      },
    ],
  },
  {
    templateId: 'bridge-fleet',
    category: 'bridge',
    name: 'Bridge: lifting equipment fleet',
    description: 'Every piece of lifting equipment with its driver, utilisation and alarms; the girder erector, a gantry crane, a yard crane and two tower cranes; the alarm feed.',
    layout: { pageWidth: 1920, pageHeight: 1080, pageSwitchModel: 1, wholeTips: 0, pageTips: 0 },
    pages: [
      {
        templatePageId: 'fleet',
        name: 'Lifting',
        panels: [
          { type: 'fleetOverview', title: 'Lifting equipment', x: 20, y: 20, w: 1880, h: 300, z: 1, config: {} },
          { type: 'bridgeGirderErector', title: 'Girder erector', x: 20, y: 340, w: 620, h: 350, z: 2, config: {}, bind: { kind: 'bridgeGirderErector', nth: 0 } },
          { type: 'gantryCrane', title: 'Gantry crane', x: 660, y: 340, w: 600, h: 350, z: 3, config: {}, bind: { kind: 'gantryCrane', nth: 0 } },
          { type: 'yardCrane', title: 'Yard crane', x: 1280, y: 340, w: 620, h: 350, z: 4, config: {}, bind: { kind: 'yardCrane', nth: 0 } },
          { type: 'towerCrane', title: 'Tower crane 1', x: 20, y: 710, w: 460, h: 350, z: 5, config: {}, bind: { kind: 'towerCrane', nth: 0 } },
          { type: 'towerCrane', title: 'Tower crane 2', x: 500, y: 710, w: 460, h: 350, z: 6, config: {}, bind: { kind: 'towerCrane', nth: 1 } },
          { type: 'alarmFeed', title: 'Lifting alarms', x: 980, y: 710, w: 920, h: 350, z: 7, config: { limit: 50 } },
        ],
      },
    ],
  },
  {
    templateId: 'tunnel-equipment',
    category: 'tunnel',
    name: 'Tunnel: shaft elevator and yard cranes',
    description: 'The lifting equipment of a tunnel site: the shaft elevator with both cages, the yard gantry crane, the tower cranes and the fleet overview.',
    layout: { pageWidth: 1920, pageHeight: 1080, pageSwitchModel: 1, wholeTips: 0, pageTips: 0 },
    pages: [
      {
        templatePageId: 'equipment',
        name: 'Lifting',
        panels: [
          { type: 'fleetOverview', title: 'Lifting equipment', x: 20, y: 20, w: 1880, h: 300, z: 1, config: {} },
          { type: 'constructionElevator', title: 'Shaft elevator', x: 20, y: 340, w: 620, h: 720, z: 2, config: {}, bind: { kind: 'constructionElevator', nth: 0 } },
          { type: 'gantryCrane', title: 'Gantry crane', x: 660, y: 340, w: 600, h: 350, z: 3, config: {}, bind: { kind: 'gantryCrane', nth: 0 } },
          { type: 'towerCrane', title: 'Tower crane 1', x: 1280, y: 340, w: 620, h: 350, z: 4, config: {}, bind: { kind: 'towerCrane', nth: 0 } },
          { type: 'alarmFeed', title: 'Lifting alarms', x: 660, y: 710, w: 1240, h: 350, z: 5, config: { limit: 50 } },
        ],
      },
    ],
  },
  {
    templateId: 'tunnel-progress',
    category: 'tunnel',
    name: 'Tunnel progress',
    description: 'Every bore with its surrounding-rock grades, faces, invert and lining; the progress figures with the step distances behind each face; the alarm feed. A plan page draws the bores along their alignment with the people and the heat map; a vehicles page shows people and vehicles on the strip with the vehicles per bore and their list. Another page follows the drill-and-blast cycles: each heading\'s stage, the stage timeline and the trend by stage; a last one the averages and the efficiency against the presets.',
    layout: { pageWidth: 1920, pageHeight: 1080, pageSwitchModel: 1, wholeTips: 0, pageTips: 0 },
    pages: [
      {
        templatePageId: 'progress',
        name: 'Progress',
        panels: [
          { type: 'tunnelProgress', title: 'Tunnel progress', x: 20, y: 20, w: 1880, h: 520, z: 1, config: { showFigures: false } },
          { type: 'progressFigures', title: 'Progress figures', x: 20, y: 560, w: 1240, h: 500, z: 2, config: {} },
          { type: 'alarmFeed', title: 'Alarms', x: 1280, y: 560, w: 620, h: 500, z: 3, config: { limit: 50 } },
        ],
      },
      {
        templatePageId: 'plan',
        name: 'Plan',
        panels: [
          { type: 'tunnelPlan', title: 'Tunnel plan', x: 20, y: 20, w: 1880, h: 700, z: 1, config: { binM: 20 } },
          { type: 'progressFigures', title: 'Progress figures', x: 20, y: 740, w: 1240, h: 320, z: 2, config: {} },
          { type: 'alarmFeed', title: 'Alarms', x: 1280, y: 740, w: 620, h: 320, z: 3, config: { limit: 50 } },
        ],
      },
      {
        templatePageId: 'vehicles',
        name: 'Vehicles',
        panels: [
          { type: 'tunnelPersonnel', title: 'People and vehicles in the tunnel', x: 20, y: 20, w: 1880, h: 560, z: 1, config: { binM: 10 } },
          { type: 'vehiclesInTunnel', title: 'Vehicles in tunnel', x: 20, y: 600, w: 1240, h: 460, z: 2, config: {} },
          { type: 'alarmFeed', title: 'Vehicle and personnel alarms', x: 1280, y: 600, w: 620, h: 460, z: 3, config: { limit: 50, activeOnly: true } },
        ],
      },
      {
        templatePageId: 'cycles',
        name: 'Drill-and-blast cycles',
        panels: [
          { type: 'processStage', title: 'Current stage', x: 20, y: 20, w: 1880, h: 300, z: 1, config: {} },
          { type: 'cycleTimeline', title: 'Stage timeline', x: 20, y: 340, w: 1880, h: 330, z: 2, config: {} },
          { type: 'cycleTrend', title: 'Trend by stage', x: 20, y: 690, w: 1880, h: 370, z: 3, config: {} },
        ],
      },
      {
        templatePageId: 'cycle-analysis',
        name: 'Cycle analysis',
        panels: [{ type: 'cycleAnalysis', title: 'Cycle analysis', x: 20, y: 20, w: 1880, h: 1040, z: 1, config: {} }],
      },
    ],
  },
  {
    templateId: 'tunnel-attendance',
    category: 'tunnel',
    name: 'Tunnel labour attendance',
    description: 'The personnel in the bores across the top; the live labour count on site and per bore by the gates and by the beacons with the discrepancies, and the cooperating companies\' attendance today.',
    layout: { pageWidth: 1920, pageHeight: 1080, pageSwitchModel: 1, wholeTips: 0, pageTips: 0 },
    pages: [
      {
        templatePageId: 'attendance',
        name: 'Attendance',
        panels: [
          { type: 'tunnelPersonnel', title: 'Personnel in the tunnel', x: 20, y: 20, w: 1880, h: 400, z: 1, config: { binM: 20 } },
          { type: 'labourCount', title: 'Labour count', x: 20, y: 440, w: 900, h: 620, z: 2, config: { showDiscrepancies: true } },
          { type: 'companyAttendance', title: 'Company attendance', x: 940, y: 440, w: 960, h: 620, z: 3, config: {} },
        ],
      },
    ],
  },
  {
    templateId: 'site-environment',
    category: 'tunnel',
    name: 'Site environment',
    description: "The site's dust and noise monitor now and its weather, the air-quality trend with its limits, the seven days' daily means with the compliant days, noise by day and night, and the fog cannons.",
    layout: { pageWidth: 1920, pageHeight: 1080, pageSwitchModel: 1, wholeTips: 0, pageTips: 0 },
    pages: [
      {
        templatePageId: 'environment',
        name: 'Environment',
        panels: [
          { type: 'environmentNow', title: 'Environment now', x: 20, y: 20, w: 620, h: 380, z: 1, config: {}, bind: { kind: 'environment', nth: 0 } },
          { type: 'airQualityTrend', title: 'Air-quality trend', x: 660, y: 20, w: 1240, h: 380, z: 2, config: { metrics: ['pm10', 'pm25', 'tsp'], range: '24h' }, bind: { kind: 'environment', nth: 0 } },
          { type: 'weather', title: 'Weather', x: 20, y: 420, w: 620, h: 420, z: 3, config: {}, bind: { kind: 'environment', nth: 0 } },
          { type: 'environmentWeek', title: 'Seven days', x: 660, y: 420, w: 620, h: 420, z: 4, config: {}, bind: { kind: 'environment', nth: 0 } },
          { type: 'noiseDayNight', title: 'Noise by day and night', x: 1300, y: 420, w: 600, h: 420, z: 5, config: {}, bind: { kind: 'environment', nth: 0 } },
          { type: 'sprayState', title: 'Fog cannons', x: 20, y: 860, w: 1880, h: 200, z: 6, config: {} },
        ],
      },
    ],
  },
  {
    templateId: 'site-video',
    category: 'tunnel',
    name: 'Site video',
    description: "The site's cameras live, four at a time, each panel moving on to the next camera every 20 seconds; the alarm feed beside them.",
    layout: { pageWidth: 1920, pageHeight: 1080, pageSwitchModel: 1, wholeTips: 0, pageTips: 0 },
    pages: [
      {
        templatePageId: 'video',
        name: 'Video',
        panels: [
          { type: 'video', title: 'Camera 1', x: 20, y: 20, w: 615, h: 510, z: 1, config: { sns: [], rotateS: 20, quality: 'sub', start: 0 } },
          { type: 'video', title: 'Camera 2', x: 645, y: 20, w: 615, h: 510, z: 2, config: { sns: [], rotateS: 20, quality: 'sub', start: 1 } },
          { type: 'video', title: 'Camera 3', x: 20, y: 550, w: 615, h: 510, z: 3, config: { sns: [], rotateS: 20, quality: 'sub', start: 2 } },
          { type: 'video', title: 'Camera 4', x: 645, y: 550, w: 615, h: 510, z: 4, config: { sns: [], rotateS: 20, quality: 'sub', start: 3 } },
          { type: 'alarmFeed', title: 'Alarms', x: 1280, y: 20, w: 620, h: 1040, z: 5, config: { limit: 50 } },
        ],
      },
    ],
  },
  {
    templateId: 'project-home',
    category: 'tunnel',
    name: 'Project home',
    description: "The project's summary and design figures, key progress by structure type, the statistics (machinery by state, attendance today, alarms, safe days), the latest events, the alarm feed and the open quality and safety inspections.",
    layout: { pageWidth: 1920, pageHeight: 1080, pageSwitchModel: 1, wholeTips: 0, pageTips: 0 },
    pages: [
      {
        templatePageId: 'home',
        name: 'Project home',
        panels: [
          { type: 'projectSummary', title: 'Project', x: 20, y: 20, w: 760, h: 520, z: 1, config: {} },
          { type: 'homeStatistics', title: 'Statistics', x: 800, y: 20, w: 700, h: 640, z: 2, config: { sections: ['machinery', 'attendance', 'alarms', 'safeDays'] } },
          { type: 'alarmFeed', title: 'Alarms', x: 1520, y: 20, w: 380, h: 520, z: 3, config: { limit: 50 } },
          { type: 'inspections', title: 'Inspections', x: 1520, y: 560, w: 380, h: 500, z: 6, config: { openItems: 4 } },
          { type: 'keyProgress', title: 'Key progress', x: 20, y: 560, w: 760, h: 500, z: 4, config: { structures: [] } },
          { type: 'latestEvents', title: 'Latest events', x: 800, y: 680, w: 700, h: 380, z: 5, config: { max: 5 } },
        ],
      },
    ],
  },
];

/** The template `templateId` with its names in `locale` (default English, as written), or undefined. */
export function findTemplate(templateId: string, locale: SeedLocale = 'en'): BoardTemplate | undefined {
  const template = BOARD_TEMPLATES.find((t) => t.templateId === templateId);
  return template && localizeTemplate(template, locale);
}
