import { beijingDateOf, idNumberCheckDigit, isPersonTagKind, type EnterpriseType, type PersonFields, type ZoneFields } from '../../protocol';
import { SHIFT_MS, SHIFT_START_HOUR } from '../simulator/siteClock';
import { DEMO_TUNNELS, type DemoDevice, type DemoTunnel } from './demoProject';
import type { SeedLocale } from './demoNames';

/**
 * The demo's person registry and zones (docs/api.md "People and zones"), in the seed language: one person per demo beacon
 * (the beacon's seeded name; team as in its position label, so the simulator's roles match), with the
 * subcontractor, trade and a phone number; per bore two portal zones and the underground between them
 * (stay too long, signal lost), and per heading a danger zone from ahead of the second-lining carriage to
 * the face (entry alarm, headcount) and the finished tunnel behind the carriage (no movement).
 */

/** Teams in the order of demoProject.ts TEAMS (beacon i is in team floor(i / headings) mod 6). */
const TEAM_KEYS = ['drilling', 'blasting', 'mucking', 'support', 'lining', 'survey'] as const;
type TeamKey = (typeof TEAM_KEYS)[number];

type PositionKey = 'worker' | 'leader' | 'foreman' | 'safety';

const TEXT: Record<SeedLocale, { position: Record<PositionKey, string>; address: string[]; team: Record<TeamKey, string>; nightTeam: Record<TeamKey, string>; workType: Record<TeamKey, string>; company: Record<TeamKey, string>; face: string; works: string; carriage: string; underground: string; entryPortal: string; exitPortal: string }> = {
  en: {
    team: { drilling: 'Drilling team', blasting: 'Blasting team', mucking: 'Mucking team', support: 'Support team', lining: 'Lining team', survey: 'Survey team' },
    nightTeam: { drilling: 'Drilling night team', blasting: 'Blasting night team', mucking: 'Mucking night team', support: 'Support night team', lining: 'Lining night team', survey: 'Survey night team' },
    workType: { drilling: 'Rock driller', blasting: 'Shot-firer', mucking: 'Loader operator', support: 'Shotcrete operator', lining: 'Formwork carpenter', survey: 'Surveyor' },
    company: {
      drilling: 'Yunling Tunnel Engineering Co.',
      blasting: 'Yunling Tunnel Engineering Co.',
      mucking: 'Hengtai Earthworks Ltd.',
      support: 'Yunling Tunnel Engineering Co.',
      lining: 'Huaxia Lining Works Ltd.',
      survey: 'Zhongce Survey Institute',
    },
    position: { worker: 'Worker', leader: 'Team leader', foreman: 'Foreman', safety: 'Safety officer' },
    address: ['Wuhua District, Kunming, Yunnan', 'Qilin District, Qujing, Yunnan', 'Yuanjiang County, Yuxi, Yunnan', 'Honghuagang District, Zunyi, Guizhou', 'Dongpo District, Meishan, Sichuan'],
    face: 'face to second lining',
    works: 'behind the lining',
    carriage: 'lining carriage',
    underground: 'underground',
    entryPortal: 'entry portal',
    exitPortal: 'exit portal',
  },
  'zh-CN': {
    team: { drilling: '钻孔班', blasting: '爆破班', mucking: '出渣班', support: '支护班', lining: '衬砌班', survey: '测量班' },
    nightTeam: { drilling: '钻孔夜班', blasting: '爆破夜班', mucking: '出渣夜班', support: '支护夜班', lining: '衬砌夜班', survey: '测量夜班' },
    workType: { drilling: '风钻工', blasting: '爆破工', mucking: '装载机司机', support: '喷锚工', lining: '模板工', survey: '测量员' },
    company: {
      drilling: '云岭隧道工程有限公司',
      blasting: '云岭隧道工程有限公司',
      mucking: '恒泰土石方有限公司',
      support: '云岭隧道工程有限公司',
      lining: '华夏衬砌工程有限公司',
      survey: '中测勘察设计院',
    },
    position: { worker: '作业人员', leader: '班组长', foreman: '工长', safety: '安全员' },
    address: ['云南省昆明市五华区', '云南省曲靖市麒麟区', '云南省玉溪市元江县', '贵州省遵义市红花岗区', '四川省眉山市东坡区'],
    face: '掌子面至二衬',
    works: '二衬后方',
    carriage: '二衬台车',
    underground: '洞内',
    entryPortal: '进口洞口',
    exitPortal: '出口洞口',
  },
};

/** Width of a portal zone (m): the briefing and lamp-room area just inside the portal. */
export const DEMO_PORTAL_ZONE_M = 50;
/** The danger zone starts this far (m) ahead of the second lining, clear of the lining crew at the carriage. */
const LINING_CLEARANCE_M = 20;
/** The danger zone reaches this far beyond the face (m), so it still covers the face as it advances. */
const FACE_MARGIN_M = 300;

/** A demo person, keyed by a stable id. */
export interface DemoPerson extends PersonFields {
  personId: string;
}

