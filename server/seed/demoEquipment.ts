import type { Insertable, Kysely } from 'kysely';
import { beijingDayStart, equipmentRoleOf, idNumberCheckDigit, isEquipmentKind, type ArchiveDocument, type ArchiveFields, type DriverFields } from '../../protocol';
import { insertDrivers, saveArchive, type Database, type DriverAttendanceTable } from '../storage';
import type { SeedLocale } from './demoNames';
import type { DemoDevice } from './demoProject';

/**
 * Demo records of the lifting equipment (docs/api.md "Equipment"): two drivers per device with operator certificates,
 * their shifts (a two-shift rota, 07:00–15:00 and 15:00–23:00 Beijing time, clock-in a few minutes early
 * or late), and each device's archive. Deterministic: the same device gets the same people and papers.
 */

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
/** Days of attendance history the demo keeps written (the attendance tab's longest preset range is 30). */
export const DEMO_ATTENDANCE_DAYS = 31;

/** Shift starts after Beijing midnight, h, and shift length, h. */
export const SHIFTS = [
  { startH: 7, lengthH: 8 },
  { startH: 15, lengthH: 8 },
];

const EN_NAMES = ['Zhang Wei', 'Li Qiang', 'Wang Fang', 'Liu Yang', 'Chen Jie', 'Zhao Lei', 'Huang Min', 'Zhou Tao', 'Wu Gang', 'Xu Peng', 'Sun Hao', 'Ma Jun', 'Hu Bo', 'Guo Ping'];
const ZH_NAMES = ['张伟', '李强', '王芳', '刘洋', '陈杰', '赵磊', '黄敏', '周涛', '吴刚', '徐鹏', '孙浩', '马军', '胡波', '郭平'];

/** Maker, model and rated load of a demo device's kind (typical machines of Chinese sites: the descriptor's `equipment.demoMachine`). */
function machineOf(kind: string): { maker: string; model: string; ratedLoadT: number } {
  const machine = equipmentRoleOf(kind)?.demoMachine;
  if (!machine) throw new Error(`${kind} is not lifting equipment`);
  return machine;
}

/** A stable small number from a string (FNV-1a), for demo variation. */
function hash(s: string): number {
  let h = 2_166_136_261;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 16_777_619);
  }
  return h >>> 0;
}

/** The demo equipment of `devices` (lifting kinds only). */
function equipmentOf(devices: readonly DemoDevice[]): DemoDevice[] {
  return devices.filter((d) => isEquipmentKind(d.kind));
}

/** Certificate type (work class) and issuer of the demo drivers, in the site's language. */
const CERTIFICATE_TYPES: Record<SeedLocale, string> = { en: 'Construction lifting machinery operator', 'zh-CN': '建筑起重机械司机' };
const AUTHORITIES: Record<SeedLocale, string> = { en: 'Provincial housing and construction department', 'zh-CN': '省住房和城乡建设厅' };

/** A valid demo ID number (GB 11643-1999 with its check character) from a hash, born 1975–1994. */
function demoIdNumber(h: number, female: boolean): string {
  const birth = `${1975 + (h % 20)}${String(1 + ((h >>> 5) % 12)).padStart(2, '0')}${String(1 + ((h >>> 9) % 28)).padStart(2, '0')}`;
  const seq = String(((h >>> 3) % 499) * 2 + (female ? 0 : 1)).padStart(3, '0');
  const first17 = `330106${birth}${seq}`;
  return first17 + idNumberCheckDigit(first17);
}

