import type { Kysely } from 'kysely';
import { beijingDateOf, parentWbs, rollUpSchedule } from '../../protocol';
import { replaceSchedule, type Database, type ImportedTask } from '../storage';
import type { SeedLocale } from './demoNames';

type Both = readonly [en: string, zh: string];
const DAY_MS = 86_400_000;

/** A leaf task of the demo: WBS, name, planned days from today, actual days (null: not yet), progress, predecessors, unit. */
type Leaf = [wbs: string, name: Both, plan: [number, number], actual: [number | null, number | null], progressPct: number, predecessors: string[], unit: Both, milestone?: boolean];

const PORTAL: Both = ['Portal works team', '洞口工程队'];
const LK: Both = ['Tunnelling team 1 (LK)', '隧道一队（左洞）'];
const RK: Both = ['Tunnelling team 2 (RK)', '隧道二队（右洞）'];
const LINING: Both = ['Lining team', '衬砌作业队'];
const PAVING: Both = ['Pavement team', '路面作业队'];
const ME: Both = ['Electromechanical subcontractor', '机电分包单位'];

const GROUPS: Record<string, Both> = {
  '1': ['Portal works', '洞口工程'],
  '2': ['Left bore (LK) excavation', '左洞（LK）开挖'],
  '3': ['Right bore (RK) excavation', '右洞（RK）开挖'],
  '4': ['Lining', '衬砌'],
  '5': ['Pavement', '路面'],
  '6': ['Electromechanical', '机电工程'],
  '7': ['Milestones', '里程碑'],
};

/**
 * The demo tunnel's schedule, days counted from today: portal works done, each bore excavated by
 * surrounding-rock grade sections, lining behind the faces, pavement and electromechanical works to come.
 * RK's grade IV section overran (late) and its grade III section started late (late); RK's lining is more
 * than 10 points behind its linear plan and waits for the late section (at risk), as do the portal drains.
 */
const LEAVES: Leaf[] = [
  ['1.1', ['Entrance portal slope and cut', '进口洞口边仰坡开挖及防护'], [-420, -360], [-420, -355], 100, [], PORTAL],
  ['1.2', ['Exit portal slope and cut', '出口洞口边仰坡开挖及防护'], [-400, -340], [-395, -338], 100, [], PORTAL],
  ['1.3', ['Portal pipe-roof support', '洞口管棚超前支护'], [-360, -330], [-355, -328], 100, ['1.1'], PORTAL],
  ['1.4', ['Portal drainage and cut-off ditches', '洞口排水及截水沟'], [-60, 30], [-60, null], 40, [], PORTAL],
  ['2.1', ['LK grade V section K12+800–K12+950', 'LK V级围岩段 K12+800–K12+950'], [-330, -250], [-330, -251], 100, ['1.3'], LK],
  ['2.2', ['LK grade IV section K12+950–K13+400', 'LK IV级围岩段 K12+950–K13+400'], [-250, -100], [-250, -101], 100, ['2.1'], LK],
  ['2.3', ['LK grade III section K13+400–K14+300', 'LK III级围岩段 K13+400–K14+300'], [-100, 120], [-100, null], 42, ['2.2'], LK],
  ['2.4', ['LK grade IV–V exit section K14+300–K14+520', 'LK IV–V级出口段 K14+300–K14+520'], [120, 220], [null, null], 0, ['2.3'], LK],
  ['3.1', ['RK grade V section K12+810–K12+960', 'RK V级围岩段 K12+810–K12+960'], [-320, -240], [-318, -232], 100, ['1.3'], RK],
  ['3.2', ['RK grade IV section K12+960–K13+420', 'RK IV级围岩段 K12+960–K13+420'], [-240, -90], [-232, null], 92, ['3.1'], RK],
  ['3.3', ['RK grade III section K13+420–K14+310', 'RK III级围岩段 K13+420–K14+310'], [-90, 130], [-70, null], 25, ['3.2'], RK],
  ['3.4', ['RK grade IV–V exit section K14+310–K14+530', 'RK IV–V级出口段 K14+310–K14+530'], [130, 230], [null, null], 0, ['3.3'], RK],
  ['4.1', ['LK invert and secondary lining', 'LK 仰拱及二次衬砌'], [-200, 260], [-200, null], 40, ['2.1'], LINING],
  ['4.2', ['RK invert and secondary lining', 'RK 仰拱及二次衬砌'], [-190, 270], [-190, null], 28, ['3.2'], LINING],
  ['5.1', ['LK pavement base and surface', 'LK 路面基层及面层'], [270, 400], [null, null], 0, ['4.1'], PAVING],
  ['5.2', ['RK pavement base and surface', 'RK 路面基层及面层'], [280, 410], [null, null], 0, ['4.2'], PAVING],
  ['6.1', ['Ventilation and lighting', '通风及照明'], [400, 620], [null, null], 0, ['5.1'], ME],
  ['6.2', ['Fire protection and water supply', '消防及给水'], [410, 600], [null, null], 0, ['5.1'], ME],
  ['6.3', ['Monitoring and traffic control', '监控及交通控制系统'], [450, 700], [null, null], 0, ['6.1'], ME],
  ['7.1', ['LK breakthrough', '左洞贯通'], [220, 220], [null, null], 0, ['2.4'], LK, true],
  ['7.2', ['RK breakthrough', '右洞贯通'], [230, 230], [null, null], 0, ['3.4'], RK, true],
  ['7.3', ['Handover for acceptance', '交工验收'], [1040, 1040], [null, null], 0, ['6.2', '6.3', '5.2'], PAVING, true],
];