/** A demo zone, keyed by a stable id. */
export interface DemoZone extends ZoneFields {
  zoneId: string;
}

/** The team of demo beacon `sn` (BC0001 is beacon 0). */
export function demoTeamOf(sn: string): TeamKey {
  const i = Number(sn.slice(2)) - 1;
  const headings = DEMO_TUNNELS.flatMap((t) => t.headings).length;
  return TEAM_KEYS[Math.floor(i / headings) % TEAM_KEYS.length];
}

/**
 * The crew of demo beacon `sn`: the simulator alternates crews among the beacons of one heading and team
 * in device order (server/simulator/kinds.ts), so the k-th beacon of a heading's team is on the day crew
 * for even k. Each crew is a team of its own in the register (the day team and the night team), since a
 * team has one shift (docs/domain.md "Labour attendance").
 */
export function demoCrewOf(sn: string): 'day' | 'night' {
  const i = Number(sn.slice(2)) - 1;
  const headings = DEMO_TUNNELS.flatMap((t) => t.headings).length;
  return Math.floor(i / headings / TEAM_KEYS.length) % 2 === 0 ? 'day' : 'night';
}

/** The demo's teams with their shifts (07:00–19:00 and 19:00–07:00 Beijing time) and companies, in `locale`. */
export function demoTeamShifts(locale: SeedLocale): Array<{ company: string; team: string; startMin: number; lengthMin: number }> {
  const t = TEXT[locale];
  return TEAM_KEYS.flatMap((k) => [
    { company: t.company[k], team: t.team[k], startMin: SHIFT_START_HOUR.day * 60, lengthMin: SHIFT_MS / 60_000 },
    { company: t.company[k], team: t.nightTeam[k], startMin: SHIFT_START_HOUR.night * 60, lengthMin: SHIFT_MS / 60_000 },
  ]);
}

/** The demo's cooperating companies and their enterprise types, in `locale`. */
export function demoCompanyTypes(locale: SeedLocale): Array<{ company: string; enterpriseType: EnterpriseType }> {
  const c = TEXT[locale].company;
  return [
    { company: c.drilling, enterpriseType: 'labourSubcontractor' },
    { company: c.mucking, enterpriseType: 'specialistSubcontractor' },
    { company: c.lining, enterpriseType: 'specialistSubcontractor' },
    { company: c.survey, enterpriseType: 'other' },
  ];
}

/** The register id of the person wearing demo beacon `sn` (what the demo's gates were enrolled with). */
export function demoPersonId(sn: string): string {
  return `P-${sn}`;
}

/** Administrative division codes (GB/T 2260) of the home towns in TEXT.address, in that order. */
const ADDRESS_CODES = ['530102', '530302', '530428', '520302', '511402'] as const;

/**
 * The identity fields of demo person `i` (1-based beacon number) on `nowMs`: age 20–58, gender, a valid
 * resident ID number (GB 11643-1999 with its check digit, birth date and gender in it), a real-name card
 * number, home address, position (every 12th a team leader, one in 40 a foreman, one in 60 a safety
 * officer), and an entry date 1–700 days ago. Deterministic in `i` (birth dates move with the year).
 */
export function demoIdentity(locale: SeedLocale, i: number, nowMs: number): Omit<PersonFields, 'name' | 'beaconSn' | 'company' | 'team' | 'workType' | 'phone'> {
  const t = TEXT[locale];
  const age = 20 + ((i * 17) % 39);
  const year = new Date(nowMs).getUTCFullYear() - age - 1;
  const month = 1 + ((i * 5) % 12);
  const day = 1 + ((i * 11) % 28);
  const birthDate = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  const gender = i % 9 === 0 ? 'female' : 'male';
  // sequence code: odd for men, even for women (GB 11643-1999)
  const seq = ((i * 37) % 499) * 2 + (gender === 'male' ? 1 : 2);
  const a = ADDRESS_CODES[i % ADDRESS_CODES.length];
  const body = `${a}${birthDate.replaceAll('-', '')}${String(seq).padStart(3, '0')}`;
  const entry = beijingDateOf(nowMs - (1 + ((i * 23) % 700)) * 86_400_000);
  const position: PositionKey = i % 60 === 0 ? 'safety' : i % 40 === 0 ? 'foreman' : i % 12 === 0 ? 'leader' : 'worker';
  return {
    gender,
    birthDate,
    idNumber: body + idNumberCheckDigit(body),
    realNameCardNo: `SM${String(100_000 + i).slice(1)}`,
    address: t.address[i % t.address.length],
    position: t.position[position],
    entryDate: entry,
    leaveDate: null,
  };
}

