import type { Kysely } from 'kysely';
import { beijingDateOf, type EmergencyFields, type InspectionFields, type ReviewResult } from '../../protocol';
import { insertEmergencyRecords, insertInspections, rectifyInspection, reviewInspection, type Database } from '../storage';
import { demoCompanyTypes } from './demoPeople';
import type { SeedLocale } from './demoNames';

/** A text in the demo's two languages. */
type Both = readonly [en: string, zh: string];
const pick = (locale: SeedLocale, t: Both): string => (locale === 'en' ? t[0] : t[1]);

const OFFICER: Both = ['Zhao Lei', '赵磊'];
const MANAGER: Both = ['Chen Wei', '陈伟'];
const DEPUTY: Both = ['Li Qiang', '李强'];
const MEDIC: Both = ['Wang Fang', '王芳'];

/**
 * The demo's risk sources: those of a drill-and-blast tunnel through a fault zone, gas-bearing strata and
 * karst (collapse, gas, water inrush, blasting, mucking traffic, work at height on the lining carriage).
 */
function riskSources(locale: SeedLocale): EmergencyFields[] {
  const rows: Array<{ part: Both; level: 'major' | 'considerable' | 'general' | 'low'; type: 'collapse' | 'gasExplosion' | 'waterInrush' | 'blasting' | 'vehicleInjury' | 'fallFromHeight'; phase: Both; control: 'company' | 'project' | 'section' | 'team'; risks: Both; measures: Both }> = [
    {
      part: ['Fault zone F3, both bores K13+180–K13+360', 'F3断层破碎带 左右线K13+180～K13+360'],
      level: 'major',
      type: 'collapse',
      phase: ['Excavation and initial support', '开挖及初期支护'],
      control: 'company',
      risks: ['Roof fall and face collapse in fractured rock; large deformation of the initial support', '破碎围岩拱顶掉块、掌子面坍塌；初支大变形'],
      measures: ['Advance forecast (TSP, probe holes); rounds of at most 1 m; advance small pipes; close the support ring early; crown settlement measured twice a day', '超前地质预报（TSP、超前探孔）；循环进尺不大于1 m；超前小导管；初支及早闭合成环；拱顶沉降每天量测两次'],
    },
    {
      part: ['Gas-bearing strata, both bores K13+850–K14+150', '含瓦斯地层 左右线K13+850～K14+150'],
      level: 'considerable',
      type: 'gasExplosion',
      phase: ['Excavation', '开挖'],
      control: 'project',
      risks: ['Methane gathering at the face and in the crown after blasting; ignition by sparks', '爆破后掌子面及拱顶瓦斯积聚；火花引燃'],
      measures: ['Face and return-air CH4 monitors; work stops at 1.0 %vol; forced ventilation around the clock; explosion-proof equipment; gas checked before and after each blast', '掌子面及回风CH4监测，浓度达1.0%停工撤人；24小时压入式通风；防爆设备；爆破前后检测瓦斯'],
    },
    {
      part: ['Karst stretch, left bore K12+620–K12+700', '岩溶段 左线K12+620～K12+700'],
      level: 'considerable',
      type: 'waterInrush',
      phase: ['Excavation', '开挖'],
      control: 'project',
      risks: ['Water and mud inrush from karst cavities', '岩溶管道突水突泥'],
      measures: ['Advance drilling 30 m with 5 m overlap; drainage pumps kept at the face; escape route kept clear', '超前钻探30 m、搭接5 m；掌子面备排水泵；逃生通道保持畅通'],
    },
    {
      part: ['Every working face', '各掌子面'],
      level: 'considerable',
      type: 'blasting',
      phase: ['Drilling and blasting', '钻爆作业'],
      control: 'section',
      risks: ['Fly rock, misfires, early detonation while charging', '飞石、盲炮、装药时早爆'],
      measures: ['Licensed shot-firers only; all people out to 300 m before firing; misfires handled by the shot-firer after 15 min', '持证爆破员作业；起爆前人员撤离至300 m外；盲炮由爆破员15 min后处理'],
    },
    {
      part: ['Mucking and haul road in both bores', '左右线出渣及运输道路'],
      level: 'general',
      type: 'vehicleInjury',
      phase: ['Mucking', '出渣'],
      control: 'team',
      risks: ['Dump trucks and loaders striking people in the dark bore', '自卸车、装载机在洞内撞人'],
      measures: ['Speed limit 15 km/h in the bore; people walk on the marked side; reversing alarms and lights', '洞内限速15 km/h；行人靠标识一侧通行；倒车报警及灯光'],
    },
    {
      part: ['Second-lining carriages', '二衬台车'],
      level: 'general',
      type: 'fallFromHeight',
      phase: ['Lining', '二次衬砌'],
      control: 'team',
      risks: ['Falls from the carriage deck and formwork', '台车平台及模板处高处坠落'],
      measures: ['Guard rails and toe boards on every deck; harnesses tied off above 2 m', '各层平台设护栏及挡脚板；2 m以上系挂安全带'],
    },
  ];
  return rows.map((r) => ({
    register: 'riskSource',
    riskPart: pick(locale, r.part),
    level: r.level,
    accidentType: r.type,
    executionPhase: pick(locale, r.phase),
    controlLevel: r.control,
    potentialRisks: pick(locale, r.risks),
    controlMeasures: pick(locale, r.measures),
    safetyOfficer: pick(locale, OFFICER),
  }));
}

