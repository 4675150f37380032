import { DEVICE_KIND_REGISTRY, type Board } from '../../protocol';
import { BRIDGE_BOARD, DEMO_BOARD } from './demoBoard';
import { BRIDGE_DEVICES, DEMO_DEVICES, DEMO_PROJECT, DEMO_TUNNELS, OTHER_PROJECT, type DemoDevice, type DemoTunnel } from './demoProject';

/**
 * Languages the demo can be seeded in (SEED_LOCALE, docs/configuration.md): the names people read (project,
 * company, tunnels, headings, devices and their places, the demo board, its page and panel titles). Ids and
 * serial numbers are the same in every language, so the simulator and the tests find the same devices.
 */
export const SEED_LOCALES = ['zh-CN', 'en'] as const;
export type SeedLocale = (typeof SEED_LOCALES)[number];

/** The demo's named things in one language. */
export interface DemoNames {
  project: { name: string; coName: string; location: string };
  otherProject: { name: string; coName: string; location: string };
  tunnels: DemoTunnel[];
  devices: DemoDevice[];
  /** The bridge project's lifting equipment. */
  bridgeDevices: DemoDevice[];
  board: Board;
  /** The bridge project's live board (demoBoard.ts BRIDGE_BOARD). */
  bridgeBoard: Board;
}

const ZH_TUNNEL: Record<string, string> = { LK: '左线', RK: '右线' };
const ZH_HEADING: Record<string, string> = { 'LK-E': '左线进口工区', 'LK-X': '左线出口工区', 'RK-E': '右线进口工区', 'RK-X': '右线出口工区' };
const ZH_STATION: Record<string, string> = { face: '掌子面', lining: '二衬台车', portal: '洞口' };
const ZH_SURNAMES = ['王', '李', '张', '刘', '陈', '杨', '赵', '黄', '周', '吴', '徐', '孙', '胡', '朱', '高', '林', '何', '郭', '马', '罗'];
const ZH_GIVEN = ['伟', '芳', '军', '磊', '强', '敏', '杰', '涛', '勇', '波', '辉', '鹏', '浩', '鑫', '刚', '平'];
const ZH_TEAMS = ['钻孔班', '爆破班', '出渣班', '支护班', '衬砌班', '测量班'];
const ZH_CAMERA_PLACES = ['进口洞口', '出口洞口', '拌合站', '钢筋加工场', '掌子面', '二衬台车'];
const ZH_CRANES: Record<string, { name: string; position: string }> = {
  'TC-01': { name: '1号塔吊（进口场地）', position: '进口洞口场地' },
  'TC-02': { name: '2号塔吊（出口场地）', position: '出口洞口场地' },
};
/** Lifting equipment of both demo projects (the fleet of docs/architecture.md "Lifting equipment"), by sn. */
const ZH_EQUIPMENT: Record<string, { name: string; position: string }> = {
  'EL-01': { name: '竖井施工升降机', position: '通风竖井' },
  'GC-01': { name: '龙门吊（钢筋场）', position: '钢筋加工场' },
  'BGE-01': { name: '架桥机', position: '桥面第7跨' },
  'GC-B1': { name: '龙门吊（预制梁场）', position: '预制梁场' },
  'TC-B1': { name: '塔吊（12号主墩）', position: '12号主墩' },
  'TC-B2': { name: '塔吊（13号主墩）', position: '13号主墩' },
  'YC-B1': { name: '履带吊', position: '河岸履带吊作业区' },
};
/** Environment monitors and fog cannons of the tunnel's portals, by sn. */
const ZH_ENVIRONMENT: Record<string, { name: string; position: string }> = {
  'ENV-LK-E': { name: '扬尘噪声监测（左线进口）', position: '左线进口洞口' },
  'ENV-RK-E': { name: '扬尘噪声监测（右线进口）', position: '右线进口洞口' },
  'ENV-LK-X': { name: '扬尘噪声监测（出口）', position: '左线出口洞口' },
  'FOG-LK-E': { name: '雾炮（左线进口）', position: '左线进口洞口' },
  'FOG-RK-E': { name: '雾炮（右线进口）', position: '右线进口洞口' },
};
/** The gates: the site entrance and the portals, by sn. */
const ZH_GATES: Record<string, { name: string; position: string }> = {
  'GATE-SITE': { name: '工地大门闸机', position: '工地大门' },
  'GATE-LK-E': { name: '左线进口闸机', position: '左线进口洞口' },
  'GATE-LK-X': { name: '左线出口闸机', position: '左线出口洞口' },
  'GATE-RK-E': { name: '右线进口闸机', position: '右线进口洞口' },
  'GATE-RK-X': { name: '右线出口闸机', position: '右线出口洞口' },
};
/** Tunnel process devices by their kind's area: the progress terminal and the foreman's stage tablet. */
const ZH_PROCESS_DEVICE: Partial<Record<string, { name: string; place: string }>> = {
  tunnelWorks: { name: '进度终端', place: '工序终端' },
  tunnelProcess: { name: '工序平板', place: '掌子面' },
};
/** Chinese names of the demo's vehicle types. */
const ZH_VEHICLE_TYPE: Partial<Record<string, string>> = { loader: '装载机', dumpTruck: '自卸车', shotcreteTruck: '湿喷车' };
const ZH_PANEL_TITLES: Record<string, string> = {
  'demo-live-headline': '一览',
  'demo-live-personnel': '洞内人员',
  'demo-live-gas-trend': '左线进口掌子面：气体趋势',
  'demo-live-gas-table': '气体测点',
  'demo-live-tower-crane': '1号塔吊',
  'demo-live-alarms': '告警',
  'bridge-live-fleet': '起重设备',
  'bridge-live-erector': '架桥机',
  'bridge-live-gantry': '龙门吊（预制梁场）',
  'bridge-live-yard-crane': '履带吊',
  'bridge-live-tc1': '塔吊（12号主墩）',
  'bridge-live-tc2': '塔吊（13号主墩）',
  'bridge-live-alarms': '起重告警',
};

