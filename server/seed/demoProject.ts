import type { DeviceKind, GasCode, Heading, RockSegment, VehicleFields } from '../../protocol';

/**
 * The demo project: a twin-bore 3 km highway tunnel with 4 headings (docs/domain.md "What a realistic demo
 * project generates"). Seeded once into the database and driven by the simulator; both read this file,
 * so the simulator's device sns are always the ones the server knows.
 */
export const DEMO_PROJECT = {
  projectId: 'demo-tunnel',
  name: 'Yunling Twin-Bore Tunnel',
  coId: 'co-demo',
  coName: 'Demo Tunnel Construction Group',
  coLogo: '',
  /** Its place on the company homepage's map (WGS 84 degrees): Yunling, Dali, Yunnan (the home's seed gives the text in the seed language). */
  location: 'Yunling Township, Dali, Yunnan',
  latitude: 25.61,
  longitude: 100.27,
  projectState: 'underConstruction',
  startDate: '2025-03-01',
  plannedEndDate: '2028-06-30',
} as const;

/** A second project, used to prove isolation between projects (its users never see the demo data). */
export const OTHER_PROJECT = {
  projectId: 'demo-bridge',
  name: 'Qingshui River Bridge',
  coId: 'co-demo',
  coName: 'Demo Tunnel Construction Group',
  coLogo: '',
  /** Its place on the company homepage's map (WGS 84 degrees): Jianhe, Guizhou, over the Qingshui River. */
  location: 'Jianhe, Guizhou',
  latitude: 26.73,
  longitude: 108.44,
  projectState: 'underConstruction',
  startDate: '2025-09-15',
  plannedEndDate: '2027-12-31',
} as const;

export interface DemoTunnel {
  tunnelId: string;
  name: string;
  startChainageM: number;
  lengthM: number;
  headings: Heading[];
  /** The design's surrounding-rock grade per stretch, metres from the entry portal (docs/domain.md "Tunnel progress"). */
  rockSegments: RockSegment[];
}

/** Left and right bores, each driven from both portals. Positions in metres from the entry portal. */
export const DEMO_TUNNELS: DemoTunnel[] = [
  {
    tunnelId: 'LK',
    name: 'Left bore',
    startChainageM: 12_000,
    lengthM: 3_050,
    headings: [
      { headingId: 'LK-E', name: 'Left bore, entry heading', portal: 'entry', faceM: 1_262, liningM: 1_180, invertM: 1_235, rockGrade: 'IV' },
      { headingId: 'LK-X', name: 'Left bore, exit heading', portal: 'exit', faceM: 1_930, liningM: 2_035, invertM: 1_965, rockGrade: 'III' },
    ],
    rockSegments: [
      { fromM: 0, toM: 60, grade: 'V' },
      { fromM: 60, toM: 400, grade: 'IV' },
      { fromM: 400, toM: 1_100, grade: 'III' },
      { fromM: 1_100, toM: 1_500, grade: 'IV' },
      { fromM: 1_500, toM: 2_150, grade: 'III' },
      { fromM: 2_150, toM: 2_990, grade: 'IV' },
      { fromM: 2_990, toM: 3_050, grade: 'V' },
    ],
  },
  {
    tunnelId: 'RK',
    name: 'Right bore',
    startChainageM: 12_020,
    lengthM: 3_010,
    headings: [
      { headingId: 'RK-E', name: 'Right bore, entry heading', portal: 'entry', faceM: 1_198, liningM: 1_135, invertM: 1_170, rockGrade: 'V' },
      { headingId: 'RK-X', name: 'Right bore, exit heading', portal: 'exit', faceM: 1_884, liningM: 1_960, invertM: 1_915, rockGrade: 'IV' },
    ],
    rockSegments: [
      { fromM: 0, toM: 50, grade: 'V' },
      { fromM: 50, toM: 420, grade: 'IV' },
      { fromM: 420, toM: 1_150, grade: 'III' },
      { fromM: 1_150, toM: 1_260, grade: 'V' },
      { fromM: 1_260, toM: 1_320, grade: 'VI' },
      { fromM: 1_320, toM: 1_800, grade: 'III' },
      { fromM: 1_800, toM: 2_100, grade: 'IV' },
      { fromM: 2_100, toM: 2_950, grade: 'III' },
      { fromM: 2_950, toM: 3_010, grade: 'V' },
    ],
  },
];

