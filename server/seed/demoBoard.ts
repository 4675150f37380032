import type { Board } from '../../protocol';
import { DEMO_PROJECT, OTHER_PROJECT } from './demoProject';

/**
 * The seeded live board of the demo tunnel: one 1920×1080 page with the built-in live panels. The headline
 * figures across the top (read from across the room), the personnel map under them; below it the face gas
 * trend on the left and, on the right, the gas table above the tower crane and the alarm feed. 20 px
 * margins and gutters.
 */
export const DEMO_BOARD: Board = {
  boardId: 'demo-live',
  projectId: DEMO_PROJECT.projectId,
  name: 'Tunnel live board',
  version: 1,
  layout: { pageWidth: 1920, pageHeight: 1080, pageSwitchModel: 1, wholeTips: 0, pageTips: 0 },
  pages: [
    {
      pageId: 'demo-live-p1',
      name: 'Live',
      order: 0,
      panels: [
        {
          panelId: 'demo-live-headline',
          type: 'headline',
          title: 'At a glance',
          x: 20,
          y: 20,
          w: 1880,
          h: 170,
          z: 6,
          config: {},
        },
        {
          panelId: 'demo-live-personnel',
          type: 'tunnelPersonnel',
          title: 'Personnel in the tunnel',
          x: 20,
          y: 210,
          w: 1880,
          h: 320,
          z: 1,
          config: { binM: 20 },
        },
        {
          panelId: 'demo-live-gas-trend',
          type: 'gasTrend',
          title: 'Left bore entry face: gas trend',
          x: 20,
          y: 550,
          w: 920,
          h: 510,
          z: 2,
          config: { sn: 'GAS-LK-E-F', gases: ['CO', 'NO2', 'O2', 'dust'], windowMin: 30 },
        },
        {
          panelId: 'demo-live-gas-table',
          type: 'gasTable',
          title: 'Gas stations',
          x: 960,
          y: 550,
          w: 940,
          h: 220,
          z: 3,
          config: {},
        },
        {
          panelId: 'demo-live-tower-crane',
          type: 'towerCrane',
          title: 'Tower crane 1',
          x: 960,
          y: 790,
          w: 460,
          h: 270,
          z: 4,
          config: { sn: 'TC-01' },
        },
        {
          panelId: 'demo-live-alarms',
          type: 'alarmFeed',
          title: 'Alarms',
          x: 1440,
          y: 790,
          w: 460,
          h: 270,
          z: 5,
          config: { limit: 50 },
        },
      ],
    },
  ],
};

/**
 * The seeded live board of the bridge project (OTHER_PROJECT): the fleet overview across the top; the
 * girder erector, the precast yard's gantry crane and the crawler crane in the middle row; the two pier
 * tower cranes and the alarm feed below. 1920×1080, 20 px margins and gutters.
 */
export const BRIDGE_BOARD: Board = {
  boardId: 'bridge-live',
  projectId: OTHER_PROJECT.projectId,
  name: 'Bridge lifting board',
  version: 1,
  layout: { pageWidth: 1920, pageHeight: 1080, pageSwitchModel: 1, wholeTips: 0, pageTips: 0 },
  pages: [
    {
      pageId: 'bridge-live-p1',
      name: 'Lifting',
      order: 0,
      panels: [
        { panelId: 'bridge-live-fleet', type: 'fleetOverview', title: 'Lifting equipment', x: 20, y: 20, w: 1880, h: 300, z: 1, config: {} },
        { panelId: 'bridge-live-erector', type: 'bridgeGirderErector', title: 'Girder erector', x: 20, y: 340, w: 620, h: 350, z: 2, config: { sn: 'BGE-01' } },
        { panelId: 'bridge-live-gantry', type: 'gantryCrane', title: 'Gantry crane (precast yard)', x: 660, y: 340, w: 600, h: 350, z: 3, config: { sn: 'GC-B1' } },
        { panelId: 'bridge-live-yard-crane', type: 'yardCrane', title: 'Crawler crane', x: 1280, y: 340, w: 620, h: 350, z: 4, config: { sn: 'YC-B1' } },
        { panelId: 'bridge-live-tc1', type: 'towerCrane', title: 'Tower crane (pier 12)', x: 20, y: 710, w: 460, h: 350, z: 5, config: { sn: 'TC-B1' } },
        { panelId: 'bridge-live-tc2', type: 'towerCrane', title: 'Tower crane (pier 13)', x: 500, y: 710, w: 460, h: 350, z: 6, config: { sn: 'TC-B2' } },
        { panelId: 'bridge-live-alarms', type: 'alarmFeed', title: 'Lifting alarms', x: 980, y: 710, w: 920, h: 350, z: 7, config: { limit: 50 } },
      ],
    },
  ],
};
