import type { ColumnType, Generated } from 'kysely';
import type { AlignmentPoint, CommandRecord, CrossPassage, CycleRecord, Heading, RockSegment, Threshold, VehicleFields } from '../../protocol';

/**
 * Database tables (Kysely types). Time columns are milliseconds since the epoch stored as
 * `double precision` (exact for ms up to 2^53), so PGlite and node-postgres both return JS numbers.
 * JSON columns are `jsonb`.
 */
export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  projects: ProjectsTable;
  memberships: MembershipsTable;
  tunnels: TunnelsTable;
  devices: DevicesTable;
  telemetry: TelemetryTable;
  telemetry_chunks: TelemetryChunksTable;
  telemetry_hours: TelemetryHoursTable;
  alarms: AlarmsTable;
  boards: BoardsTable;
  board_releases: BoardReleasesTable;
  board_tickets: BoardTicketsTable;
  system_styles: SystemStylesTable;
  custom_panel_types: CustomPanelTypesTable;
  dead_letters: DeadLettersTable;
  kind_thresholds: KindThresholdsTable;
  threshold_audit: ThresholdAuditTable;
  work_records: WorkRecordsTable;
  ingest_receipts: IngestReceiptsTable;
  alarm_captures: AlarmCapturesTable;
  people: PeopleTable;
  zones: ZonesTable;
  portal_counts: PortalCountsTable;
  zone_hour_counts: ZoneHourCountsTable;
  portal_crossings: PortalCrossingsTable;
  organisations: OrganisationsTable;
  audit_log: AuditLogTable;
  equipment_drivers: EquipmentDriversTable;
  driver_attendance: DriverAttendanceTable;
  equipment_archive: EquipmentArchiveTable;
  equipment_driver_machines: EquipmentDriverMachinesTable;
  lifting_clock_ins: LiftingClockInsTable;
  member_invitations: MemberInvitationsTable;
  tunnel_progress: TunnelProgressTable;
  cycle_stage_spans: CycleStageSpansTable;
  cycle_records: CycleRecordsTable;
  cycle_presets: CyclePresetsTable;
  bore_alignments: BoreAlignmentsTable;
  spray_linkages: SprayLinkagesTable;
  device_transfers: DeviceTransfersTable;
  gate_passes: GatePassesTable;
  team_shifts: TeamShiftsTable;
  labour_companies: LabourCompaniesTable;
  camera_streams: CameraStreamsTable;
  video_recorder_leases: VideoRecorderLeasesTable;
  attachments: AttachmentsTable;
  project_events: ProjectEventsTable;
  project_profiles: ProjectProfilesTable;
  emergency_records: EmergencyRecordsTable;
  inspections: InspectionsTable;
  schedule_tasks: ScheduleTasksTable;
  education_records: EducationRecordsTable;
  education_participants: EducationParticipantsTable;
}

export interface UsersTable {
  username: string;
  display_name: string;
  /** scrypt hash in the form `scrypt$N$r$p$saltB64$hashB64`. */
  password_hash: string;
  is_admin: boolean;
  created_at_ms: number;
  /** A disabled user cannot log in; their sessions were ended when it was disabled (migration 0020). */
  disabled: Generated<boolean>;
  /** Set by a password reset: the user must choose a new password before anything else. */
  must_change_password: Generated<boolean>;
  /** A display account: sessions never expire by idle time, its login never ends another session. */
  wall_screen: Generated<boolean>;
}

export interface SessionsTable {
  /** SHA-256 of the cookie token (the token itself is never stored). */
  token_hash: string;
  username: string;
  project_id: string;
  created_at_ms: number;
  expires_at_ms: number;
}