/** The two drivers of a demo device (id and register fields): driver 0 works the early shift, driver 1 the late one. */
export function demoDrivers(projectId: string, d: DemoDevice, nowMs: number, locale: SeedLocale): Array<{ driverId: string; fields: DriverFields }> {
  const names = locale === 'en' ? EN_NAMES : ZH_NAMES;
  return [0, 1].map((i) => {
    const h = hash(`${projectId}/${d.sn}/${i}`);
    const nameIndex = h % names.length;
    // One certificate runs out within weeks (the list flags it), the other years ahead.
    const expiry = beijingDayStart(nowMs) + (i === 0 ? (20 + (h % 30)) * DAY_MS : (400 + (h % 700)) * DAY_MS);
    return {
      driverId: `${d.sn}-D${i + 1}`,
      fields: {
        name: names[nameIndex],
        gender: nameIndex === 2 || nameIndex === 6 ? 'female' : 'male',
        idNumber: demoIdNumber(h, nameIndex === 2 || nameIndex === 6),
        phone: `139${String(h % 100_000_000).padStart(8, '0')}`,
        cardNo: `C${String(h % 1_000_000).padStart(6, '0')}`,
        certificateNo: `T${String(3_301_000_000 + (h % 9_000_000))}`,
        certificateType: CERTIFICATE_TYPES[locale],
        issuingAuthority: AUTHORITIES[locale],
        certificateIssuedMs: expiry - 6 * 365 * DAY_MS,
        certificateExpiryMs: expiry,
        machines: [d.sn],
      },
    };
  });
}

/** Clock-in / clock-out of one rota shift (0 early, 1 late) of `driverId` on the Beijing day from `dayStartMs`, with a few minutes' deterministic jitter. */
export function shiftTimes(driverId: string, dayStartMs: number, shift: number): { inMs: number; outMs: number } {
  const h = hash(`${driverId}/${dayStartMs}`);
  const s = SHIFTS[shift];
  const inMs = dayStartMs + s.startH * HOUR_MS - (h % 15) * 60_000;
  const outMs = dayStartMs + (s.startH + s.lengthH) * HOUR_MS + ((h >>> 8) % 20) * 60_000;
  return { inMs, outMs };
}

/**
 * Brings the demo attendance of `devices` up to `nowMs`: writes every rota shift of the last
 * DEMO_ATTENDANCE_DAYS that started by then and is not written yet (a shift still running has no clock-out)
 * and clocks out the written shifts that have ended. Idempotent; a few rows per device per call.
 */
export async function syncDemoAttendance(db: Kysely<Database>, projectId: string, devices: readonly DemoDevice[], nowMs: number): Promise<number> {
  const fromDay = beijingDayStart(nowMs) - (DEMO_ATTENDANCE_DAYS - 1) * DAY_MS;
  let written = 0;
  for (const d of equipmentOf(devices)) {
    const rows = await db
      .selectFrom('driver_attendance')
      .select(['attendance_id', 'driver_id', 'clock_in_ms', 'clock_out_ms'])
      .where('project_id', '=', projectId)
      .where('device_sn', '=', d.sn)
      .where('clock_in_ms', '>=', fromDay - DAY_MS)
      .execute();
    const have = new Map(rows.map((r) => [`${r.driver_id}/${r.clock_in_ms}`, r]));
    const inserts: Array<Insertable<DriverAttendanceTable>> = [];
    for (let day = fromDay; day <= nowMs; day += DAY_MS) {
      for (let shift = 0; shift < SHIFTS.length; shift++) {
        const driverId = `${d.sn}-D${shift + 1}`;
        const { inMs, outMs } = shiftTimes(driverId, day, shift);
        if (inMs > nowMs) continue;
        const out = outMs <= nowMs ? outMs : null;
        const row = have.get(`${driverId}/${inMs}`);
        if (!row) inserts.push({ project_id: projectId, driver_id: driverId, device_sn: d.sn, clock_in_ms: inMs, clock_out_ms: out });
        else if (row.clock_out_ms === null && out !== null) {
          await db.updateTable('driver_attendance').set({ clock_out_ms: out }).where('attendance_id', '=', row.attendance_id).execute();
          written++;
        }
      }
    }
    if (inserts.length > 0) await db.insertInto('driver_attendance').values(inserts).execute();
    written += inserts.length;
  }
  return written;
}

