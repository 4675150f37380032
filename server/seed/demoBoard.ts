import type { Board } from '../../protocol';
import { DEMO_PROJECT } from './demoProject';

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