/** One person per demo beacon of `devices`, named as the beacon, with identity fields as of `nowMs`. */
export function demoPeople(locale: SeedLocale, devices: readonly DemoDevice[], nowMs = Date.now()): DemoPerson[] {
  const t = TEXT[locale];
  return devices
    .filter((d) => isPersonTagKind(d.kind))
    .map((d) => {
      const i = Number(d.sn.slice(2));
      const team = demoTeamOf(d.sn);
      // mainland mobile numbers: 1 + 10 digits, spread deterministically
      const digits = String((i * 7_919_337) % 100_000_000).padStart(8, '0');
      return {
        personId: demoPersonId(d.sn),
        name: d.name,
        beaconSn: d.sn,
        company: t.company[team],
        team: (demoCrewOf(d.sn) === 'day' ? t.team : t.nightTeam)[team],
        workType: t.workType[team],
        phone: `139 ${digits.slice(0, 4)} ${digits.slice(4)}`,
        ...demoIdentity(locale, i, nowMs),
      };
    });
}

/**
 * Portal zones and the underground zone per bore; per heading the face danger zone, the lining carriage and
 * the finished tunnel behind the lining. People may gather at the portals and the face (briefings,
 * handovers); the lining crew's work area is the carriage, the tunnel behind it and the portals (their way
 * in and out), so one of them at the face is also out of their area.
 */
export function demoZones(locale: SeedLocale, tunnels: readonly DemoTunnel[]): DemoZone[] {
  const t = TEXT[locale];
  const out: DemoZone[] = [];
  const none = { entryAlarm: false, authorizedTeams: [], maxStayMin: null, maxHeadcount: null, noMovementMin: null, signalLostS: null, gatheringAllowed: false, assignedTeams: [] };
  const lining = [t.team.lining, t.nightTeam.lining];
  for (const bore of tunnels) {
    // A heading crew is 40–60 people a shift; at shift change both crews of a heading meet at the portal.
    out.push(
      { zoneId: `Z-${bore.tunnelId}-EP`, ...none, name: `${bore.name} ${t.entryPortal}`, kind: 'portal', tunnelId: bore.tunnelId, fromM: 0, toM: DEMO_PORTAL_ZONE_M, maxHeadcount: 40, gatheringAllowed: true, assignedTeams: lining },
      { zoneId: `Z-${bore.tunnelId}-XP`, ...none, name: `${bore.name} ${t.exitPortal}`, kind: 'portal', tunnelId: bore.tunnelId, fromM: bore.lengthM - DEMO_PORTAL_ZONE_M, toM: bore.lengthM, maxHeadcount: 40, gatheringAllowed: true, assignedTeams: lining },
    );
    out.push({
      zoneId: `Z-${bore.tunnelId}-U`,
      ...none,
      name: `${bore.name} ${t.underground}`,
      kind: 'work',
      tunnelId: bore.tunnelId,
      fromM: DEMO_PORTAL_ZONE_M,
      toM: bore.lengthM - DEMO_PORTAL_ZONE_M,
      // a 12-hour shift with the walk in and out stays under 13 hours underground
      maxStayMin: 13 * 60,
      // a tag silent for two minutes underground: removed, broken or out of coverage
      signalLostS: 120,
    });
    for (const h of bore.headings) {
      const entry = h.portal === 'entry';
      const [faceFrom, faceTo] = entry
        ? [h.liningM + LINING_CLEARANCE_M, Math.min(bore.lengthM, h.faceM + FACE_MARGIN_M)]
        : [Math.max(0, h.faceM - FACE_MARGIN_M), h.liningM - LINING_CLEARANCE_M];
      // behind the lining carriage: the finished tunnel, where nobody stands still for half an hour
      const [worksFrom, worksTo] = entry ? [DEMO_PORTAL_ZONE_M, h.liningM - LINING_CLEARANCE_M] : [h.liningM + LINING_CLEARANCE_M, bore.lengthM - DEMO_PORTAL_ZONE_M];
      out.push(
        {
          zoneId: `Z-${h.headingId}-F`,
          ...none,
          name: `${h.headingId} ${t.face}`,
          kind: 'danger',
          tunnelId: bore.tunnelId,
          fromM: faceFrom,
          toM: faceTo,
          entryAlarm: true,
          // the lining crew works at the carriage behind this zone and has no business at the face
          authorizedTeams: (['drilling', 'blasting', 'mucking', 'support', 'survey'] as const).flatMap((k) => [t.team[k], t.nightTeam[k]]),
          maxHeadcount: 35,
          gatheringAllowed: true,
        },
        {
          zoneId: `Z-${h.headingId}-C`,
          ...none,
          name: `${h.headingId} ${t.carriage}`,
          kind: 'work',
          tunnelId: bore.tunnelId,
          fromM: h.liningM - LINING_CLEARANCE_M,
          toM: h.liningM + LINING_CLEARANCE_M,
          assignedTeams: lining,
        },
        {
          zoneId: `Z-${h.headingId}-W`,
          ...none,
          name: `${h.headingId} ${t.works}`,
          kind: 'work',
          tunnelId: bore.tunnelId,
          fromM: worksFrom,
          toM: worksTo,
          // "static too long" over 30 minutes is the usual man-down (possible fall) rule of tunnel positioning
          noMovementMin: 30,
          assignedTeams: lining,
        },
      );
    }
  }
  return out;
}
