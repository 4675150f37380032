import type { Kysely } from 'kysely';
import { beijingDayStart, type EducationFields } from '../../protocol';
import { insertEducation, listPeople, type Database } from '../storage';
import type { SeedLocale } from './demoNames';

type Both = readonly [en: string, zh: string];
const pick = (locale: SeedLocale, t: Both): string => (locale === 'en' ? t[0] : t[1]);
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** Every this-many-th person of the registry has no three-level record yet (new arrivals): a handful of the demo's people. */
const UNTRAINED_EVERY = 30;

const blank = { attachmentIds: [], team: '', initiator: '', signSheetId: null, photoId: null, videoId: null };

/** Pre-shift themes of a drill-and-blast tunnel, one a day in turn. */
const PRE_SHIFT_THEMES: Both[] = [
  ['Gas check before entering the face', '进洞前瓦斯检测'],
  ['Scaling loose rock after blasting', '爆破后找顶排险'],
  ['Wearing the beacon and self-rescuer', '佩戴定位卡和自救器'],
  ['Traffic in the bore during mucking', '出渣期间洞内交通'],
  ['Work at height on the lining carriage', '衬砌台车高处作业'],
  ['Ventilation duct and dust control', '通风管及降尘'],
  ['Electrical safety of the face lighting', '掌子面照明用电安全'],
];

/**
 * The demo's safety education (docs/domain.md "Safety education"): the three-level entry education of each
 * team 30–60 days ago, except a handful of people (every UNTRAINED_EVERY-th, new arrivals) whom no record
 * names; a pre-shift meeting per team each day of the last week; a safety briefing and a skill training.
 */
export async function seedDemoEducation(db: Kysely<Database>, projectId: string, locale: SeedLocale, nowMs: number): Promise<void> {
  const people = await listPeople(db, projectId, 10_000);
  const byTeam = new Map<string, string[]>();
  people.forEach((p, i) => {
    if (p.team === '') return;
    const list = byTeam.get(p.team) ?? [];
    list.push(p.personId);
    byTeam.set(p.team, list);
    if (i % UNTRAINED_EVERY === UNTRAINED_EVERY - 1) list.pop();
  });
  const today = beijingDayStart(nowMs);
  const records: EducationFields[] = [];
  let t = 0;
  for (const [team, ids] of byTeam) {
    if (ids.length > 0) {
      records.push({ ...blank, trainedAtMs: today - (30 + ((t * 7) % 30)) * DAY_MS + 9 * HOUR_MS, theme: pick(locale, ['Three-level entry education (company, project, team)', '三级安全教育（公司级、项目级、班组级）']), type: 'threeLevel', method: 'classroom', hours: 24, participants: ids });
    }
    const all = people.filter((p) => p.team === team).map((p) => p.personId);
    for (let d = 6; d >= 0; d--) {
      const startMs = today - d * DAY_MS + 7 * HOUR_MS + (t % 3) * 10 * 60_000;
      if (startMs > nowMs) continue;
      records.push({ ...blank, trainedAtMs: startMs, theme: pick(locale, PRE_SHIFT_THEMES[(d + t) % PRE_SHIFT_THEMES.length]), type: 'preShift', method: 'onSite', hours: 0.25, participants: all, team, initiator: pick(locale, ['Team leader', '班组长']) });
    }
    t++;
  }
  const everyone = people.map((p) => p.personId);
  if (everyone.length > 0) {
    records.push({ ...blank, trainedAtMs: today - 12 * DAY_MS + 14 * HOUR_MS, theme: pick(locale, ['Safety briefing: excavation through fault zone F3', '安全技术交底：F3断层破碎带开挖']), type: 'briefing', method: 'onSite', hours: 1, participants: everyone.slice(0, Math.ceil(everyone.length / 2)) });
    records.push({ ...blank, trainedAtMs: today - 5 * DAY_MS + 15 * HOUR_MS, theme: pick(locale, ['Skill training: self-rescuer and gas detector use', '技能培训：自救器及瓦斯检测仪使用']), type: 'skill', method: 'vr', hours: 2, participants: everyone.filter((_, i) => i % 3 === 0) });
  }
  for (const r of records) await insertEducation(db, projectId, r, 'seed', nowMs);
}