/** Titles of the archive's papers in the site's language (the archive is data, like the seeded names). */
const DOCUMENT_TITLES: Record<SeedLocale, readonly [string, string, string, string]> = {
  en: ['Use registration certificate', 'Installation acceptance report', 'Periodic inspection report', 'Product conformity certificate'],
  'zh-CN': ['特种设备使用登记证', '安装验收报告', '定期检验报告', '产品合格证'],
};

/** Property and installation units of the demo archives, in the site's language. */
const UNITS: Record<SeedLocale, { property: string; installation: string }> = {
  en: { property: 'Provincial Construction Machinery Leasing Co.', installation: 'Provincial Lifting Equipment Installation Co.' },
  'zh-CN': { property: '省建设机械租赁有限公司', installation: '省起重设备安装工程有限公司' },
};

/** The archive of a demo device: maker's plate, units, installation, inspections, the dimensions its kind records and papers. */
function demoArchive(projectId: string, d: DemoDevice, nowMs: number, locale: SeedLocale): { sn: string; fields: ArchiveFields; documents: ArchiveDocument[] } {
  const titles = DOCUMENT_TITLES[locale];
  const h = hash(`${projectId}/${d.sn}/archive`);
  const m = machineOf(d.kind);
  const dims = equipmentRoleOf(d.kind)!.archive;
  const today = beijingDayStart(nowMs);
  const installed = today - (120 + (h % 200)) * DAY_MS;
  const lastInspection = today - (10 + (h % 60)) * DAY_MS;
  const registration = `SE-${d.sn}-${2024 + (h % 2)}`;
  const report = `PI-${String((h >>> 4) % 100_000).padStart(5, '0')}`;
  const documents: ArchiveDocument[] = [
    { title: titles[0], reference: registration, issuedAtMs: installed + 5 * DAY_MS },
    { title: titles[1], reference: `IA-${String(h % 100_000).padStart(5, '0')}`, issuedAtMs: installed + 3 * DAY_MS },
    { title: titles[2], reference: report, issuedAtMs: lastInspection },
    { title: titles[3], reference: `PC-${String((h >>> 8) % 100_000).padStart(5, '0')}`, issuedAtMs: installed - 200 * DAY_MS },
  ];
  const fields: ArchiveFields = {
    model: m.model,
    maker: m.maker,
    serialNo: `${m.model.split(/[/-]/)[0]}-${String(h % 1_000_000).padStart(6, '0')}`,
    manufacturedAtMs: installed - 240 * DAY_MS,
    propertyUnit: UNITS[locale].property,
    installationUnit: UNITS[locale].installation,
    installedAtMs: installed,
    registrationNo: registration,
    inspectionReportNo: report,
    lastInspectionMs: lastInspection,
    nextInspectionMs: lastInspection + 365 * DAY_MS,
    ratedLoadT: m.ratedLoadT,
    // a tower crane's rated moment is about its rated load at a third of its jib (e.g. 16 t at 20 m ≈ 3 200 kN·m)
    ratedMomentKnm: dims.ratedMoment ? Math.round(m.ratedLoadT * 9.81 * 20) : null,
    maxHeightM: 40 + (h % 80),
    maxSpanM: dims.span === null ? null : 30 + ((h >>> 6) % 40),
  };
  return { sn: d.sn, fields, documents };
}

/**
 * Seeds the drivers, archive and attendance of the lifting equipment among `devices` of `projectId`
 * (names in `locale`). Call once, when the project's devices are seeded.
 */
export async function seedDemoEquipment(db: Kysely<Database>, projectId: string, devices: readonly DemoDevice[], nowMs: number, locale: SeedLocale): Promise<void> {
  const eq = equipmentOf(devices);
  if (eq.length === 0) return;
  await insertDrivers(db, projectId, eq.flatMap((d) => demoDrivers(projectId, d, nowMs, locale)));
  for (const a of eq.map((d) => demoArchive(projectId, d, nowMs, locale))) await saveArchive(db, projectId, a.sn, a.fields, undefined, a.documents);
  await syncDemoAttendance(db, projectId, eq, nowMs);
}