/** A device of the demo fleet. */
export interface DemoDevice {
  sn: string;
  kind: DeviceKind;
  name: string;
  position: string;
  tunnelId: string | null;
  headingId: string | null;
  /** Where a gas station sits: at the face, on the second-lining carriage, or at the portal. */
  station?: 'face' | 'lining' | 'portal';
  gases?: GasCode[];
  /** A fog cannon's linked environment monitor (its spray linkage, docs/domain.md "Spray linkage"). */
  linkedStation?: string;
  /** A construction vehicle's plate, type, driver and source (vehicle kinds only). */
  vehicle?: VehicleFields;
  /** A cab clock-in terminal's machine: the sn of the lifting equipment it sits in (clock-in kinds only). */
  cabOf?: string;
  reportPeriodS: number;
}

const FACE_GASES: GasCode[] = ['CO', 'H2S', 'NH3', 'O2', 'CH4', 'H2', 'CO2', 'dust', 'NO2', 'SO2', 'acrolein'];
const LINING_GASES: GasCode[] = ['CO', 'H2S', 'O2', 'CH4', 'CO2', 'dust', 'NO2'];
const PORTAL_GASES: GasCode[] = ['CO', 'O2', 'CO2', 'dust', 'NO2'];

function gasStations(): DemoDevice[] {
  const out: DemoDevice[] = [];
  for (const t of DEMO_TUNNELS) {
    for (const h of t.headings) {
      const tag = h.headingId;
      out.push(
        { sn: `GAS-${tag}-F`, kind: 'gas', name: `${tag} face`, position: `${h.name}, working face`, tunnelId: t.tunnelId, headingId: tag, station: 'face', gases: FACE_GASES, reportPeriodS: 10 },
        { sn: `GAS-${tag}-L`, kind: 'gas', name: `${tag} lining carriage`, position: `${h.name}, second-lining carriage`, tunnelId: t.tunnelId, headingId: tag, station: 'lining', gases: LINING_GASES, reportPeriodS: 15 },
        { sn: `GAS-${tag}-P`, kind: 'gas', name: `${tag} portal`, position: `${h.name}, portal`, tunnelId: t.tunnelId, headingId: tag, station: 'portal', gases: PORTAL_GASES, reportPeriodS: 30 },
      );
    }
  }
  return out;
}

const SURNAMES = ['Wang', 'Li', 'Zhang', 'Liu', 'Chen', 'Yang', 'Zhao', 'Huang', 'Zhou', 'Wu', 'Xu', 'Sun', 'Hu', 'Zhu', 'Gao', 'Lin', 'He', 'Guo', 'Ma', 'Luo'];
const GIVEN = ['Wei', 'Fang', 'Jun', 'Lei', 'Qiang', 'Min', 'Jie', 'Tao', 'Yong', 'Bo', 'Hui', 'Peng', 'Hao', 'Xin', 'Gang', 'Ping'];
const TEAMS = ['Drilling team', 'Blasting team', 'Mucking team', 'Support team', 'Lining team', 'Survey team'];

/** Number of personnel beacons (docs/domain.md: 150–250 tags). */
export const DEMO_BEACON_COUNT = 200;

