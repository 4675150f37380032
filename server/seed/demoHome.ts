import { DEMO_PROJECT } from './demoProject';
import type { Kysely } from 'kysely';
import { beijingDateOf, beijingDayStart, type EventKind, type ProjectProfile } from '../../protocol';
import { editProject, insertEvent, setProjectProfile, type Database } from '../storage';
import type { SeedLocale } from './demoNames';

const DAY = 86_400_000;
const H = 3_600_000;

interface DemoEvent {
  daysAgo: number;
  hour: number;
  kind: EventKind;
  recordable?: boolean;
  title: string;
  text: string;
}

/** The demo tunnel's details, profile and event book, per seed language (docs/domain.md "Project home"). */
const TEXT: Record<SeedLocale, { location: string; contractor: string; units: ProjectProfile['units']; quantityItems: [string, string, string]; events: DemoEvent[] }> = {
  en: {
    location: 'Yunling Township, Dali, Yunnan',
    contractor: 'China Railway Tunnel Group No. 3 Engineering Co.',
    units: [
      { role: 'owner', name: 'Yunnan Expressway Construction Co.' },
      { role: 'design', name: 'Southwest Highway Survey and Design Institute' },
      { role: 'supervision', name: 'Dianzhong Engineering Supervision Co.' },
      { role: 'construction', name: 'China Railway Tunnel Group No. 3 Engineering Co.' },
    ],
    quantityItems: ['Portal bridge piers', 'Portal bridge girders erected', 'Subgrade fill'],
    events: [
      { daysAgo: 400, hour: 9, kind: 'milestone', title: 'Left bore entered at the entry portal', text: 'Portal ceremony with the owner and supervision; advance under the pipe-roof canopy started.' },
      { daysAgo: 187, hour: 15, kind: 'incident', recordable: true, title: 'Worker struck by a falling rock at the left-bore face', text: 'Bruised shoulder, two days off work. Scaling before drilling re-briefed to every shift; face lighting added.' },
      { daysAgo: 60, hour: 10, kind: 'inspection', title: 'Provincial safety inspection', text: 'Gas monitoring, blasting storage and the escape pipe checked; two findings on ventilation duct leaks, closed in five days.' },
      { daysAgo: 21, hour: 14, kind: 'visit', title: "Owner's leadership visit", text: 'Visited both faces and the lining trolley; asked for the flood-season plan by the end of the month.' },
      { daysAgo: 9, hour: 11, kind: 'milestone', title: 'Right bore through the F3 fault zone', text: 'Grade V rock with advance grouting for 46 m; back to grade IV support from the next round.' },
      { daysAgo: 4, hour: 20, kind: 'incident', title: 'Near miss: loader reversing at the exit portal', text: 'A surveyor stepped behind a reversing loader; no injury. Reversing alarm repaired, a banksman posted at the portal.' },
      { daysAgo: 2, hour: 9, kind: 'inspection', title: 'Monthly quality inspection of the secondary lining', text: 'Ground-penetrating radar over 120 m of lining: thickness as designed, one void behind the crown refilled.' },
      { daysAgo: 1, hour: 16, kind: 'other', title: 'Flood-season emergency drill', text: 'Water inrush at the right-bore face: evacuation in 11 minutes, pumps started in 6.' },
    ],
  },
  'zh-CN': {
    location: '云南省大理州云岭乡',
    contractor: '中铁隧道集团三处有限公司',
    units: [
      { role: 'owner', name: '云南省高速公路建设有限公司' },
      { role: 'design', name: '西南公路勘察设计院' },
      { role: 'supervision', name: '滇中工程监理有限公司' },
      { role: 'construction', name: '中铁隧道集团三处有限公司' },
    ],
    quantityItems: ['洞口桥墩', '洞口桥梁架设', '路基填方'],
    events: [
      { daysAgo: 400, hour: 9, kind: 'milestone', title: '左洞进口进洞', text: '业主、监理参加进洞仪式；管棚超前支护下开始掘进。' },
      { daysAgo: 187, hour: 15, kind: 'incident', recordable: true, title: '左洞掌子面落石砸伤作业人员', text: '肩部挫伤，休工两天。各班组重新交底钻孔前找顶，掌子面增设照明。' },
      { daysAgo: 60, hour: 10, kind: 'inspection', title: '省安全生产检查', text: '检查瓦斯监测、火工品库和逃生管道；通风管漏风两项问题，五天内整改完毕。' },
      { daysAgo: 21, hour: 14, kind: 'visit', title: '业主领导视察', text: '视察两个掌子面和衬砌台车，要求月底前报送防汛方案。' },
      { daysAgo: 9, hour: 11, kind: 'milestone', title: '右洞穿越F3断层带', text: 'V级围岩超前注浆46 m，下一循环起恢复IV级支护。' },
      { daysAgo: 4, hour: 20, kind: 'incident', title: '未遂事件：出口装载机倒车', text: '测量员走到倒车的装载机后方，未受伤。已修复倒车报警器，洞口安排指挥人员。' },
      { daysAgo: 2, hour: 9, kind: 'inspection', title: '二衬月度质量检查', text: '地质雷达检测120 m衬砌：厚度满足设计，拱顶一处脱空已回填。' },
      { daysAgo: 1, hour: 16, kind: 'other', title: '防汛应急演练', text: '右洞掌子面突水演练：11分钟完成撤离，6分钟启动抽水泵。' },
    ],
  },
};

/**
 * Seeds the demo tunnel's home: its location, contractor and dates (started 420 days before `nowMs`, four
 * years planned), its units, design figures and reported quantities, and eight events of the last 400 days
 * (one recordable accident 187 days ago, so the safe-production days read 187 on the day of seeding).
 */
export async function seedDemoHome(tx: Kysely<Database>, projectId: string, locale: SeedLocale, nowMs: number): Promise<void> {
  const t = TEXT[locale];
  const start = nowMs - 420 * DAY;
  await editProject(tx, projectId, { location: t.location, latitude: DEMO_PROJECT.latitude, longitude: DEMO_PROJECT.longitude, contractor: t.contractor, startDate: beijingDateOf(start), plannedEndDate: beijingDateOf(start + 1460 * DAY) });
  await setProjectProfile(
    tx,
    projectId,
    {
      units: t.units,
      design: { costTenThousandCny: 186_500, durationDays: 1460, concreteM3: 412_000, reinforcementT: 36_800, mileageKm: 8.46 },
      quantities: [
        { structure: 'bridge', item: t.quantityItems[0], unit: locale === 'en' ? 'pcs' : '个', design: 24, done: 18 },
        { structure: 'bridge', item: t.quantityItems[1], unit: locale === 'en' ? 'spans' : '孔', design: 22, done: 9 },
        { structure: 'subgrade', item: t.quantityItems[2], unit: 'm³', design: 186_000, done: 121_500 },
      ],
    },
    nowMs,
  );
  for (const e of t.events) {
    const occurredAtMs = beijingDayStart(nowMs - e.daysAgo * DAY) + e.hour * H;
    await insertEvent(tx, projectId, { occurredAtMs, kind: e.kind, title: e.title, text: e.text, recordable: e.recordable ?? false, attachmentIds: [] }, 'admin', nowMs);
  }
}