export interface ProjectsTable {
  project_id: string;
  name: string;
  co_id: string;
  co_name: string;
  co_logo: string;
  /** Embedded-broker credentials for the project's devices (readable by administrators). */
  mqtt_username: string;
  mqtt_password: string;
  /** Creation time; a user's projects are listed (and the first one chosen at login) in this order. */
  created_at_ms: number;
  /** `tunnel`, `bridge` or `road` (protocol/admin.ts PROJECT_TYPES). */
  project_type: Generated<string>;
  location: Generated<string>;
  /** WGS 84 degrees. */
  latitude: number | null;
  longitude: number | null;
  contractor: Generated<string>;
  /** ISO dates `YYYY-MM-DD`. */
  start_date: string | null;
  planned_end_date: string | null;
  /** KeyFigure[] of protocol/admin.ts. */
  key_figures: ColumnType<{ label: string; value: string }[], string | undefined, string>;
  /** Archived projects are read-only and no longer offered in the organisation switch. */
  archived_at_ms: number | null;
  /** protocol/admin.ts PROJECT_STATES (migration 0061_project_state_and_external_url). */
  project_state: Generated<string>;
  /** The external project link (`glodonProjectUrl`); '' for none. */
  external_url: Generated<string>;
}

/** Organisations (migration 0020); projects keep a copy of the name and logo (co_name, co_logo). */
export interface OrganisationsTable {
  co_id: string;
  name: string;
  logo: string;
  archived_at_ms: number | null;
  created_at_ms: number;
}

/** Who changed what and when (docs/api.md "Audit log"). */
export interface AuditLogTable {
  audit_id: Generated<number>;
  at_ms: number;
  username: string;
  /** Null for changes outside a project (organisations, users). */
  project_id: string | null;
  /** e.g. `login`, `board.release`, `threshold.set`, `device.add`, `user.create`, `alarm.deal`. */
  action: string;
  target: string;
  detail: string;
}

export interface MembershipsTable {
  username: string;
  project_id: string;
  /** Member id (session user `mid`, docs/product.md "Board model"). */
  mid: string;
  /** Role of protocol/roles.ts. */
  role: Generated<string>;
}

export interface TunnelsTable {
  tunnel_id: string;
  project_id: string;
  name: string;
  start_chainage_m: number;
  length_m: number;
  /** Heading[] of protocol/api.ts: the saved positions (server/tunnel/progress.ts keeps them current). */
  headings: ColumnType<Heading[], string, string>;
  /** RockSegment[] of protocol/api.ts (migration 0049_tunnel_progress_and_rock_segments). */
  rock_segments: ColumnType<RockSegment[], string | undefined, string>;
}

export interface DevicesTable {
  project_id: string;
  sn: string;
  kind: string;
  name: string;
  position: string;
  tunnel_id: string | null;
  report_period_s: number;
  thresholds: ColumnType<Threshold[], string, string>;
  status: string;
  last_seen_ms: number | null;
  latest: ColumnType<Record<string, number> | null, string | null, string | null>;
  /** Metric keys whose threshold a person set on this device (migration 0007_fleet_thresholds): changed defaults skip them. */
  thresholds_edited: ColumnType<string[], string | undefined, string>;
  /** Station (monitoring point) name; registry field (migration 0020). */
  station: Generated<string>;
  /** Chainage along the tunnel in metres, null when not in a tunnel. */
  chainage_m: number | null;
  /** Metrics reported with no threshold on this device, judged on the kind's defaults (migration 0044_rules_unconfigured_metrics). */
  unconfigured_metrics: ColumnType<string[], string | undefined, string>;
  /** A construction vehicle's plate, type, driver and source, null for other kinds (migration 0052_device_vehicle_fields). */
  vehicle: ColumnType<VehicleFields | null, string | null | undefined, string | null>;
}

export interface TelemetryTable {
  project_id: string;
  sn: string;
  ts_ms: number;
  values: ColumnType<Record<string, number>, string, string>;
}

/**
 * One device's readings of one minute (migration 0005_telemetry_chunks; server/storage/chunkCodec.ts): `data` the
 * compressed columns (null once raw retention has passed), `stats` the minute rollup.
 */