function beacons(): DemoDevice[] {
  const out: DemoDevice[] = [];
  const headings = DEMO_TUNNELS.flatMap((t) => t.headings.map((h) => ({ t, h })));
  for (let i = 0; i < DEMO_BEACON_COUNT; i++) {
    const { t, h } = headings[i % headings.length];
    const name = `${SURNAMES[i % SURNAMES.length]} ${GIVEN[(i * 7) % GIVEN.length]}`;
    out.push({
      sn: `BC${String(i + 1).padStart(4, '0')}`,
      kind: 'beacon',
      name,
      // Teams cycle within a heading (i / headings), so every heading gets every team.
      position: `${TEAMS[Math.floor(i / headings.length) % TEAMS.length]}, ${h.headingId}`,
      tunnelId: t.tunnelId,
      headingId: h.headingId,
      reportPeriodS: 1,
    });
  }
  return out;
}

function towerCranes(): DemoDevice[] {
  return [
    { sn: 'TC-01', kind: 'towerCrane', name: 'Tower crane 1 (entry yard)', position: 'Entry portal yard', tunnelId: null, headingId: null, reportPeriodS: 2 },
    { sn: 'TC-02', kind: 'towerCrane', name: 'Tower crane 2 (exit yard)', position: 'Exit portal yard', tunnelId: null, headingId: null, reportPeriodS: 2 },
  ];
}

function cameras(): DemoDevice[] {
  const places = ['entry portal', 'exit portal', 'mixing plant', 'steel yard', 'face', 'lining carriage'];
  const out: DemoDevice[] = [];
  for (let i = 0; i < 24; i++) {
    out.push({
      sn: `CAM-${String(i + 1).padStart(2, '0')}`,
      kind: 'camera',
      name: `Camera ${i + 1} (${places[i % places.length]})`,
      position: places[i % places.length],
      tunnelId: null,
      headingId: null,
      reportPeriodS: 0, // event-driven: never marked offline for silence
    });
  }
  return out;
}

/**
 * Dust and noise monitors (HJ 212 over TCP when HJ212_PORT is set, else MQTT), one minute apart: at the
 * entry portal of each bore, by their heading, and at the left bore's exit portal.
 */
function environmentMonitors(): DemoDevice[] {
  return [
    { sn: 'ENV-LK-E', kind: 'environment', name: 'Environment (left entry portal)', position: 'Left bore, entry portal', tunnelId: 'LK', headingId: 'LK-E', reportPeriodS: 60 },
    { sn: 'ENV-RK-E', kind: 'environment', name: 'Environment (right entry portal)', position: 'Right bore, entry portal', tunnelId: 'RK', headingId: 'RK-E', reportPeriodS: 60 },
    { sn: 'ENV-LK-X', kind: 'environment', name: 'Environment (exit portal)', position: 'Left bore, exit portal', tunnelId: 'LK', headingId: 'LK-X', reportPeriodS: 60 },
  ];
}

/**
 * Fog cannons at the two entry portals, each linked to its portal's environment monitor with the default
 * linkage (PM10 over 150 µg/m³, off after 10 min under it); they report every 30 s and answer commands.
 */
function fogCannons(): DemoDevice[] {
  return [
    { sn: 'FOG-LK-E', kind: 'fogCannon', name: 'Fog cannon (left entry portal)', position: 'Left bore, entry portal', tunnelId: 'LK', headingId: 'LK-E', linkedStation: 'ENV-LK-E', reportPeriodS: 30 },
    { sn: 'FOG-RK-E', kind: 'fogCannon', name: 'Fog cannon (right entry portal)', position: 'Right bore, entry portal', tunnelId: 'RK', headingId: 'RK-E', linkedStation: 'ENV-RK-E', reportPeriodS: 30 },
  ];
}

/**
 * The tunnel's other lifting equipment: the elevator of the ventilation shaft (uploads every 10 s, within
 * the 15 s of GB/T 37537-2019) and the gantry crane of the segment and steel yard.
 */
function tunnelEquipment(): DemoDevice[] {
  return [
    { sn: 'EL-01', kind: 'constructionElevator', name: 'Shaft elevator', position: 'Ventilation shaft', tunnelId: null, headingId: null, reportPeriodS: 10 },
    { sn: 'GC-01', kind: 'gantryCrane', name: 'Gantry crane (steel yard)', position: 'Steel yard', tunnelId: null, headingId: null, reportPeriodS: 2 },
  ];
}

