import type { BoardTemplate } from '../../protocol';
import type { SeedLocale } from './demoNames';

/**
 * Chinese names of the standard boards' pages and panels, by their English text in templates.ts. A board
 * made from a template is data in the site's language (SEED_LOCALE, docs/configuration.md), like the seeded
 * demo: its titles are what the wall screen shows, whatever language the viewer's menus are in.
 */
const ZH_CN: Record<string, string> = {
  'Tunnel safety: live': '隧道安全：实时',
  'Tunnel wall screen: personnel and gas carousel': '隧道大屏：人员与气体轮播',
  'Bridge: lifting and pile-hole safety': '桥梁：起重与桩孔安全',
  'Road section: safety overview': '道路标段：安全总览',
  'Road short tunnel: site office screen': '道路短隧道：项目部屏',
  Live: '实时',
  Personnel: '人员',
  Gas: '气体',
  Lifting: '起重',
  'Pile holes': '桩孔',
  Overview: '总览',
  'Short tunnel': '短隧道',
  'At a glance': '一览',
  'Personnel in the tunnel': '洞内人员',
  'Working face: gas trend': '掌子面：气体趋势',
  'Face: gas trend': '掌子面：气体趋势',
  'Face 1: gas trend': '1号掌子面：气体趋势',
  'Face 2: gas trend': '2号掌子面：气体趋势',
  'Pile hole: gas trend': '桩孔：气体趋势',
  'Gas stations': '气体测点',
  'All gas stations': '全部气体测点',
  'Pile-hole gas': '桩孔气体',
  'Culvert and tunnel gas': '涵洞与隧道气体',
  'Tower crane': '塔吊',
  'Tower crane 1': '1号塔吊',
  'Tower crane 2': '2号塔吊',
  'Tower crane 3': '3号塔吊',
  'Tower crane 4': '4号塔吊',
  'Interchange crane 1': '互通1号塔吊',
  'Interchange crane 2': '互通2号塔吊',
  Alarms: '告警',
  'Active alarms': '当前告警',
  'Active SOS and gas alarms': '当前SOS与气体告警',
  'Lifting alarms': '起重告警',
  'Untreated alarms': '未处理告警',
  'Bridge: lifting equipment fleet': '桥梁：起重设备',
  'Tunnel: shaft elevator and yard cranes': '隧道：竖井施工升降机与场区起重机',
  'Lifting equipment': '起重设备',
  'Girder erector': '架桥机',
  'Gantry crane': '龙门吊',
  'Yard crane': '场区起重机',
  'Shaft elevator': '竖井施工升降机',
  'Tunnel progress': '隧道进度',
  Progress: '进度',
  'Progress figures': '进度统计',
  'Drill-and-blast cycles': '钻爆循环',
  'Current stage': '当前工序',
  'Cycle analysis': '循环分析',
  'Stage timeline': '工序时间线',
  'Trend by stage': '工序趋势',
  Plan: '平面图',
  'Tunnel plan': '隧道平面图',
  'Tunnel labour attendance': '隧道劳务考勤',
  Attendance: '考勤',
  'Labour count': '劳务人数',
  'Company attendance': '参建单位考勤',
  'Site video': '工地视频',
  Video: '视频',
  'Camera 1': '摄像头1',
  'Camera 2': '摄像头2',
  'Camera 3': '摄像头3',
  'Camera 4': '摄像头4',
  Vehicles: '车辆',
  'People and vehicles in the tunnel': '洞内人员与车辆',
  'Vehicles in tunnel': '洞内车辆',
  'Vehicle and personnel alarms': '车辆与人员告警',
  'Site environment': '工地环境',
  Environment: '环境',
  'Environment now': '环境实时',
  'Air-quality trend': '空气质量趋势',
  Weather: '气象',
  'Seven days': '近七日',
  'Noise by day and night': '昼夜噪声',
  'Fog cannons': '雾炮',
  'Project home': '项目首页',
  Project: '项目',
  Statistics: '统计',
  'Key progress': '关键进度',
  'Latest events': '最新事件',
  Inspections: '质量安全检查',
};

const NAMES: Record<SeedLocale, Record<string, string> | null> = { 'zh-CN': ZH_CN, en: null };

/**
 * The template with its board name, page names and panel titles in `locale` (English, as written, for `en`
 * or a text without a translation). Ids, geometry, config and bindings are unchanged.
 */
export function localizeTemplate(template: BoardTemplate, locale: SeedLocale): BoardTemplate {
  const names = NAMES[locale];
  if (!names) return template;
  const tr = (text: string) => names[text] ?? text;
  return {
    ...template,
    name: tr(template.name),
    pages: template.pages.map((page) => ({
      ...page,
      name: tr(page.name),
      panels: page.panels.map((panel) => (panel.title === undefined ? panel : { ...panel, title: tr(panel.title) })),
    })),
  };
}

/** Every English name of `templates` that has no `locale` translation (for the completeness test). */
export function untranslatedTemplateNames(templates: readonly BoardTemplate[], locale: SeedLocale): string[] {
  const names = NAMES[locale];
  if (!names) return [];
  const all = templates.flatMap((t) => [t.name, ...t.pages.flatMap((p) => [p.name, ...p.panels.flatMap((x) => (x.title === undefined ? [] : [x.title]))])]);
  return [...new Set(all.filter((n) => names[n] === undefined))];
}