export interface TelemetryChunksTable {
  project_id: string;
  sn: string;
  /** Minute start, ms (a multiple of 60 000). */
  start_ms: number;
  /** Time of the chunk's last reading, ms. */
  end_ms: number;
  /** Readings in the chunk. */
  n: number;
  /** Tunnel of a beacon's fixes (a chunk holds fixes of one tunnel); null for other kinds. */
  tunnel_id: string | null;
  data: Uint8Array | null;
  stats: Uint8Array;
}

/** Hour rollup of one device (migration 0005_telemetry_chunks): per-metric stats, encodeStats of chunkCodec.ts. */
export interface TelemetryHoursTable {
  project_id: string;
  sn: string;
  /** Hour start, ms (a multiple of 3 600 000). */
  bucket_ms: number;
  stats: Uint8Array;
}

export interface AlarmsTable {
  alarm_id: Generated<number>;
  project_id: string;
  device_sn: string;
  device_kind: string;
  device_name: string;
  kind: string;
  level: string;
  metric: string;
  value: number | null;
  threshold: number | null;
  unit: string | null;
  raised_at_ms: number;
  cleared_at_ms: number | null;
  state: string;
  deal_status: number;
  deal_remark: string | null;
  dealt_by: string | null;
  dealt_at_ms: number | null;
  pic_url: string | null;
  /** Alarm lifecycle (migration 0006_alarm_lifecycle; protocol/status.ts AlarmLifecycle). */
  side: string | null;
  repeat_count: Generated<number>;
  /** Null only on rows inserted without them: read as raised_at_ms, cleared_at_ms or raised_at_ms, level. */
  first_seen_ms: number | null;
  last_seen_ms: number | null;
  peak_value: number | null;
  peak_level: string | null;
  acked_by: string | null;
  acked_at_ms: number | null;
  /** Shelving (migration 0043_alarm_shelving; protocol/status.ts Alarm): null when not shelved. */
  shelved_until_ms: number | null;
  shelved_by: string | null;
  shelve_reason: string | null;
  /** 'default' when a threshold alarm was judged on the kind's default (migration 0044_rules_unconfigured_metrics), else 'device' or null. */
  limit_source: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface BoardsTable {
  board_id: string;
  project_id: string;
  name: string;
  version: number;
  layout: ColumnType<unknown, string, string>;
  pages: ColumnType<unknown, string, string>;
  created_at_ms: number;
  updated_at_ms: number;
}

/** Published snapshots of a board (migration 0002); at most MAX_RELEASES_PER_BOARD per board are kept. */
export interface BoardReleasesTable {
  board_id: string;
  /** 1, 2, … per board, never reused. */
  release_no: number;
  /** Draft version the snapshot copies. */
  version: number;
  name: string;
  layout: ColumnType<unknown, string, string>;
  pages: ColumnType<unknown, string, string>;
  note: string | null;
  released_at_ms: number;
  released_by: string;
}

/** Single-use board/add tickets (migration 0002); only the ticket's SHA-256 is stored. */
export interface BoardTicketsTable {
  ticket_hash: string;
  username: string;
  project_id: string;
  created_at_ms: number;
  expires_at_ms: number;
}

/** Whole-system style per project (migration 0002); a project without a row has the defaults. */
export interface SystemStylesTable {
  project_id: string;
  theme: string;
  primary_color: string;
  title: string;
  version: number;
  updated_at_ms: number;
  updated_by: string;
}

/** Custom panel types per project (migration 0003; protocol/customPanels.ts). */
export interface CustomPanelTypesTable {
  project_id: string;
  type: string;
  title: string;
  module_url: string;
  default_w: number;
  default_h: number;
  updated_at_ms: number;
  updated_by: string;
}

/**
 * A device message (or an alarm write it caused) that could not be stored (server/ingest/deadLetters.ts).
 * Text columns hold JSON-escaped text, so a NUL or a lone surrogate that made the original write fail
 * is stored as its escape.
 */
export interface DeadLettersTable {
  dead_letter_id: Generated<number>;
  /** Server time of the failure, ms since epoch. */
  at_ms: number;
  project_id: string | null;
  device_sn: string | null;
  /** MQTT topic of the message, when known. */
  topic: string | null;
  /** The raw payload as a JSON string literal (escaped), when known. */
  payload: string | null;
  /** The alarm draft that failed, as JSON, when the failure was an alarm write. */
  draft: string | null;
  /** The database error (SQLSTATE and message). */
  reason: string;
}

/**
 * A kind's default threshold for one metric in one project, set by an administrator (migration 0007_fleet_thresholds).
 * A row exists only while edited; without one the kind's standard default (protocol/kinds) applies.
 */
export interface KindThresholdsTable {
  project_id: string;
  kind: string;
  metric: string;
  threshold: ColumnType<Threshold, string, string>;
  updated_at_ms: number;
  updated_by: string;
}

/** Threshold changes (migration 0007_fleet_thresholds): who changed what, when, old and new value (null: none). */
export interface ThresholdAuditTable {
  audit_id: Generated<number>;
  project_id: string;
  /** The device changed, or null for a change of the kind's defaults in the project. */
  device_sn: string | null;
  kind: string;
  metric: string;
  /** 'set' or 'reset'. */
  action: string;
  old_threshold: ColumnType<Threshold | null, string | null, string | null>;
  new_threshold: ColumnType<Threshold | null, string | null, string | null>;
  changed_by: string;
  changed_at_ms: number;
}

/** Lifts detected from telemetry (migration 0009_fleet_work_records; server/rules/workRecords.ts). */
export interface WorkRecordsTable {
  record_id: Generated<number>;
  project_id: string;
  device_sn: string;
  kind: string;
  started_at_ms: number;
  ended_at_ms: number;
  duration_s: number;
  peak_load_t: number;
  peak_moment_pct: number;
  /** Elevator trips (migration 0016_elevator_trips): the cage, 'left' | 'right'; null for lifts. */
  cage: string | null;
  /** Elevator trips: floor the cage left and floor it stopped at; null for lifts. */
  start_floor: number | null;
  end_floor: number | null;
}

/** A device message whose alarm changes are stored (cluster mode, migration 0035). */
export interface IngestReceiptsTable {
  /** SHA-1 of topic, NUL and payload, base64 (server/cluster/receipts.ts). */
  message_key: string;
  stored_at_ms: number;
}

/** The person registry (migration 0010): who wears which beacon. */
export interface PeopleTable {
  project_id: string;
  person_id: string;
  name: string;
  /** Unique per project where not null. */
  beacon_sn: string | null;
  company: string;
  team: string;
  work_type: string;
  phone: string;
  /** Migration 0065 (docs/operations.md "What is stored"): the real-name register's identity fields. */
  gender: string | null;
  birth_date: string | null;
  /** Resident identity card number, unmasked; '' when unknown. Answered masked but to administrators. */
  id_number: Generated<string>;
  real_name_card_no: Generated<string>;
  address: Generated<string>;
  position: Generated<string>;
  entry_date: string | null;
  leave_date: string | null;
  updated_at_ms: number;
}

/** Zones of a project's bores (migration 0010); chainage in metres from the bore's entry portal. */
export interface ZonesTable {
  project_id: string;
  zone_id: string;
  name: string;
  kind: string;
  tunnel_id: string;
  from_m: number;
  to_m: number;
  entry_alarm: boolean;
  /** JSON array of team names (read back parsed by PGlite/pg, written as JSON text). */
  authorized_teams: ColumnType<string[], string, string>;
  max_stay_min: number | null;
  max_headcount: number | null;
  no_movement_min: number | null;
  signal_lost_s: number | null;
  updated_at_ms: number;
  /** Migration 0044: people in the zone do not count for the gathering rule. */
  gathering_allowed: Generated<boolean>;
  /** Migration 0044: JSON array of the teams whose work area this zone is (leave area). */
  assigned_teams: ColumnType<string[], string | undefined, string>;
}

/** Portal in and out counts of one day per portal zone (migration 0042_portal_counts). */
export interface PortalCountsTable {
  project_id: string;
  zone_id: string;
  /** 00:00 Beijing time of the day counted (epoch ms). */
  day_start_ms: number;
  in_count: number;
  out_count: number;
  updated_at_ms: number;
}

/**
 * Headcount and portal counts of a zone per hour (migration 0047_zone_hour_counts): what the zone rules
 * counted in that hour, written live by server/rules/zoneHours.ts and for the demo's past by
 * server/simulator/backfillRules.ts, read by zone/hours (docs/api.md).
 */
export interface ZoneHourCountsTable {
  project_id: string;
  zone_id: string;
  /** Hour start, ms (a multiple of 3 600 000). */
  hour_start_ms: number;
  /** People in the zone at the hour's end, and the most counted at a minute's end within it. */
  headcount: number;
  max_headcount: number;
  /** Entries into and exits from the tunnel through a portal zone within the hour (0 for other zones). */
  portal_in: number;
  portal_out: number;
}

/**
 * One passage through a portal zone (migration 0070_portal_crossings), written by
 * server/rules/portalCrossings.ts live and by the demo backfill, read by zone/portalCounts (docs/api.md).
 */
export interface PortalCrossingsTable {
  project_id: string;
  zone_id: string;
  /** The fix that completed the passage, epoch ms. */
  at_ms: number;
  /** The beacon, and its wearer's name and team then (no wearer: the device name, team ''). */
  sn: string;
  name: string;
  team: string;
  /** `in` into the tunnel, `out` out of it. */
  direction: 'in' | 'out';
}

/** Drivers of lifting equipment (migrations 0015_equipment_records, 0072_lifting_drivers_archives; docs/api.md "Equipment"). */
export interface EquipmentDriversTable {
  project_id: string;
  driver_id: string;
  name: string;
  card_no: string;
  certificate_no: string;
  /** The first instant the certificate is no longer valid, ms since epoch. */
  certificate_expiry_ms: number;
  phone: string;
  gender: 'male' | 'female' | null;
  /** GB 11643-1999 ID number; '' for rows written before it was asked. */
  id_number: Generated<string>;
  certificate_type: Generated<string>;
  issuing_authority: Generated<string>;
  certificate_issued_ms: number | null;
}

/** The machines (device sns) each driver is assigned to (migration 0072_lifting_drivers_archives). */
export interface EquipmentDriverMachinesTable {
  project_id: string;
  driver_id: string;
  device_sn: string;
}

/** Clock-ins of the cab terminals (migration 0072_lifting_drivers_archives; docs/device-protocol.md "cabFace"). */
export interface LiftingClockInsTable {
  clock_in_id: Generated<number>;
  project_id: string;
  /** The machine clocked in at. */
  device_sn: string;
  terminal_sn: string;
  /** The terminal's record number, or driver and time: one row per terminal and key. */
  clock_key: string;
  /** The driver of the register, null when the terminal named none the register knows. */
  driver_id: string | null;
  at_ms: number;
  received_ms: number;
  matched: boolean;
  score: number | null;
  /** protocol ClockInVerdict. */
  verdict: string;
  /** The photo's name in alarm_captures, null when none was sent. */
  photo_name: string | null;
}

/** Clock-in and clock-out of drivers at their equipment; `clock_out_ms` null while on duty. */
export interface DriverAttendanceTable {
  attendance_id: Generated<number>;
  project_id: string;
  driver_id: string;
  device_sn: string;
  clock_in_ms: number;
  clock_out_ms: number | null;
}

/** Archive of a piece of equipment; `documents` is a JSON array of protocol ArchiveDocument. */
export interface EquipmentArchiveTable {
  project_id: string;
  device_sn: string;
  model: string;
  maker: string;
  serial_no: string;
  rated_load_t: number | null;
  manufactured_at_ms: number | null;
  installed_at_ms: number | null;
  last_inspection_ms: number | null;
  next_inspection_ms: number | null;
  registration_no: string;
  documents: ColumnType<unknown, string, string>;
  /** Migration 0072_lifting_drivers_archives: property right unit, installation unit, inspection report number. */
  property_unit: Generated<string>;
  installation_unit: Generated<string>;
  inspection_report_no: Generated<string>;
  /** Highest hook height (cranes, erectors) or cage travel (elevators), m; null where it does not apply. */
  max_height_m: number | null;
  /** Span (gantry cranes, girder erectors) or jib length (tower cranes), m; null where it does not apply. */
  max_span_m: number | null;
  /** Migration 0073_equipment_archive_attachments: the archive's number, owner id of its attachments (server/storage/equipmentArchive.ts). */
  archive_id: Generated<number>;
  /** Rated lifting moment, kN·m; null where the kind is not rated by it. */
  rated_moment_knm: number | null;
}

/** AI capture pictures of camera alarms (migration 0041_alarm_captures, server/captures/captureStore.ts). */
export interface AlarmCapturesTable {
  project_id: string;
  /** `{sn}-{ts}.{jpg|png}` (server/captures/captureStore.ts CAPTURE_NAME). */
  name: string;
  device_sn: string;
  /** image/jpeg or image/png, from the picture's signature bytes. */
  content_type: string;
  bytes: Uint8Array;
  stored_at_ms: number;
}

/** An invitation of a user to a project (migration 0048); `state`: pending, accepted, declined or withdrawn. */
export interface MemberInvitationsTable {
  invitation_id: Generated<number>;
  project_id: string;
  /** The name as the inviter typed it: it need not be an account (then nobody ever sees the invitation). */
  username: string;
  role: string;
  invited_by: string;
  created_at_ms: number;
  expires_at_ms: number;
  state: string;
  decided_by: string | null;
  decided_at_ms: number | null;
}

/** A request to release serial `sn` of `from_project_id` to `to_project_id` (migration 0048); `state`: pending, approved or refused. */
export interface DeviceTransfersTable {
  transfer_id: Generated<number>;
  sn: string;
  kind: string;
  from_project_id: string;
  to_project_id: string;
  requested_by: string;
  created_at_ms: number;
  expires_at_ms: number;
  state: string;
  decided_by: string | null;
  decided_at_ms: number | null;
}

/** One saved state of a heading's positions (migration 0049_tunnel_progress_and_rock_segments; protocol ProgressEntry). */
export interface TunnelProgressTable {
  entry_id: Generated<number>;
  project_id: string;
  tunnel_id: string;
  heading_id: string;
  at_ms: number;
  /** protocol/tunnelProgress.ts ProgressSource. */
  source: string;
  /** The user, device sn or module that made the change. */
  by: string;
  face_m: number;
  invert_m: number;
  lining_m: number;
  waterproof_m: number | null;
}

/** A heading's identified drill-and-blast stage (migration 0050_drill_blast_cycles; server/cycles). */
export interface CycleStageSpansTable {
  span_id: Generated<number>;
  project_id: string;
  heading_id: string;
  /** protocol CycleStage. */
  stage: string;
  start_ms: number;
  /** Null while the stage lasts. */
  end_ms: number | null;
  /** `reported` or `inferred`. */
  source: string;
  /** `high`, `medium` or `low`. */
  confidence: string;
  editor: string | null;
  advance_m: number | null;
}

/** A closed drill-and-blast round (migration 0050_drill_blast_cycles; protocol CycleRecord). */
export interface CycleRecordsTable {
  cycle_id: Generated<number>;
  project_id: string;
  heading_id: string;
  tunnel_id: string;
  work_face: string;
  cycle_index: number;
  start_ms: number;
  end_ms: number;
  blast_ms: number | null;
  effective_hours: number;
  footage_m: number;
  footage_source: string;
  rock_grade: string | null;
  editors: ColumnType<string[], string, string>;
  stages: ColumnType<CycleRecord['stages'], string, string>;
}

/** Preset round hours of a grade in a project (migration 0050_drill_blast_cycles). */
export interface CyclePresetsTable {
  project_id: string;
  rock_grade: string;
  hours: number;
}

/** One bore's alignment for the plan view (migration 0051_bore_alignments; protocol/alignment.ts). */
export interface BoreAlignmentsTable {
  project_id: string;
  tunnel_id: string;
  /** AlignmentPoint[]: chainage strictly increasing, 2 to MAX_ALIGNMENT_POINTS points. */
  points: ColumnType<AlignmentPoint[], string, string>;
  /** CrossPassage[] leaving this bore. */
  cross_passages: ColumnType<CrossPassage[], string, string>;
  updated_at_ms: number;
  /** Who saved it last (username; `seed` for the demo's). */
  updated_by: string;
}

/** One pass of a gate (migration 0056_gate_attendance): stored once per gate and pass key. */
export interface GatePassesTable {
  project_id: string;
  gate_sn: string;
  /** The gate's pass id, or `personId:direction:ts` when it sends none (protocol/kinds/gate.ts). */
  pass_key: string;
  /** The person's id in the register as the gate reported it (may name nobody: an unknown face). */
  person_id: string;
  direction: 'in' | 'out';
  /** The gate's time of the pass, and the server's receive time, ms. */
  ts_ms: number;
  received_ms: number;
}

/** A team's shift (migration 0056_gate_attendance); a team without a row works DEFAULT_SHIFT. */
export interface TeamShiftsTable {
  project_id: string;
  company: string;
  team: string;
  /** Minutes after 00:00 Beijing time, and length in minutes. */
  start_min: number;
  length_min: number;
  /** Lateness grace, minutes (0–120; migration 0067_company_contact_team_grace, 10 for the shifts before it). */
  late_grace_min: number;
}

/** A cooperating company's enterprise type (migration 0056_gate_attendance). */
export interface LabourCompaniesTable {
  project_id: string;
  company: string;
  enterprise_type: string;
  /** The company's contact person and phone, '' when not set (migration 0067_company_contact_team_grace). */
  contact_name: Generated<string>;
  contact_phone: Generated<string>;
}

/** A camera's stream source (migration 0053; docs/architecture.md "Video"). URLs may carry credentials: never sent to a browser. */
export interface CameraStreamsTable {
  project_id: string;
  sn: string;
  /** protocol/video.ts StreamSource. */
  source: string;
  main_url: string | null;
  sub_url: string | null;
  updated_at_ms: number;
}

/** A camera's recorder lease: the node recording it until `expires_at_ms` (migration 0066_video_recorder_leases; server/video/Recorder.ts). */
export interface VideoRecorderLeasesTable {
  project_id: string;
  sn: string;
  node_id: string;
  expires_at_ms: number;
}

/** A fog cannon's spray linkage, mode and last command (migration 0055_spray_linkages; server/spray). */
export interface SprayLinkagesTable {
  project_id: string;
  sn: string;
  /** The linked environment monitor, metric, limit (the metric's unit) and hold time (s); all null when not linked. */
  station_sn: string | null;
  metric: string | null;
  on_above: number | null;
  hold_s: number | null;
  /** `auto` or `manual` (protocol/spray.ts SPRAY_MODES). */
  mode: Generated<string>;
  /** CommandRecord of protocol/spray.ts, or null before the first command. */
  last_command: ColumnType<CommandRecord | null, string | null, string | null>;
}

/** Files of the registers (migration 0060; server/storage/attachments.ts): an upload until a record names it. */
export interface AttachmentsTable {
  attachment_id: Generated<number>;
  project_id: string;
  /** The register of the record holding it (`event`), null for an upload no record took yet. */
  owner_register: string | null;
  owner_id: number | null;
  file_name: string;
  /** protocol/attachments.ts AttachmentType, from the content's magic bytes. */
  type: string;
  size_bytes: number;
  content: Uint8Array;
  uploaded_by: string;
  uploaded_at_ms: number;
}

/** The event book (migration 0060; docs/domain.md "Event book"). */
export interface ProjectEventsTable {
  event_id: Generated<number>;
  project_id: string;
  occurred_at_ms: number;
  /** protocol/eventBook.ts EventKind. */
  kind: string;
  title: string;
  text: string;
  /** A recordable accident (incidents only): restarts the safe-production days. */
  recordable: boolean;
  recorded_by: string;
  recorded_at_ms: number;
  edited_by: string | null;
  edited_at_ms: number | null;
}

/** A project's units, design figures and reported quantities (migration 0060; protocol/projectHome.ts ProjectProfile). */
export interface ProjectProfilesTable {
  project_id: string;
  profile: ColumnType<unknown, string, string>;
  updated_at_ms: number;
}

/** A record of an emergency register (migration 0062; protocol/emergency.ts): its fields as JSON. */
export interface EmergencyRecordsTable {
  record_id: Generated<number>;
  project_id: string;
  /** protocol/emergency.ts EmergencyRegister. */
  register: string;
  /** The register's fields (EmergencyFields), `register` included. */
  fields: unknown;
  /** A supply point's bore and chainage (m); null for the other registers. */
  tunnel_id: string | null;
  chainage_m: number | null;
  updated_at_ms: number;
  updated_by: string;
}

/** A quality or safety inspection (migration 0063; protocol/inspections.ts). Dates are YYYY-MM-DD, Beijing time. */
export interface InspectionsTable {
  inspection_id: Generated<number>;
  project_id: string;
  category: string;
  issue: string;
  tunnel_id: string | null;
  chainage_m: number | null;
  place: string;
  severity: string;
  company: string;
  found_on: string;
  deadline: string;
  inspector: string;
  photo_note: string;
  rectification: Generated<string>;
  rectified_on: string | null;
  review: string | null;
  reviewer: Generated<string>;
  review_note: Generated<string>;
  reviewed_at_ms: number | null;
  updated_at_ms: number;
}

/** A task of a project's schedule (migration 0068; protocol/schedule.ts). Dates are YYYY-MM-DD, Beijing time. */
export interface ScheduleTasksTable {
  task_id: Generated<number>;
  project_id: string;
  wbs: string;
  name: string;
  parent_id: number | null;
  planned_start: string;
  planned_end: string;
  actual_start: string | null;
  actual_end: string | null;
  progress_pct: number;
  /** Finish-to-start predecessors' task ids (JSON array). */
  predecessor_ids: ColumnType<unknown, string, string>;
  responsible_unit: string;
  milestone: boolean;
  updated_by: string;
  updated_at_ms: number;
}
/** A safety education record (migration 0069_safety_education). */
export interface EducationRecordsTable {
  record_id: Generated<number>;
  project_id: string;
  trained_at_ms: number;
  theme: string;
  type: string;
  method: string;
  /** Hours per participant. */
  hours: number;
  /** Pre-shift records: the team (group) and who led the meeting; '' otherwise. */
  team: Generated<string>;
  initiator: Generated<string>;
  /** Pre-shift records: attachment ids of the sign sheet, photo and video (held by the record). */
  sign_sheet_id: number | null;
  photo_id: number | null;
  video_id: number | null;
  recorded_by: string;
  updated_at_ms: number;
}

/** A participant of a safety education record (a person id of the registry). */
export interface EducationParticipantsTable {
  record_id: number;
  project_id: string;
  person_id: string;
}