/**
 * Where a demo gas station hangs, metres from its bore's entry portal (the device registry's chainage): a
 * face station 20 m back from the seeded face, a lining station at the lining carriage, a portal station at
 * its portal; null for devices that are not gas stations. The cycle tracker finds a heading's face station
 * by it (server/cycles/tracker.ts).
 */
export function demoStationChainageM(d: DemoDevice): number | null {
  const t = DEMO_TUNNELS.find((b) => b.tunnelId === d.tunnelId);
  const h = t?.headings.find((x) => x.headingId === d.headingId);
  if (!t || !h || !d.station) return null;
  const entry = h.portal === 'entry';
  if (d.station === 'face') return h.faceM + (entry ? -20 : 20);
  if (d.station === 'lining') return h.liningM;
  return entry ? 0 : t.lengthM;
}

/**
 * Headings whose foreman reports stage changes from a tablet (kind `cycleStage`); the right bore's entry
 * heading (RK-E) has none, so its stages are inferred from gas and beacons (docs/domain.md).
 */
export const DEMO_STAGE_REPORTING_HEADINGS = ['LK-E', 'LK-X', 'RK-X'] as const;

/** One stage tablet per reporting heading: event-driven (report period 0). */
function stageTablets(): DemoDevice[] {
  return DEMO_STAGE_REPORTING_HEADINGS.map((tag) => {
    const t = DEMO_TUNNELS.find((b) => b.headings.some((h) => h.headingId === tag))!;
    return { sn: `PRC-${tag}`, kind: 'cycleStage', name: `${tag} foreman tablet`, position: `${tag}, working face`, tunnelId: t.tunnelId, headingId: tag, reportPeriodS: 0 };
  });
}

/**
 * Face-recognition gates (kind `gate`, event-driven): the site entrance, and one at each portal with a
 * heading, registered on its bore (an sn ending in `X` is at the exit portal).
 */
function gates(): DemoDevice[] {
  const portals = DEMO_TUNNELS.flatMap((t) =>
    t.headings.map((h): DemoDevice => {
      const end = h.portal === 'entry' ? 'E' : 'X';
      return { sn: `GATE-${t.tunnelId}-${end}`, kind: 'gate', name: `${t.name} ${h.portal} portal gate`, position: `${t.name}, ${h.portal} portal`, tunnelId: t.tunnelId, headingId: null, reportPeriodS: 0 };
    }),
  );
  return [{ sn: 'GATE-SITE', kind: 'gate', name: 'Site entrance gate', position: 'Site entrance', tunnelId: null, headingId: null, reportPeriodS: 0 }, ...portals];
}

/** One tunnel process device per heading, reporting its face, invert and lining (protocol/kinds/tunnelProgress.ts). */
function progressDevices(): DemoDevice[] {
  return DEMO_TUNNELS.flatMap((t) =>
    t.headings.map((h): DemoDevice => ({ sn: `PRG-${h.headingId}`, kind: 'tunnelProgress', name: `${h.headingId} progress`, position: `${h.name}, process terminal`, tunnelId: t.tunnelId, headingId: h.headingId, reportPeriodS: 60 })),
  );
}

/**
 * Construction vehicles (docs/domain.md "Vehicles in the tunnel"): per heading a loader and two dump trucks
 * for mucking, and a shotcrete truck for the initial support of each bore's entry heading; plates of the
 * site's numbering, own, leased and subcontracted machines as on a real job.
 */