/** The demo's special plans, each with the site's emergency contacts. */
function plans(locale: SeedLocale): EmergencyFields[] {
  const contacts = [
    { name: pick(locale, DEPUTY), duty: pick(locale, ['Deputy leader, rescue', '副组长（抢险）']), phone: '139 0871 2210' },
    { name: pick(locale, OFFICER), duty: pick(locale, ['Safety officer', '安全员']), phone: '138 8801 4432' },
    { name: pick(locale, MEDIC), duty: pick(locale, ['First aid', '医疗救护']), phone: '137 6912 0088' },
    { name: pick(locale, ['County hospital', '县人民医院']), duty: pick(locale, ['Ambulance', '急救']), phone: '120' },
  ];
  const rows: Array<{ name: Both; type: 'collapse' | 'gasExplosion' | 'waterInrush' | 'blasting' }> = [
    { name: ['Special plan for tunnel collapse', '隧道坍塌专项应急预案'], type: 'collapse' },
    { name: ['Special plan for gas explosion and poisoning', '瓦斯爆炸及中毒窒息专项应急预案'], type: 'gasExplosion' },
    { name: ['Special plan for water and mud inrush', '突水突泥专项应急预案'], type: 'waterInrush' },
    { name: ['Special plan for blasting accidents', '爆破事故专项应急预案'], type: 'blasting' },
  ];
  return rows.map((r) => ({ register: 'plan', name: pick(locale, r.name), accidentType: r.type, leader: pick(locale, MANAGER), leaderPhone: '139 0871 0001', contacts }));
}

/** The demo's emergency materials, kept at both portals. */
function materials(locale: SeedLocale): EmergencyFields[] {
  const kept: Array<[Both, number, Both]> = [
    [['Sandbags', '编织沙袋'], 800, ['pcs', '个']],
    [['Drainage pump 50 m³/h', '排水泵 50 m³/h'], 4, ['sets', '台']],
    [['Escape pipe Ø800 mm, 6 m', 'Ø800 mm逃生管道 6 m'], 10, ['pcs', '节']],
    [['I-beam I18', 'I18工字钢'], 40, ['pcs', '根']],
    [['Self-rescuer (compressed oxygen)', '压缩氧自救器'], 60, ['pcs', '台']],
    [['Stretcher', '担架'], 4, ['pcs', '副']],
    [['First-aid kit', '急救箱'], 6, ['pcs', '个']],
    [['Emergency lamp', '应急照明灯'], 30, ['pcs', '盏']],
    [['Diesel generator 200 kW', '200 kW柴油发电机'], 1, ['sets', '台']],
  ];
  const stores: Both[] = [
    ['Entry portal emergency store', '进口洞口应急物资库'],
    ['Exit portal emergency store', '出口洞口应急物资库'],
  ];
  return stores.flatMap((store) => kept.map(([species, quantity, unit]) => ({ register: 'material' as const, species: pick(locale, species), quantity, unit: pick(locale, unit), section: pick(locale, store) })));
}

/** The demo's supply points: both portals of each bore and a cabinet behind each heading's face. */
function supplyPoints(locale: SeedLocale): EmergencyFields[] {
  const rows: Array<[Both, string, number, Both]> = [
    [['LK entry portal store', '左线进口物资库'], 'LK', 12_000, ['Sandbags, pumps, escape pipes, generator', '沙袋、水泵、逃生管、发电机']],
    [['LK entry cabinet', '左线进口应急柜'], 'LK', 13_150, ['Self-rescuers, first-aid kit, stretcher, lamps', '自救器、急救箱、担架、应急灯']],
    [['LK exit cabinet', '左线出口应急柜'], 'LK', 14_020, ['Self-rescuers, first-aid kit, stretcher, lamps', '自救器、急救箱、担架、应急灯']],
    [['LK exit portal store', '左线出口物资库'], 'LK', 15_050, ['Sandbags, pumps, escape pipes', '沙袋、水泵、逃生管']],
    [['RK entry portal store', '右线进口物资库'], 'RK', 12_020, ['Sandbags, pumps, escape pipes', '沙袋、水泵、逃生管']],
    [['RK entry cabinet', '右线进口应急柜'], 'RK', 13_100, ['Self-rescuers, first-aid kit, stretcher, lamps', '自救器、急救箱、担架、应急灯']],
    [['RK exit cabinet', '右线出口应急柜'], 'RK', 13_980, ['Self-rescuers, first-aid kit, stretcher, lamps', '自救器、急救箱、担架、应急灯']],
    [['RK exit portal store', '右线出口物资库'], 'RK', 15_030, ['Sandbags, pumps, escape pipes, generator', '沙袋、水泵、逃生管、发电机']],
  ];
  return rows.map(([name, tunnelId, chainageM, note]) => ({ register: 'supplyPoint', name: pick(locale, name), tunnelId, chainageM, contact: pick(locale, OFFICER), phone: '138 8801 4432', note: pick(locale, note) }));
}