/** The demo schedule as import rows; each group's dates and progress are rolled up from its tasks (protocol/schedule.ts `rollUpSchedule`). */
export function demoSchedule(locale: SeedLocale, nowMs: number): ImportedTask[] {
  const pick = (t: Both) => (locale === 'en' ? t[0] : t[1]);
  const date = (d: number) => beijingDateOf(nowMs + d * DAY_MS);
  const leaves: ImportedTask[] = LEAVES.map(([wbs, name, [ps, pe], [as, ae], progressPct, predecessors, unit, milestone]) => ({
    fields: { wbs, name: pick(name), plannedStart: date(ps), plannedEnd: date(pe), actualStart: as === null ? null : date(as), actualEnd: ae === null ? null : date(ae), progressPct, responsibleUnit: pick(unit), milestone: milestone ?? false },
    parentWbs: parentWbs(wbs),
    predecessorWbs: predecessors,
  }));
  // the groups' own values are what the schedule's roll-up rule makes of their tasks
  const groups: ImportedTask[] = Object.entries(GROUPS).map(([wbs, name]) => ({
    fields: { wbs, name: pick(name), plannedStart: leaves[0].fields.plannedStart, plannedEnd: leaves[0].fields.plannedEnd, actualStart: null, actualEnd: null, progressPct: 0, responsibleUnit: '', milestone: false },
    parentWbs: null,
    predecessorWbs: [],
  }));
  const all = [...groups, ...leaves];
  const index = new Map(all.map((t, i) => [t.fields.wbs, i]));
  const rolled = rollUpSchedule(all.map((t, i) => ({ ...t.fields, taskId: i, parentId: t.parentWbs === null ? null : (index.get(t.parentWbs) ?? null) })));
  for (const [i, g] of groups.entries()) {
    const { plannedStart, plannedEnd, actualStart, actualEnd, progressPct } = rolled[i];
    g.fields = { ...g.fields, plannedStart, plannedEnd, actualStart, actualEnd, progressPct };
  }
  return all;
}

/** Seeds the demo project's schedule (docs/domain.md "Project schedule") in `locale`, as of `nowMs`. */
export async function seedDemoSchedule(tx: Kysely<Database>, projectId: string, locale: SeedLocale, nowMs: number): Promise<void> {
  await replaceSchedule(tx, projectId, demoSchedule(locale, nowMs), 'seed', nowMs);
}