function vehicles(): DemoVehicleDevice[] {
  const out: DemoVehicleDevice[] = [];
  let n = 0;
  const driver = () => `${SURNAMES[(n * 3 + 5) % SURNAMES.length]} ${GIVEN[(n * 5 + 3) % GIVEN.length]}`;
  for (const t of DEMO_TUNNELS) {
    for (const h of t.headings) {
      const fleet: Array<{ type: 'loader' | 'dumpTruck' | 'shotcreteTruck'; label: string; source: 'own' | 'leased' | 'subcontractor' }> = [
        { type: 'loader', label: 'Loader', source: 'own' },
        { type: 'dumpTruck', label: 'Dump truck 1', source: 'leased' },
        { type: 'dumpTruck', label: 'Dump truck 2', source: 'subcontractor' },
        ...(h.portal === 'entry' ? [{ type: 'shotcreteTruck' as const, label: 'Shotcrete truck', source: 'own' as const }] : []),
      ];
      for (const f of fleet) {
        n++;
        out.push({
          sn: `VH-${h.headingId}-${n}`,
          kind: 'vehicle',
          name: `${h.headingId} ${f.label}`,
          position: h.name,
          tunnelId: t.tunnelId,
          headingId: h.headingId,
          vehicle: { plate: `SD-${String(100 + n)}`, type: f.type, driver: driver(), source: f.source },
          reportPeriodS: 1,
        });
      }
    }
  }
  return out;
}

type DemoVehicleDevice = DemoDevice & { vehicle: VehicleFields };

/**
 * A face-recognition clock-in terminal (kind `cabFace`, event-driven) in the cab or cage of each machine of
 * `machines`: `FACE-{machine sn}`, where the machine's drivers clock in at shift start.
 */
function cabTerminals(machines: readonly DemoDevice[]): DemoDevice[] {
  return machines.map((m) => ({ sn: `FACE-${m.sn}`, kind: 'cabFace', name: `${m.name} cab clock-in`, position: m.position, tunnelId: null, headingId: null, cabOf: m.sn, reportPeriodS: 0 }));
}

export const DEMO_DEVICES: DemoDevice[] = [
  ...gasStations(),
  ...beacons(),
  ...towerCranes(),
  ...tunnelEquipment(),
  ...cameras(),
  ...environmentMonitors(),
  ...fogCannons(),
  ...progressDevices(),
  ...stageTablets(),
  ...gates(),
  ...vehicles(),
  ...cabTerminals([...towerCranes(), ...tunnelEquipment()]),
];

/**
 * The bridge project's lifting equipment (OTHER_PROJECT): a girder erector on the deck, the precast yard's
 * gantry crane, two tower cranes at the main piers and a crawler crane, each with its cab clock-in terminal.
 */
const BRIDGE_MACHINES: DemoDevice[] = [
  { sn: 'BGE-01', kind: 'bridgeGirderErector', name: 'Girder erector', position: 'Deck, span 7', tunnelId: null, headingId: null, reportPeriodS: 2 },
  { sn: 'GC-B1', kind: 'gantryCrane', name: 'Gantry crane (precast yard)', position: 'Precast girder yard', tunnelId: null, headingId: null, reportPeriodS: 2 },
  { sn: 'TC-B1', kind: 'towerCrane', name: 'Tower crane (pier 12)', position: 'Main pier 12', tunnelId: null, headingId: null, reportPeriodS: 2 },
  { sn: 'TC-B2', kind: 'towerCrane', name: 'Tower crane (pier 13)', position: 'Main pier 13', tunnelId: null, headingId: null, reportPeriodS: 2 },
  { sn: 'YC-B1', kind: 'yardCrane', name: 'Crawler crane', position: 'Crawler crane, river bank', tunnelId: null, headingId: null, reportPeriodS: 2 },
];
export const BRIDGE_DEVICES: DemoDevice[] = [...BRIDGE_MACHINES, ...cabTerminals(BRIDGE_MACHINES)];

/** The administrator account created at first start; its password is ADMIN_PASSWORD or a random one. */
export const ADMIN_USERNAME = 'admin';

/**
 * A demo user who belongs only to OTHER_PROJECT (for isolation tests and demos). Created only with the demo
 * simulator (SIMULATOR on); its password is DEMO_PASSWORD or a random one printed once at first start.
 */
export const BRIDGE_USER = { username: 'bridge', displayName: 'Bridge site manager' } as const;
