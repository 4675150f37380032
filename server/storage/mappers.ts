import type { Selectable } from 'kysely';
import {
  DEVICE_STATUSES,
  SYSTEM_STYLE_DEFAULTS,
  THEMES,
  boardSchema,
  ALARM_KINDS,
  type AlarmKind,
  type AlarmRecord,
  type AlarmLevel,
  type Board,
  type BoardReleaseInfo,
  type BoardScreen,
  type DealStatus,
  type DeviceInfo,
  type DeviceKind,
  type DeviceStatus,
  type Heading,
  type RockSegment,
  gradeAt,
  type SystemStyle,
  type Threshold,
  type TunnelInfo,
} from '../../protocol';
import type { AlarmsTable, BoardReleasesTable, BoardsTable, DevicesTable, SystemStylesTable, TunnelsTable } from './schema';

/**
 * Serialises a value for a `jsonb` column. Both drivers accept JSON text for jsonb parameters; passing
 * objects would make `pg` send arrays as Postgres arrays instead of JSON.
 */
export function toJson(value: unknown): string {
  return JSON.stringify(value);
}

/**
 * Reads a `jsonb` column. PGlite and `pg` both return parsed values; a string is parsed as a fallback for
 * drivers configured to return raw text. Only for columns that never hold a bare JSON string.
 */
export function fromJson<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

/**
 * Maps an `alarms` row to the wire {@link Alarm}. Rows this server writes always hold protocol values; a
 * hand-edited row falls back to the safest reading (level alarm, kind threshold, untreated).
 */
export function toAlarm(row: Selectable<AlarmsTable>): AlarmRecord {
  const dealStatus = Number(row.deal_status);
  const level = (row.level === 'warning' ? 'warning' : 'alarm') as AlarmLevel;
  return {
    alarmId: Number(row.alarm_id),
    projectId: row.project_id,
    deviceSn: row.device_sn,
    deviceKind: row.device_kind,
    deviceName: row.device_name,
    kind: (ALARM_KINDS as readonly string[]).includes(row.kind) ? (row.kind as AlarmKind) : 'threshold',
    level,
    metric: row.metric,
    value: row.value,
    threshold: row.threshold,
    unit: row.unit,
    raisedAtMs: row.raised_at_ms,
    clearedAtMs: row.cleared_at_ms,
    state: row.state === 'cleared' ? 'cleared' : 'active',
    dealStatus: (dealStatus === 1 || dealStatus === 2 ? dealStatus : 0) as DealStatus,
    dealRemark: row.deal_remark,
    dealtBy: row.dealt_by,
    dealtAtMs: row.dealt_at_ms,
    picUrl: row.pic_url,
    side: row.side === 'below' || row.side === 'over' ? row.side : null,
    repeatCount: Number(row.repeat_count),
    firstSeenMs: row.first_seen_ms ?? row.raised_at_ms,
    lastSeenMs: row.last_seen_ms ?? row.cleared_at_ms ?? row.raised_at_ms,
    peakValue: row.peak_value,
    peakLevel: row.peak_level === 'warning' || row.peak_level === 'alarm' ? row.peak_level : level,
    ackedBy: row.acked_by,
    ackedAtMs: row.acked_at_ms,
    shelvedUntilMs: row.shelved_until_ms ?? null,
    shelvedBy: row.shelved_by ?? null,
    shelveReason: row.shelve_reason ?? null,
    ...(row.limit_source === 'default' || row.limit_source === 'device' ? { limitSource: row.limit_source } : {}),
  };
}

/** Live state of a device as the live pipeline knows it (same shape as live.ts `DeviceLiveState`). */
export interface LiveDeviceState {
  status: DeviceStatus;
  /** Seen and not silent beyond its kind's offline rule (docs/domain.md); absent from an older node's share. */
  online?: boolean;
  lastSeenMs: number | null;
  latest: Record<string, number> | null;
}

/**
 * Maps a `devices` row to the wire {@link DeviceInfo}; `live`, when given, overrides the persisted status,
 * last-seen time and latest values (the row holds what was last persisted, which may lag).
 */