const DAY_MS = 86_400_000;

/**
 * The demo's inspections over the last three weeks: open, overdue, awaiting review and closed ones, quality
 * and safety, against the cooperating companies of the person register.
 */
function inspections(locale: SeedLocale, nowMs: number): Array<{ fields: InspectionFields; rectified?: [Both, number]; review?: ReviewResult }> {
  const [drilling, mucking, lining, survey] = demoCompanyTypes(locale).map((c) => c.company);
  const day = (ago: number) => beijingDateOf(nowMs - ago * DAY_MS);
  const inspector = pick(locale, OFFICER);
  const row = (category: 'quality' | 'safety', issue: Both, where: { tunnelId: string; chainageM: number } | Both, severity: 'minor' | 'general' | 'major', company: string, foundAgo: number, days: number): InspectionFields => ({
    category,
    issue: pick(locale, issue),
    tunnelId: 'tunnelId' in where ? where.tunnelId : null,
    chainageM: 'tunnelId' in where ? where.chainageM : null,
    place: 'tunnelId' in where ? '' : pick(locale, where),
    severity,
    company,
    foundOn: day(foundAgo),
    deadline: day(foundAgo - days),
    inspector,
    photoNote: '',
  });
  return [
    { fields: row('safety', ['Steel arch spacing 1.2 m instead of 0.8 m in grade V rock', 'V级围岩钢拱架间距1.2 m，设计0.8 m'], { tunnelId: 'RK', chainageM: 13_205 }, 'major', drilling, 2, 1) },
    { fields: row('safety', ['Ventilation duct torn 60 m behind the face', '掌子面后60 m风管破损'], { tunnelId: 'LK', chainageM: 13_200 }, 'general', drilling, 6, 2) },
    { fields: row('safety', ['Loader working without a banksman at the face', '装载机掌子面作业无人指挥'], { tunnelId: 'LK', chainageM: 13_930 }, 'general', mucking, 4, 3), rectified: [['Banksman assigned to each shift, briefed', '每班配专职指挥并已交底'], 2] },
    { fields: row('safety', ['Missing guard rail on the lining carriage top deck', '二衬台车顶层平台护栏缺失'], { tunnelId: 'RK', chainageM: 13_090 }, 'major', lining, 12, 2), rectified: [['Rails and toe boards fitted', '已加装护栏及挡脚板'], 11], review: 'passed' },
    { fields: row('quality', ['Shotcrete thickness 14 cm against 22 cm designed', '喷射混凝土厚度14 cm，设计22 cm'], { tunnelId: 'LK', chainageM: 13_240 }, 'major', drilling, 9, 3), rectified: [['Second layer sprayed, cores taken', '已补喷并钻芯检测'], 7], review: 'rejected' },
    { fields: row('quality', ['Honeycombing on the lining at the construction joint', '二衬施工缝处蜂窝麻面'], { tunnelId: 'RK', chainageM: 13_060 }, 'general', lining, 15, 5), rectified: [['Repaired with polymer mortar', '已用聚合物砂浆修补'], 12], review: 'passed' },
    { fields: row('quality', ['Waterproofing membrane lap 8 cm, 10 cm required', '防水板搭接8 cm，要求10 cm'], { tunnelId: 'LK', chainageM: 13_170 }, 'general', lining, 3, 4) },
    { fields: row('quality', ['Survey control point at the portal disturbed', '洞口测量控制点被扰动'], ['Entry portal yard', '进口洞口场地'], 'minor', survey, 8, 2), rectified: [['Point re-established and checked', '已重新布设并复核'], 7], review: 'passed' },
  ];
}

/**
 * Seeds the demo project's emergency registers and inspections (docs/domain.md "Emergency resources",
 * "Inspections") in `locale`, as of `nowMs`.
 */
export async function seedDemoRegisters(db: Kysely<Database>, projectId: string, locale: SeedLocale, nowMs: number): Promise<void> {
  await insertEmergencyRecords(db, projectId, [...riskSources(locale), ...plans(locale), ...materials(locale), ...supplyPoints(locale)], 'seed', nowMs);
  for (const i of inspections(locale, nowMs)) {
    const [row] = await insertInspections(db, projectId, [i.fields], nowMs);
    if (i.rectified) {
      const [text, ago] = i.rectified;
      await rectifyInspection(db, projectId, row.inspection_id, pick(locale, text), beijingDateOf(nowMs - ago * DAY_MS), nowMs);
    }
    if (i.review) await reviewInspection(db, projectId, row.inspection_id, i.review, pick(locale, MANAGER), '', nowMs - (i.rectified ? i.rectified[1] - 1 : 0) * DAY_MS);
  }
}
