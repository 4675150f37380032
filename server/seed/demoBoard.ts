import type { Board } from '../../protocol';
import { DEMO_PROJECT } from './demoProject';

/**
 * The seeded live board of the demo tunnel: one 1920×1080 page with the five built-in live panels.
 * Personnel map across the top; below it the face gas trend on the left and, on the right, the gas table
 * above the tower crane and the alarm feed. 20 px margins and gutters.
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
          panelId: 'demo-live-personnel',
          type: 'tunnelPersonnel',
          title: 'Personnel in the tunnel',
          x: 20,
          y: 20,
          w: 1880,
          h: 430,
          z: 1,
          config: { binM: 20 },
        },
        {
          panelId: 'demo-live-gas-trend',
          type: 'gasTrend',
          title: 'Left bore entry face: gas trend',
          x: 20,
          y: 470,
          w: 920,
          h: 590,
          z: 2,
          config: { sn: 'GAS-LK-E-F', gases: ['CO', 'NO2', 'O2', 'dust'], windowMin: 30 },
        },
        {
          panelId: 'demo-live-gas-table',
          type: 'gasTable',
          title: 'Gas stations',
          x: 960,
          y: 470,
          w: 940,
          h: 280,
          z: 3,
          config: {},
        },
        {
          panelId: 'demo-live-tower-crane',
          type: 'towerCrane',
          title: 'Tower crane 1',
          x: 960,
          y: 770,
          w: 460,
          h: 290,
          z: 4,
          config: { sn: 'TC-01' },
        },
        {
          panelId: 'demo-live-alarms',
          type: 'alarmFeed',
          title: 'Alarms',
          x: 1440,
          y: 770,
          w: 460,
          h: 290,
          z: 5,
          config: { limit: 50 },
        },
      ],
    },
  ],
};