export function toDeviceInfo(row: Selectable<DevicesTable>, live?: LiveDeviceState | null): DeviceInfo {
  const status = (DEVICE_STATUSES as readonly string[]).includes(row.status) ? (row.status as DeviceStatus) : 'unknown';
  return {
    sn: row.sn,
    kind: row.kind as DeviceKind,
    name: row.name,
    position: row.position,
    tunnelId: row.tunnel_id,
    reportPeriodS: row.report_period_s,
    status: live?.status ?? status,
    online: live?.online ?? (live ? live.status !== 'offline' && live.status !== 'unknown' : status !== 'offline' && status !== 'unknown'),
    lastSeenMs: live ? live.lastSeenMs : row.last_seen_ms,
    latest: live ? live.latest : fromJson<Record<string, number> | null>(row.latest),
    thresholds: fromJson<Threshold[]>(row.thresholds),
  };
}

/**
 * Maps a `tunnels` row to the wire {@link TunnelInfo}: the saved headings, the rock segments, and each
 * heading's `rockGrade` the grade of the segment at its face where the bore has segments (protocol gradeAt).
 */
export function toTunnelInfo(row: Selectable<TunnelsTable>): TunnelInfo {
  const rockSegments = fromJson<RockSegment[] | null>(row.rock_segments) ?? [];
  const headings = fromJson<Heading[]>(row.headings);
  return {
    tunnelId: row.tunnel_id,
    name: row.name,
    startChainageM: row.start_chainage_m,
    lengthM: row.length_m,
    headings: rockSegments.length > 0 ? headings.map((h) => ({ ...h, rockGrade: gradeAt(rockSegments, h.faceM) ?? h.rockGrade })) : headings,
    rockSegments,
  };
}

/**
 * Maps a `boards` row to the wire {@link Board}, checked against the board schema so a row edited by
 * hand can never send the browser a malformed board.
 * @throws ZodError when the stored board is not a valid board.
 */
export function toBoard(row: Selectable<BoardsTable>): Board {
  return boardSchema.parse({
    boardId: row.board_id,
    projectId: row.project_id,
    name: row.name,
    version: Number(row.version),
    layout: fromJson(row.layout),
    pages: fromJson(row.pages),
  });
}

/** Maps a `board_releases` row to its summary (without the snapshot itself). */
export function toBoardReleaseInfo(row: Omit<Selectable<BoardReleasesTable>, 'layout' | 'pages'>): BoardReleaseInfo {
  return {
    boardId: row.board_id,
    releaseNo: Number(row.release_no),
    version: Number(row.version),
    name: row.name,
    note: row.note,
    releasedAtMs: row.released_at_ms,
    releasedBy: row.released_by,
  };
}

/**
 * Maps a `board_releases` row and its board's project to the released board as viewers get it
 * (`source: 'release'`).
 * @throws ZodError when the stored snapshot is not a valid board.
 */
export function toReleasedBoard(row: Selectable<BoardReleasesTable>, projectId: string): BoardScreen {
  const board = boardSchema.parse({
    boardId: row.board_id,
    projectId,
    name: row.name,
    version: Number(row.version),
    layout: fromJson(row.layout),
    pages: fromJson(row.pages),
  });
  return { ...board, source: 'release', releaseNo: Number(row.release_no), releasedAtMs: row.released_at_ms };
}

/**
 * Maps a `system_styles` row to the wire {@link SystemStyle}; a project without a row gets
 * SYSTEM_STYLE_DEFAULTS at version 0.
 */
export function toSystemStyle(projectId: string, row: Selectable<SystemStylesTable> | undefined): SystemStyle {
  if (!row) return { projectId, ...SYSTEM_STYLE_DEFAULTS, version: 0 };
  const theme = (THEMES as readonly string[]).includes(row.theme) ? (row.theme as SystemStyle['theme']) : SYSTEM_STYLE_DEFAULTS.theme;
  return { projectId, theme, primaryColor: row.primary_color, title: row.title, version: Number(row.version) };
}