/**
 * Chinese names of a demo device (same sn, kind and place in the tunnel), by what the device is: a gas
 * station (it has a `station`), a person's tag (a positioned kind), equipment named by sn, an event camera.
 */
function zhDevice(d: DemoDevice): DemoDevice {
  const kind = DEVICE_KIND_REGISTRY.get(d.kind);
  if (d.headingId && d.station) {
    const place = ZH_STATION[d.station];
    return { ...d, name: `${d.headingId} ${place}`, position: `${ZH_HEADING[d.headingId]}，${place}` };
  }
  if (kind?.position && d.headingId) {
    // The same cycles as demoProject.beacons(): BC0001 is beacon 0.
    const i = Number(d.sn.slice(2)) - 1;
    const headings = DEMO_TUNNELS.flatMap((t) => t.headings).length;
    return { ...d, name: `${ZH_SURNAMES[i % ZH_SURNAMES.length]}${ZH_GIVEN[(i * 7) % ZH_GIVEN.length]}`, position: `${ZH_TEAMS[Math.floor(i / headings) % ZH_TEAMS.length]}，${d.headingId}` };
  }
  const cab = d.cabOf === undefined ? undefined : (ZH_CRANES[d.cabOf] ?? ZH_EQUIPMENT[d.cabOf]);
  if (cab) return { ...d, name: `${cab.name}司机人脸考勤`, position: cab.position };
  if (ZH_CRANES[d.sn]) return { ...d, ...ZH_CRANES[d.sn] };
  if (ZH_EQUIPMENT[d.sn]) return { ...d, ...ZH_EQUIPMENT[d.sn] };
  if (ZH_ENVIRONMENT[d.sn]) return { ...d, ...ZH_ENVIRONMENT[d.sn] };
  if (ZH_GATES[d.sn]) return { ...d, ...ZH_GATES[d.sn] };
  if (d.vehicle && d.headingId) {
    // VH-{heading}-{n}: the n-th vehicle of the demo, its number within its type kept from the English name
    const n = Number(d.sn.slice(d.sn.lastIndexOf('-') + 1));
    const number = /\d+$/.exec(d.name)?.[0] ?? '';
    const driver = `${ZH_SURNAMES[(n * 3 + 5) % ZH_SURNAMES.length]}${ZH_GIVEN[(n * 5 + 3) % ZH_GIVEN.length]}`;
    return { ...d, name: `${d.headingId} ${ZH_VEHICLE_TYPE[d.vehicle.type] ?? '车辆'}${number}`, position: ZH_HEADING[d.headingId], vehicle: { ...d.vehicle, driver } };
  }
  // a heading's process device or foreman's tablet, named by what its kind reports
  const process = kind?.area ? ZH_PROCESS_DEVICE[kind.area] : undefined;
  if (process && d.headingId) return { ...d, name: `${d.headingId} ${process.name}`, position: `${ZH_HEADING[d.headingId]}，${process.place}` };
  if (kind?.event) {
    const i = Number(d.sn.slice(4)) - 1;
    const place = ZH_CAMERA_PLACES[i % ZH_CAMERA_PLACES.length];
    return { ...d, name: `${i + 1}号摄像头（${place}）`, position: place };
  }
  return d;
}

/** The demo's names in `locale` (English: the constants of demoProject.ts and demoBoard.ts as they are). */
export function demoNames(locale: SeedLocale): DemoNames {
  if (locale === 'en') {
    return { project: DEMO_PROJECT, otherProject: OTHER_PROJECT, tunnels: DEMO_TUNNELS, devices: DEMO_DEVICES, bridgeDevices: BRIDGE_DEVICES, board: DEMO_BOARD, bridgeBoard: BRIDGE_BOARD };
  }
  return {
    project: { name: '云岭双线隧道', coName: '示范隧道建设集团', location: '云南省楚雄州' },
    otherProject: { name: '清水河大桥', coName: '示范隧道建设集团', location: '贵州省剑河县' },
    tunnels: DEMO_TUNNELS.map((t) => ({ ...t, name: ZH_TUNNEL[t.tunnelId] ?? t.name, headings: t.headings.map((h) => ({ ...h, name: ZH_HEADING[h.headingId] ?? h.name })) })),
    devices: DEMO_DEVICES.map(zhDevice),
    bridgeDevices: BRIDGE_DEVICES.map(zhDevice),
    board: {
      ...DEMO_BOARD,
      name: '隧道实时看板',
      pages: DEMO_BOARD.pages.map((p) => ({ ...p, name: '实时', panels: p.panels.map((x) => ({ ...x, title: ZH_PANEL_TITLES[x.panelId] ?? x.title })) })),
    },
    bridgeBoard: {
      ...BRIDGE_BOARD,
      name: '桥梁起重看板',
      pages: BRIDGE_BOARD.pages.map((p) => ({ ...p, name: '起重', panels: p.panels.map((x) => ({ ...x, title: ZH_PANEL_TITLES[x.panelId] ?? x.title })) })),
    },
  };
}
