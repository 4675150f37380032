import { sql, type Kysely } from 'kysely';
import type { Migration, MigrationProvider } from 'kysely/migration';
import { VIDEO_KINDS } from '../../protocol';
import { defaultThresholdRevision, type KindDefaultsRevision } from './thresholdRevisions';

/**
 * Schema migrations, in code so that the bundle and tests need no migration folder. Names sort in the
 * order they run; a migration, once released, is never edited (add a new one instead).
 * Time columns are `double precision` milliseconds since the epoch; JSON columns are `jsonb`.
 */
const initial: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('users')
      .addColumn('username', 'text', (c) => c.primaryKey())
      .addColumn('display_name', 'text', (c) => c.notNull())
      .addColumn('password_hash', 'text', (c) => c.notNull())
      .addColumn('is_admin', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('created_at_ms', 'double precision', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('projects')
      .addColumn('project_id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('co_id', 'text', (c) => c.notNull())
      .addColumn('co_name', 'text', (c) => c.notNull())
      .addColumn('co_logo', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('mqtt_username', 'text', (c) => c.notNull().unique())
      .addColumn('mqtt_password', 'text', (c) => c.notNull())
      .addColumn('created_at_ms', 'double precision', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('sessions')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('username', 'text', (c) => c.notNull().references('users.username').onDelete('cascade'))
      .addColumn('project_id', 'text', (c) => c.notNull())
      .addColumn('created_at_ms', 'double precision', (c) => c.notNull())
      .addColumn('expires_at_ms', 'double precision', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('sessions_expires_idx').on('sessions').column('expires_at_ms').execute();
    await db.schema.createIndex('sessions_username_idx').on('sessions').columns(['username', 'created_at_ms']).execute();

    await db.schema
      .createTable('memberships')
      .addColumn('username', 'text', (c) => c.notNull().references('users.username').onDelete('cascade'))
      .addColumn('project_id', 'text', (c) => c.notNull().references('projects.project_id').onDelete('cascade'))
      .addColumn('mid', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('memberships_pk', ['username', 'project_id'])
      .execute();
    await db.schema.createIndex('memberships_project_idx').on('memberships').column('project_id').execute();

    await db.schema
      .createTable('tunnels')
      .addColumn('project_id', 'text', (c) => c.notNull().references('projects.project_id').onDelete('cascade'))
      .addColumn('tunnel_id', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('start_chainage_m', 'double precision', (c) => c.notNull())
      .addColumn('length_m', 'double precision', (c) => c.notNull())
      .addColumn('headings', 'jsonb', (c) => c.notNull())
      .addPrimaryKeyConstraint('tunnels_pk', ['project_id', 'tunnel_id'])
      .execute();

    await db.schema
      .createTable('devices')
      .addColumn('project_id', 'text', (c) => c.notNull().references('projects.project_id').onDelete('cascade'))
      .addColumn('sn', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('position', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('tunnel_id', 'text')
      .addColumn('report_period_s', 'double precision', (c) => c.notNull())
      .addColumn('thresholds', 'jsonb', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('unknown'))
      .addColumn('last_seen_ms', 'double precision')
      .addColumn('latest', 'jsonb')
      .addPrimaryKeyConstraint('devices_pk', ['project_id', 'sn'])
      .execute();

    // Not unique: a redelivered QoS 1 message may repeat a timestamp, and a duplicate must never fail a
    // whole batch insert.
    await db.schema
      .createTable('telemetry')
      .addColumn('project_id', 'text', (c) => c.notNull())
      .addColumn('sn', 'text', (c) => c.notNull())
      .addColumn('ts_ms', 'double precision', (c) => c.notNull())
      .addColumn('values', 'jsonb', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('telemetry_project_sn_ts_idx').on('telemetry').columns(['project_id', 'sn', 'ts_ms']).execute();
    // Retention deletes by time across all devices.
    await db.schema.createIndex('telemetry_ts_idx').on('telemetry').column('ts_ms').execute();

    await db.schema
      .createTable('alarms')
      .addColumn('alarm_id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
      .addColumn('project_id', 'text', (c) => c.notNull())
      .addColumn('device_sn', 'text', (c) => c.notNull())
      .addColumn('device_kind', 'text', (c) => c.notNull())
      .addColumn('device_name', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('level', 'text', (c) => c.notNull())
      .addColumn('metric', 'text', (c) => c.notNull())
      .addColumn('value', 'double precision')
      .addColumn('threshold', 'double precision')
      .addColumn('unit', 'text')
      .addColumn('raised_at_ms', 'double precision', (c) => c.notNull())
      .addColumn('cleared_at_ms', 'double precision')
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('deal_status', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('deal_remark', 'text')
      .addColumn('dealt_by', 'text')
      .addColumn('dealt_at_ms', 'double precision')
      .addColumn('pic_url', 'text')
      .execute();
    await db.schema
      .createIndex('alarms_project_id_idx')
      .on('alarms')
      .expression(sql`project_id, alarm_id desc`)
      .execute();
    await db.schema.createIndex('alarms_project_state_idx').on('alarms').columns(['project_id', 'state']).execute();

    await db.schema
      .createTable('boards')
      .addColumn('board_id', 'text', (c) => c.primaryKey())
      .addColumn('project_id', 'text', (c) => c.notNull().references('projects.project_id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('layout', 'jsonb', (c) => c.notNull())
      .addColumn('pages', 'jsonb', (c) => c.notNull())
      .addColumn('created_at_ms', 'double precision', (c) => c.notNull())
      .addColumn('updated_at_ms', 'double precision', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('boards_project_idx').on('boards').columns(['project_id', 'created_at_ms']).execute();
  },
};

/** Board server (docs/api.md "Board server"): releases with history, board/add tickets, per-project system style. */
const boardServer: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('board_releases')
      .addColumn('board_id', 'text', (c) => c.notNull().references('boards.board_id').onDelete('cascade'))
      .addColumn('release_no', 'integer', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('layout', 'jsonb', (c) => c.notNull())
      .addColumn('pages', 'jsonb', (c) => c.notNull())
      .addColumn('note', 'text')
      .addColumn('released_at_ms', 'double precision', (c) => c.notNull())
      .addColumn('released_by', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('board_releases_pk', ['board_id', 'release_no'])
      .execute();

    await db.schema
      .createTable('board_tickets')
      .addColumn('ticket_hash', 'text', (c) => c.primaryKey())
      .addColumn('username', 'text', (c) => c.notNull().references('users.username').onDelete('cascade'))
      .addColumn('project_id', 'text', (c) => c.notNull().references('projects.project_id').onDelete('cascade'))
      .addColumn('created_at_ms', 'double precision', (c) => c.notNull())
      .addColumn('expires_at_ms', 'double precision', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('board_tickets_username_idx').on('board_tickets').columns(['username', 'created_at_ms']).execute();
    await db.schema.createIndex('board_tickets_expires_idx').on('board_tickets').column('expires_at_ms').execute();

    await db.schema
      .createTable('system_styles')
      .addColumn('project_id', 'text', (c) => c.primaryKey().references('projects.project_id').onDelete('cascade'))
      .addColumn('theme', 'text', (c) => c.notNull())
      .addColumn('primary_color', 'text', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('updated_at_ms', 'double precision', (c) => c.notNull())
      .addColumn('updated_by', 'text', (c) => c.notNull())
      .execute();
  },
};

/** Custom panel types per project (docs/custom-modules.md; protocol/customPanels.ts). */
const customPanelTypes: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('custom_panel_types')
      .addColumn('project_id', 'text', (c) => c.notNull().references('projects.project_id').onDelete('cascade'))
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('module_url', 'text', (c) => c.notNull())
      .addColumn('default_w', 'integer', (c) => c.notNull())
      .addColumn('default_h', 'integer', (c) => c.notNull())
      .addColumn('updated_at_ms', 'double precision', (c) => c.notNull())
      .addColumn('updated_by', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('custom_panel_types_pk', ['project_id', 'type'])
      .execute();
  },
};

/**
 * Dead letters (docs/device-protocol.md "Dead letters"): accepted device messages whose alarm could not be
 * stored for a data reason, kept with the reason instead of being retried forever. Bounded by the server
 * (server/ingest/deadLetters.ts): at most a fixed number of rows, and no older than the retention.
 */
const deadLetters: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('dead_letters')
      .addColumn('dead_letter_id', 'serial', (c) => c.primaryKey())
      .addColumn('at_ms', 'double precision', (c) => c.notNull())
      .addColumn('project_id', 'text')
      .addColumn('device_sn', 'text')
      .addColumn('topic', 'text')
      .addColumn('payload', 'text')
      .addColumn('draft', 'text')
      .addColumn('reason', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('dead_letters_at_idx').on('dead_letters').column('at_ms').execute();
  },
};

/**
 * Telemetry stored for time ranges (docs/operations.md "Telemetry storage"): one row per device per
 * minute, its readings column-wise in a compressed `data` chunk (server/storage/chunkCodec.ts), the
 * beacon's tunnel on the row, and the minute's per-metric stats (the minute rollup); one row per device
 * per hour with the hour's stats. The old `telemetry` table is kept and still read for rows written before.
 */
const telemetryChunks: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('telemetry_chunks')
      .addColumn('project_id', 'text', (c) => c.notNull())
      .addColumn('sn', 'text', (c) => c.notNull())
      // minute start (ms, a multiple of 60 000) and the last reading's time
      .addColumn('start_ms', 'double precision', (c) => c.notNull())
      .addColumn('end_ms', 'double precision', (c) => c.notNull())
      .addColumn('n', 'integer', (c) => c.notNull())
      .addColumn('tunnel_id', 'text')
      // null once raw retention has passed; the stats (minute rollup) stay longer
      .addColumn('data', 'bytea')
      .addColumn('stats', 'bytea', (c) => c.notNull())
      .execute();
    // Not unique: a restart in the middle of a minute may write a second chunk for it; readers merge.
    await db.schema.createIndex('telemetry_chunks_sn_idx').on('telemetry_chunks').columns(['project_id', 'sn', 'start_ms']).execute();
    await db.schema
      .createIndex('telemetry_chunks_tunnel_idx')
      .on('telemetry_chunks')
      .columns(['project_id', 'tunnel_id', 'start_ms'])
      .where(sql.ref('tunnel_id'), 'is not', null)
      .execute();
    await db.schema
      .createTable('telemetry_hours')
      .addColumn('project_id', 'text', (c) => c.notNull())
      .addColumn('sn', 'text', (c) => c.notNull())
      .addColumn('bucket_ms', 'double precision', (c) => c.notNull())
      .addColumn('stats', 'bytea', (c) => c.notNull())
      .addPrimaryKeyConstraint('telemetry_hours_pk', ['project_id', 'sn', 'bucket_ms'])
      .execute();
  },
};

/**
 * Editable thresholds (docs/api.md "Thresholds"): which metrics a person edited per device
 * (changed defaults skip them), a project's own defaults per kind, and the audit of every change.
 */
const fleetThresholds: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('devices')
      .addColumn('thresholds_edited', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
      .execute();

    await db.schema
      .createTable('kind_thresholds')
      .addColumn('project_id', 'text', (c) => c.notNull().references('projects.project_id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('metric', 'text', (c) => c.notNull())
      .addColumn('threshold', 'jsonb', (c) => c.notNull())
      .addColumn('updated_at_ms', 'double precision', (c) => c.notNull())
      .addColumn('updated_by', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('kind_thresholds_pk', ['project_id', 'kind', 'metric'])
      .execute();

    await db.schema
      .createTable('threshold_audit')
      .addColumn('audit_id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
      .addColumn('project_id', 'text', (c) => c.notNull().references('projects.project_id').onDelete('cascade'))
      .addColumn('device_sn', 'text')
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('metric', 'text', (c) => c.notNull())
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('old_threshold', 'jsonb')
      .addColumn('new_threshold', 'jsonb')
      .addColumn('changed_by', 'text', (c) => c.notNull())
      .addColumn('changed_at_ms', 'double precision', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('threshold_audit_project_idx')
      .on('threshold_audit')
      .expression(sql`project_id, audit_id desc`)
      .execute();
  },
};

/**
 * Alarm lifecycle (docs/api.md "Alarm lifecycle"): side (below/over limit), repeat count, first and last
 * seen, peak value and level, acknowledgement. Existing rows are filled from what they hold: first and last
 * seen from raised_at_ms, peak from the stored value and level, side from the value against the limit.
 * The new time and peak columns stay nullable (read as raised_at_ms and level when null), so a row
 * inserted by older code still reads back complete.
 * Indexes for the alarm center's searches by time and by device.
 */
const alarmLifecycle: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('alarms')
      .addColumn('side', 'text')
      .addColumn('repeat_count', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('first_seen_ms', 'double precision')
      .addColumn('last_seen_ms', 'double precision')
      .addColumn('peak_value', 'double precision')
      .addColumn('peak_level', 'text')
      .addColumn('acked_by', 'text')
      .addColumn('acked_at_ms', 'double precision')
      .execute();
    await sql`update alarms set
        first_seen_ms = raised_at_ms,
        last_seen_ms = coalesce(cleared_at_ms, raised_at_ms),
        peak_value = value,
        peak_level = level,
        side = case when kind = 'threshold' and value is not null and threshold is not null
                    then case when value < threshold then 'below' else 'over' end
                    else null end`.execute(db);
    await db.schema.createIndex('alarms_project_raised_idx').on('alarms').columns(['project_id', 'raised_at_ms']).execute();
    await db.schema.createIndex('alarms_project_device_idx').on('alarms').columns(['project_id', 'device_sn']).execute();
  },
};

/**
 * Changed default thresholds, one migration each, in order (thresholdRevisions.ts), values written out:
 * `'000N_fleet_defaults_<what>': [{ kind, scope, thresholds: [ … ] }]`.
 */
export const THRESHOLD_DEFAULT_REVISIONS: Record<string, readonly KindDefaultsRevision[]> = {
  // Tower crane statuses (JGJ 332-2014 §3.1): an alarm while anti-collision, a limit switch or a restricted zone is on.
  '0008_fleet_defaults_tower_crane_statuses': [
    {
      kind: 'towerCrane',
      scope: 'all',
      thresholds: [
        { metric: 'antiCollision', unit: '', warnHigh: null, alarmHigh: 1, warnLow: null, alarmLow: null, clearRatio: 1, clearLow: null },
        { metric: 'limitSwitch', unit: '', warnHigh: null, alarmHigh: 1, warnLow: null, alarmLow: null, clearRatio: 1, clearLow: null },
        { metric: 'restrictedZone', unit: '', warnHigh: null, alarmHigh: 1, warnLow: null, alarmLow: null, clearRatio: 1, clearLow: null },
      ],
    },
  ],
  // Beacon blood pressure (docs/domain.md): alarm at the hypertension line 140/90 mmHg (no warning level).
  '0011_people_defaults_blood_pressure': [
    {
      kind: 'beacon',
      scope: 'all',
      thresholds: [
        { metric: 'sbp', unit: 'mmHg', warnHigh: null, alarmHigh: 140, warnLow: null, alarmLow: null, clearRatio: 0.95, clearLow: null },
        { metric: 'dbp', unit: 'mmHg', warnHigh: null, alarmHigh: 90, warnLow: null, alarmLow: null, clearRatio: 0.95, clearLow: null },
      ],
    },
  ],
  // Beacon-reported states and supply voltage (docs/device-protocol.md "beacon", docs/domain.md): fall and
  // tamper alarm while on; static, miner lamp and Bluetooth faults warn while on; under-voltage ≤ 3.5 / ≤ 3.4 V.
  '0045_people_defaults_beacon_states_voltage': [
    {
      kind: 'beacon',
      scope: 'all',
      thresholds: [
        { metric: 'fall', unit: '', warnHigh: null, alarmHigh: 1, warnLow: null, alarmLow: null, clearRatio: 1, clearLow: null },
        { metric: 'tamper', unit: '', warnHigh: null, alarmHigh: 1, warnLow: null, alarmLow: null, clearRatio: 1, clearLow: null },
        { metric: 'static', unit: '', warnHigh: 1, alarmHigh: null, warnLow: null, alarmLow: null, clearRatio: 1, clearLow: null },
        { metric: 'lampFault', unit: '', warnHigh: 1, alarmHigh: null, warnLow: null, alarmLow: null, clearRatio: 1, clearLow: null },
        { metric: 'bluetoothFault', unit: '', warnHigh: 1, alarmHigh: null, warnLow: null, alarmLow: null, clearRatio: 1, clearLow: null },
        { metric: 'voltageV', unit: 'V', warnHigh: null, alarmHigh: null, warnLow: 3.5, alarmLow: 3.4, clearRatio: 1, clearLow: 3.6 },
      ],
    },
  ],
};

/** Work records: lifts detected from telemetry (docs/api.md "Work records"; server/rules/workRecords.ts). */
const workRecords: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('work_records')
      .addColumn('record_id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
      .addColumn('project_id', 'text', (c) => c.notNull().references('projects.project_id').onDelete('cascade'))
      .addColumn('device_sn', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('started_at_ms', 'double precision', (c) => c.notNull())
      .addColumn('ended_at_ms', 'double precision', (c) => c.notNull())
      .addColumn('duration_s', 'double precision', (c) => c.notNull())
      .addColumn('peak_load_t', 'double precision', (c) => c.notNull())
      .addColumn('peak_moment_pct', 'double precision', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('work_records_project_idx')
      .on('work_records')
      .expression(sql`project_id, device_sn, started_at_ms desc`)
      .execute();
  },
};

/**
 * People and zones (docs/api.md "People and zones"): the person registry (who wears which
 * beacon; one person per beacon in a project) and the zones of each bore whose rules raise `zone` alarms.
 */
const peopleZones: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('people')
      .addColumn('project_id', 'text', (c) => c.notNull().references('projects.project_id').onDelete('cascade'))
      .addColumn('person_id', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('beacon_sn', 'text')
      .addColumn('company', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('team', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('work_type', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('phone', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('updated_at_ms', 'double precision', (c) => c.notNull())
      .addPrimaryKeyConstraint('people_pk', ['project_id', 'person_id'])
      .execute();
    await sql`create unique index people_beacon_idx on people (project_id, beacon_sn) where beacon_sn is not null`.execute(db);
    await db.schema
      .createTable('zones')
      .addColumn('project_id', 'text', (c) => c.notNull().references('projects.project_id').onDelete('cascade'))
      .addColumn('zone_id', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('tunnel_id', 'text', (c) => c.notNull())
      .addColumn('from_m', 'double precision', (c) => c.notNull())
      .addColumn('to_m', 'double precision', (c) => c.notNull())
      .addColumn('entry_alarm', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('authorized_teams', 'jsonb', (c) => c.notNull())
      .addColumn('max_stay_min', 'double precision')
      .addColumn('max_headcount', 'integer')
      .addColumn('no_movement_min', 'double precision')
      .addColumn('signal_lost_s', 'integer')
      .addColumn('updated_at_ms', 'double precision', (c) => c.notNull())
      .addPrimaryKeyConstraint('zones_pk', ['project_id', 'zone_id'])
      .execute();
  },
};

/**
 * Receipts of device messages whose alarm changes are stored, for a cluster (docs/operations.md
 * "Cluster"): written in the same transaction as the alarm change, so a node that takes a partition over
 * recognises a redelivered message the dead owner had stored but not yet acknowledged.
 */
const clusterReceipts: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('ingest_receipts')
      .addColumn('message_key', 'text', (c) => c.primaryKey())
      .addColumn('stored_at_ms', 'double precision', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('ingest_receipts_stored_idx').on('ingest_receipts').column('stored_at_ms').execute();
  },
};

/**
 * Administration (docs/api.md "Administration"): a role per membership, user account states, organisations, project details,
 * device chainage and station, the audit log. Existing members keep what they could do: administrators'
 * memberships become `orgAdmin`, everyone else's `projectManager` (they built boards and handled alarms).
 */
const adminRoles: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('memberships').addColumn('role', 'text', (c) => c.notNull().defaultTo('viewer')).execute();
    await sql`update memberships m set role = case when u.is_admin then 'orgAdmin' else 'projectManager' end
      from users u where u.username = m.username`.execute(db);

    await db.schema.alterTable('users').addColumn('disabled', 'boolean', (c) => c.notNull().defaultTo(false)).execute();
    await db.schema.alterTable('users').addColumn('must_change_password', 'boolean', (c) => c.notNull().defaultTo(false)).execute();
    await db.schema.alterTable('users').addColumn('wall_screen', 'boolean', (c) => c.notNull().defaultTo(false)).execute();

    await db.schema
      .createTable('organisations')
      .addColumn('co_id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('logo', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('archived_at_ms', 'double precision')
      .addColumn('created_at_ms', 'double precision', (c) => c.notNull())
      .execute();
    await sql`insert into organisations (co_id, name, logo, created_at_ms)
      select distinct on (co_id) co_id, co_name, co_logo, created_at_ms from projects order by co_id, created_at_ms`.execute(db);

    await db.schema.alterTable('projects').addColumn('project_type', 'text', (c) => c.notNull().defaultTo('tunnel')).execute();
    await db.schema.alterTable('projects').addColumn('location', 'text', (c) => c.notNull().defaultTo('')).execute();
    await db.schema.alterTable('projects').addColumn('latitude', 'double precision').execute();
    await db.schema.alterTable('projects').addColumn('longitude', 'double precision').execute();
    await db.schema.alterTable('projects').addColumn('contractor', 'text', (c) => c.notNull().defaultTo('')).execute();
    await db.schema.alterTable('projects').addColumn('start_date', 'text').execute();
    await db.schema.alterTable('projects').addColumn('planned_end_date', 'text').execute();
    await db.schema.alterTable('projects').addColumn('key_figures', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`)).execute();
    await db.schema.alterTable('projects').addColumn('archived_at_ms', 'double precision').execute();

    await db.schema.alterTable('devices').addColumn('station', 'text', (c) => c.notNull().defaultTo('')).execute();
    await db.schema.alterTable('devices').addColumn('chainage_m', 'double precision').execute();

    await db.schema
      .createTable('audit_log')
      .addColumn('audit_id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
      .addColumn('at_ms', 'double precision', (c) => c.notNull())
      .addColumn('username', 'text', (c) => c.notNull())
      .addColumn('project_id', 'text')
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('target', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('detail', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema.createIndex('audit_log_at_idx').on('audit_log').expression(sql`at_ms desc`).execute();
    await db.schema.createIndex('audit_log_project_idx').on('audit_log').expression(sql`project_id, at_ms desc`).execute();
  },
};

/**
 * Equipment records of the detail modal (docs/api.md "Equipment"): drivers with their
 * operator certificates, their clock-in and clock-out, and each device's archive.
 */
const equipmentRecords: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('equipment_drivers')
      .addColumn('project_id', 'text', (c) => c.notNull().references('projects.project_id').onDelete('cascade'))
      .addColumn('driver_id', 'text', (c) => c.notNull())
      .addColumn('device_sn', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('card_no', 'text', (c) => c.notNull())
      .addColumn('certificate_no', 'text', (c) => c.notNull())
      .addColumn('certificate_expiry_ms', 'double precision', (c) => c.notNull())
      .addColumn('phone', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('equipment_drivers_pk', ['project_id', 'driver_id'])
      .execute();
    await db.schema.createIndex('equipment_drivers_device_idx').on('equipment_drivers').columns(['project_id', 'device_sn']).execute();
    await db.schema
      .createTable('driver_attendance')
      .addColumn('attendance_id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
      .addColumn('project_id', 'text', (c) => c.notNull().references('projects.project_id').onDelete('cascade'))
      .addColumn('driver_id', 'text', (c) => c.notNull())
      .addColumn('device_sn', 'text', (c) => c.notNull())
      .addColumn('clock_in_ms', 'double precision', (c) => c.notNull())
      .addColumn('clock_out_ms', 'double precision')
      .execute();
    await db.schema
      .createIndex('driver_attendance_device_idx')
      .on('driver_attendance')
      .expression(sql`project_id, device_sn, clock_in_ms desc`)
      .execute();
    await db.schema
      .createTable('equipment_archive')
      .addColumn('project_id', 'text', (c) => c.notNull().references('projects.project_id').onDelete('cascade'))
      .addColumn('device_sn', 'text', (c) => c.notNull())
      .addColumn('model', 'text', (c) => c.notNull())
      .addColumn('maker', 'text', (c) => c.notNull())
      .addColumn('serial_no', 'text', (c) => c.notNull())
      .addColumn('rated_load_t', 'double precision')
      .addColumn('manufactured_at_ms', 'double precision')
      .addColumn('installed_at_ms', 'double precision')
      .addColumn('last_inspection_ms', 'double precision')
      .addColumn('next_inspection_ms', 'double precision')
      .addColumn('registration_no', 'text', (c) => c.notNull())
      .addColumn('documents', 'jsonb', (c) => c.notNull())
      .addPrimaryKeyConstraint('equipment_archive_pk', ['project_id', 'device_sn'])
      .execute();
  },
};

/**
 * Telemetry chunks partitioned by time (docs/operations.md "Telemetry storage"): telemetry_chunks becomes a
 * table partitioned by range of `start_ms`, one partition per UTC day (server/storage/telemetryPartitions.ts
 * creates them ahead and retention drops whole days) plus a DEFAULT partition for chunks of days without
 * one (rows written before this migration outside the days created here stay there and age out row by row).
 * Indexes, declared on the parent so every partition has them: the two B-trees of 0005 (a device's or a
 * tunnel's chunks over a range) and a BRIN index on `start_ms` (time-only scans such as retention; a few
 * pages per partition). The same layout on PGlite and PostgreSQL.
 */
const telemetryPartitions: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`alter table telemetry_chunks rename to telemetry_chunks_0005`.execute(db);
    await sql`alter index telemetry_chunks_sn_idx rename to telemetry_chunks_0005_sn_idx`.execute(db);
    await sql`alter index telemetry_chunks_tunnel_idx rename to telemetry_chunks_0005_tunnel_idx`.execute(db);
    await sql`create table telemetry_chunks (
      project_id text not null,
      sn text not null,
      start_ms double precision not null,
      end_ms double precision not null,
      n integer not null,
      tunnel_id text,
      data bytea,
      stats bytea not null
    ) partition by range (start_ms)`.execute(db);
    await sql`create table telemetry_chunks_default partition of telemetry_chunks default`.execute(db);
    await sql`create index telemetry_chunks_sn_idx on telemetry_chunks (project_id, sn, start_ms)`.execute(db);
    await sql`create index telemetry_chunks_tunnel_idx on telemetry_chunks (project_id, tunnel_id, start_ms) where tunnel_id is not null`.execute(db);
    await sql`create index telemetry_chunks_start_brin on telemetry_chunks using brin (start_ms)`.execute(db);
    const today = Math.floor(Date.now() / 86_400_000) * 86_400_000;
    for (let d = -1; d <= 7; d++) {
      const from = today + d * 86_400_000;
      const name = `telemetry_chunks_d${new Date(from).toISOString().slice(0, 10).replaceAll('-', '')}`;
      await sql`create table ${sql.table(name)} partition of telemetry_chunks for values from (${sql.lit(from)}) to (${sql.lit(from + 86_400_000)})`.execute(db);
    }
    await sql`insert into telemetry_chunks select project_id, sn, start_ms, end_ms, n, tunnel_id, data, stats from telemetry_chunks_0005`.execute(db);
    await sql`drop table telemetry_chunks_0005`.execute(db);
  },
};

/**
 * Construction elevator trips as work records (docs/api.md "Work records"; server/rules/workRecords.ts): which cage made
 * the trip ('left' | 'right') and the floors it left and stopped at. Null for crane lifts (and for rows
 * written before this migration).
 */
const elevatorTrips: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('work_records')
      .addColumn('cage', 'text')
      .addColumn('start_floor', 'integer')
      .addColumn('end_floor', 'integer')
      .execute();
  },
};

/**
 * AI capture pictures (server/captures; docs/device-protocol.md): the picture a camera sends with its alarm, stored in the
 * database so that every cluster node serves it and an in-memory test database holds it too. Bounded by
 * server/captures/captureStore.ts (count cap and retention), pruned oldest first.
 */
const alarmCaptures: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('alarm_captures')
      .addColumn('project_id', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('device_sn', 'text', (c) => c.notNull())
      .addColumn('content_type', 'text', (c) => c.notNull())
      .addColumn('bytes', 'bytea', (c) => c.notNull())
      .addColumn('stored_at_ms', 'double precision', (c) => c.notNull())
      .addPrimaryKeyConstraint('alarm_captures_pk', ['project_id', 'name'])
      .execute();
    await db.schema.createIndex('alarm_captures_stored_idx').on('alarm_captures').column('stored_at_ms').execute();
  },
};

/**
 * Portal in and out counts of the day per portal zone (docs/api.md "People and zones"; server/rules/portalCounts.ts), so a
 * restart keeps today's counts. One row per zone (the day's counts overwrite the day before's).
 */
const portalCounts: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('portal_counts')
      .addColumn('project_id', 'text', (c) => c.notNull())
      .addColumn('zone_id', 'text', (c) => c.notNull())
      .addColumn('day_start_ms', 'double precision', (c) => c.notNull())
      .addColumn('in_count', 'integer', (c) => c.notNull())
      .addColumn('out_count', 'integer', (c) => c.notNull())
      .addColumn('updated_at_ms', 'double precision', (c) => c.notNull())
      .addPrimaryKeyConstraint('portal_counts_pk', ['project_id', 'zone_id'])
      .execute();
  },
};

/**
 * Alarm shelving (EEMUA 191; docs/api.md "alarm/shelve"): until when, by whom and why an alarm is shelved,
 * null when it is not. The partial index serves the periodic unshelve sweep (server/rules/alarmShelving.ts).
 */
const alarmShelving: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('alarms')
      .addColumn('shelved_until_ms', 'double precision')
      .addColumn('shelved_by', 'text')
      .addColumn('shelve_reason', 'text')
      .execute();
    await db.schema
      .createIndex('alarms_shelved_until_idx')
      .on('alarms')
      .column('shelved_until_ms')
      .where(sql.ref('shelved_until_ms'), 'is not', null)
      .execute();
  },
};

/**
 * Metrics a device reports with no threshold of its own (docs/domain.md "Unconfigured metrics"): judged on
 * the kind's defaults and flagged until an administrator confirms the default or sets a threshold, so a
 * restart keeps the flag. Alarms record whether their limit was the device's or the kind's default.
 */
const unconfiguredMetrics: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('devices')
      .addColumn('unconfigured_metrics', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
      .execute();
    await db.schema.alterTable('alarms').addColumn('limit_source', 'text').execute();
  },
};

/**
 * Zones: gathering allowed and the teams whose work area a zone is (docs/api.md "People and zones"); existing
 * zones allow no gathering and are nobody's work area, so nothing changes for them until edited.
 */
const zoneGatheringTeamAreas: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('zones')
      .addColumn('gathering_allowed', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('assigned_teams', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
      .execute();
  },
};

/**
 * Headcount and portal counts per zone and hour (server/simulator/backfillRules.ts), so a replayed past
 * has the people figures the zone rules counted then. One row per zone and hour.
 */
const zoneHourCounts: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('zone_hour_counts')
      .addColumn('project_id', 'text', (c) => c.notNull())
      .addColumn('zone_id', 'text', (c) => c.notNull())
      .addColumn('hour_start_ms', 'double precision', (c) => c.notNull())
      .addColumn('headcount', 'integer', (c) => c.notNull())
      .addColumn('max_headcount', 'integer', (c) => c.notNull())
      .addColumn('portal_in', 'integer', (c) => c.notNull())
      .addColumn('portal_out', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('zone_hour_counts_pk', ['project_id', 'zone_id', 'hour_start_ms'])
      .execute();
  },
};

/**
 * Invitations of users of other organisations to a project, and requests to release a serial number one
 * organisation's project holds to another organisation's project (docs/api.md "Invitations", "Device serials
 * across organisations"). `state` is pending or how it ended; expiry is read against `expires_at_ms`.
 */
const memberInvitationsDeviceTransfers: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('member_invitations')
      .addColumn('invitation_id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
      .addColumn('project_id', 'text', (c) => c.notNull().references('projects.project_id').onDelete('cascade'))
      .addColumn('username', 'text', (c) => c.notNull())
      .addColumn('role', 'text', (c) => c.notNull())
      .addColumn('invited_by', 'text', (c) => c.notNull())
      .addColumn('created_at_ms', 'double precision', (c) => c.notNull())
      .addColumn('expires_at_ms', 'double precision', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('decided_by', 'text')
      .addColumn('decided_at_ms', 'double precision')
      .execute();
    await db.schema.createIndex('member_invitations_project_idx').on('member_invitations').columns(['project_id', 'state']).execute();
    await db.schema.createIndex('member_invitations_username_idx').on('member_invitations').columns(['username', 'state']).execute();
    await db.schema
      .createTable('device_transfers')
      .addColumn('transfer_id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
      .addColumn('sn', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('from_project_id', 'text', (c) => c.notNull().references('projects.project_id').onDelete('cascade'))
      .addColumn('to_project_id', 'text', (c) => c.notNull().references('projects.project_id').onDelete('cascade'))
      .addColumn('requested_by', 'text', (c) => c.notNull())
      .addColumn('created_at_ms', 'double precision', (c) => c.notNull())
      .addColumn('expires_at_ms', 'double precision', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('decided_by', 'text')
      .addColumn('decided_at_ms', 'double precision')
      .execute();
    await db.schema.createIndex('device_transfers_from_idx').on('device_transfers').columns(['from_project_id', 'state']).execute();
    await db.schema.createIndex('device_transfers_to_idx').on('device_transfers').columns(['to_project_id', 'state']).execute();
  },
};

/**
 * Tunnel progress (docs/domain.md "Tunnel progress"): every saved state of a heading's positions with when,
 * where from and who (a report, a process device, a closed cycle, the seed), read for the figures and for
 * replay; and each bore's surrounding-rock segments. A row is written only when a position changes.
 */
const tunnelProgress: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('tunnel_progress')
      .addColumn('entry_id', 'serial', (c) => c.primaryKey())
      .addColumn('project_id', 'text', (c) => c.notNull())
      .addColumn('tunnel_id', 'text', (c) => c.notNull())
      .addColumn('heading_id', 'text', (c) => c.notNull())
      .addColumn('at_ms', 'double precision', (c) => c.notNull())
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('by', 'text', (c) => c.notNull())
      .addColumn('face_m', 'double precision', (c) => c.notNull())
      .addColumn('invert_m', 'double precision', (c) => c.notNull())
      .addColumn('lining_m', 'double precision', (c) => c.notNull())
      .addColumn('waterproof_m', 'double precision')
      .execute();
    await db.schema.createIndex('tunnel_progress_heading_idx').on('tunnel_progress').columns(['project_id', 'heading_id', 'at_ms']).execute();
    await db.schema.alterTable('tunnels').addColumn('rock_segments', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`)).execute();
  },
};

/**
 * Drill-and-blast cycles (docs/domain.md "Drill-and-blast cycle", server/cycles): each heading's stage spans
 * (reported or inferred; `end_ms` null while the stage lasts), its closed rounds with their stages, and the
 * preset round hours per grade a project's administrators set.
 */
const drillBlastCycles: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('cycle_stage_spans')
      .addColumn('span_id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
      .addColumn('project_id', 'text', (c) => c.notNull().references('projects.project_id').onDelete('cascade'))
      .addColumn('heading_id', 'text', (c) => c.notNull())
      .addColumn('stage', 'text', (c) => c.notNull())
      .addColumn('start_ms', 'double precision', (c) => c.notNull())
      .addColumn('end_ms', 'double precision')
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('confidence', 'text', (c) => c.notNull())
      .addColumn('editor', 'text')
      .addColumn('advance_m', 'double precision')
      .execute();
    await db.schema.createIndex('cycle_stage_spans_heading_idx').on('cycle_stage_spans').columns(['project_id', 'heading_id', 'start_ms']).execute();
    await db.schema
      .createTable('cycle_records')
      .addColumn('cycle_id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
      .addColumn('project_id', 'text', (c) => c.notNull().references('projects.project_id').onDelete('cascade'))
      .addColumn('heading_id', 'text', (c) => c.notNull())
      .addColumn('tunnel_id', 'text', (c) => c.notNull())
      .addColumn('work_face', 'text', (c) => c.notNull())
      .addColumn('cycle_index', 'integer', (c) => c.notNull())
      .addColumn('start_ms', 'double precision', (c) => c.notNull())
      .addColumn('end_ms', 'double precision', (c) => c.notNull())
      .addColumn('blast_ms', 'double precision')
      .addColumn('effective_hours', 'double precision', (c) => c.notNull())
      .addColumn('footage_m', 'double precision', (c) => c.notNull())
      .addColumn('footage_source', 'text', (c) => c.notNull())
      .addColumn('rock_grade', 'text')
      .addColumn('editors', 'jsonb', (c) => c.notNull())
      .addColumn('stages', 'jsonb', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('cycle_records_project_idx').on('cycle_records').expression(sql`project_id, start_ms desc`).execute();
    await db.schema
      .createTable('cycle_presets')
      .addColumn('project_id', 'text', (c) => c.notNull().references('projects.project_id').onDelete('cascade'))
      .addColumn('rock_grade', 'text', (c) => c.notNull())
      .addColumn('hours', 'double precision', (c) => c.notNull())
      .addPrimaryKeyConstraint('cycle_presets_pk', ['project_id', 'rock_grade'])
      .execute();
  },
};

/**
 * Bore alignments for the tunnel plan view (docs/domain.md "Tunnel plan"): per bore its centre line as
 * (chainage, x, y) points and the cross passages leaving it; a bore without a row is drawn straight.
 */
const boreAlignments: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('bore_alignments')
      .addColumn('project_id', 'text', (c) => c.notNull().references('projects.project_id').onDelete('cascade'))
      .addColumn('tunnel_id', 'text', (c) => c.notNull())
      .addColumn('points', 'jsonb', (c) => c.notNull())
      .addColumn('cross_passages', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
      .addColumn('updated_at_ms', 'double precision', (c) => c.notNull())
      .addColumn('updated_by', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('bore_alignments_pk', ['project_id', 'tunnel_id'])
      .execute();
  },
};

/**
 * Labour attendance from the site's gates (docs/domain.md "Labour attendance"): every pass of a face-recognition
 * turnstile, once per gate and pass key (a pass reported twice is stored once); the shift of each team and
 * the enterprise type of each cooperating company (docs/api.md "Labour attendance").
 */
const gateAttendance: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('gate_passes')
      .addColumn('project_id', 'text', (c) => c.notNull())
      .addColumn('gate_sn', 'text', (c) => c.notNull())
      .addColumn('pass_key', 'text', (c) => c.notNull())
      .addColumn('person_id', 'text', (c) => c.notNull())
      .addColumn('direction', 'text', (c) => c.notNull())
      .addColumn('ts_ms', 'double precision', (c) => c.notNull())
      .addColumn('received_ms', 'double precision', (c) => c.notNull())
      .addPrimaryKeyConstraint('gate_passes_pk', ['project_id', 'gate_sn', 'pass_key'])
      .execute();
    await db.schema.createIndex('gate_passes_project_ts').on('gate_passes').columns(['project_id', 'ts_ms']).execute();
    await db.schema.createIndex('gate_passes_person_ts').on('gate_passes').columns(['project_id', 'person_id', 'ts_ms']).execute();
    await db.schema
      .createTable('team_shifts')
      .addColumn('project_id', 'text', (c) => c.notNull())
      .addColumn('company', 'text', (c) => c.notNull())
      .addColumn('team', 'text', (c) => c.notNull())
      .addColumn('start_min', 'integer', (c) => c.notNull())
      .addColumn('length_min', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('team_shifts_pk', ['project_id', 'company', 'team'])
      .execute();
    await db.schema
      .createTable('labour_companies')
      .addColumn('project_id', 'text', (c) => c.notNull())
      .addColumn('company', 'text', (c) => c.notNull())
      .addColumn('enterprise_type', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('labour_companies_pk', ['project_id', 'company'])
      .execute();
  },
};

/**
 * 0053: a camera's stream source (docs/architecture.md "Video"): RTSP or HLS URLs of its main and sub stream,
 * or the demo source; removed with its device and moved with it. The demo tunnel's cameras get the demo source, as a fresh seed
 * gives them (server/seed).
 */
const cameraStreams: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('camera_streams')
      .addColumn('project_id', 'text', (c) => c.notNull())
      .addColumn('sn', 'text', (c) => c.notNull())
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('main_url', 'text')
      .addColumn('sub_url', 'text')
      .addColumn('updated_at_ms', 'double precision', (c) => c.notNull())
      .addPrimaryKeyConstraint('camera_streams_pk', ['project_id', 'sn'])
      .addForeignKeyConstraint('camera_streams_device_fk', ['project_id', 'sn'], 'devices', ['project_id', 'sn'], (c) => c.onDelete('cascade').onUpdate('cascade'))
      .execute();
    // the demo project's id written out (as seeded when this migration was made); its video kinds from their descriptors
    await sql`insert into camera_streams (project_id, sn, source, main_url, sub_url, updated_at_ms)
      select project_id, sn, 'demo', null, null, ${Date.now()} from devices
      where project_id = 'demo-tunnel' and kind in (${sql.join([...VIDEO_KINDS])})`.execute(db);
  },
};

/**
 * 0055: fog cannons' spray linkage (docs/domain.md "Spray linkage"): the monitor, metric, limit and hold
 * time each follows (null: not linked), automatic or manual, and its last command with its answer, so a
 * restart keeps the mode and takes up a command still waiting for its answer.
 */
const sprayLinkages: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('spray_linkages')
      .addColumn('project_id', 'text', (c) => c.notNull().references('projects.project_id').onDelete('cascade'))
      .addColumn('sn', 'text', (c) => c.notNull())
      .addColumn('station_sn', 'text')
      .addColumn('metric', 'text')
      .addColumn('on_above', 'double precision')
      .addColumn('hold_s', 'integer')
      .addColumn('mode', 'text', (c) => c.notNull().defaultTo('auto'))
      .addColumn('last_command', 'jsonb')
      .addPrimaryKeyConstraint('spray_linkages_pk', ['project_id', 'sn'])
      .execute();
  },
};

/**
 * Construction vehicles (docs/domain.md "Vehicles in the tunnel"): a vehicle's plate, type, driver and
 * source on its device row (null for other kinds).
 */
const vehicleRegistryFields: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('devices').addColumn('vehicle', 'jsonb').execute();
  },
};

/**
 * The company homepage (docs/api.md "Company homepage"): a project's construction state and its external
 * project link (`glodonProjectUrl`), both set by its administrators.
 */
const projectStateAndExternalUrl: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('projects').addColumn('project_state', 'text', (c) => c.notNull().defaultTo('underConstruction')).execute();
    await db.schema.alterTable('projects').addColumn('external_url', 'text', (c) => c.notNull().defaultTo('')).execute();
  },
};

/**
 * 0062: the emergency registers (docs/domain.md "Emergency resources"): risk sources, plans, materials and
 * supply points of a project, one row each, the register's fields as JSON (protocol/emergency.ts); a supply
 * point's bore and chainage also as columns, for the nearest-point lookup.
 */
const emergencyRecords: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('emergency_records')
      .addColumn('record_id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
      .addColumn('project_id', 'text', (c) => c.notNull())
      .addColumn('register', 'text', (c) => c.notNull())
      .addColumn('fields', 'jsonb', (c) => c.notNull())
      .addColumn('tunnel_id', 'text')
      .addColumn('chainage_m', 'double precision')
      .addColumn('updated_at_ms', 'double precision', (c) => c.notNull())
      .addColumn('updated_by', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('emergency_records_project_register').on('emergency_records').columns(['project_id', 'register']).execute();
  },
};

/**
 * 0060: the attachment store of the registers (bytes in the database, docs/architecture.md "Attachments"),
 * the event book (docs/domain.md "Event book") and the project profile of the home (units, design
 * figures, reported quantities). An attachment names its record (`owner_register`, `owner_id`) once a
 * record takes it; until then it is an upload of its uploader.
 */
const attachmentsEventBook: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('attachments')
      .addColumn('attachment_id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
      .addColumn('project_id', 'text', (c) => c.notNull())
      .addColumn('owner_register', 'text')
      .addColumn('owner_id', 'integer')
      .addColumn('file_name', 'text', (c) => c.notNull())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('size_bytes', 'integer', (c) => c.notNull())
      .addColumn('content', 'bytea', (c) => c.notNull())
      .addColumn('uploaded_by', 'text', (c) => c.notNull())
      .addColumn('uploaded_at_ms', 'double precision', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('attachments_owner_idx').on('attachments').columns(['project_id', 'owner_register', 'owner_id']).execute();
    await db.schema
      .createTable('project_events')
      .addColumn('event_id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
      .addColumn('project_id', 'text', (c) => c.notNull())
      .addColumn('occurred_at_ms', 'double precision', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('text', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('recordable', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('recorded_by', 'text', (c) => c.notNull())
      .addColumn('recorded_at_ms', 'double precision', (c) => c.notNull())
      .addColumn('edited_by', 'text')
      .addColumn('edited_at_ms', 'double precision')
      .execute();
    await db.schema.createIndex('project_events_time_idx').on('project_events').expression(sql`project_id, occurred_at_ms desc, event_id desc`).execute();
    await db.schema
      .createTable('project_profiles')
      .addColumn('project_id', 'text', (c) => c.primaryKey())
      .addColumn('profile', 'jsonb', (c) => c.notNull())
      .addColumn('updated_at_ms', 'double precision', (c) => c.notNull())
      .execute();
  },
};

/**
 * 0063: quality and safety inspections (docs/domain.md "Inspections"): the issue, where, severity,
 * responsible company and deadline, its rectification and review.
 */
const inspections: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('inspections')
      .addColumn('inspection_id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
      .addColumn('project_id', 'text', (c) => c.notNull())
      .addColumn('category', 'text', (c) => c.notNull())
      .addColumn('issue', 'text', (c) => c.notNull())
      .addColumn('tunnel_id', 'text')
      .addColumn('chainage_m', 'double precision')
      .addColumn('place', 'text', (c) => c.notNull())
      .addColumn('severity', 'text', (c) => c.notNull())
      .addColumn('company', 'text', (c) => c.notNull())
      .addColumn('found_on', 'text', (c) => c.notNull())
      .addColumn('deadline', 'text', (c) => c.notNull())
      .addColumn('inspector', 'text', (c) => c.notNull())
      .addColumn('photo_note', 'text', (c) => c.notNull())
      .addColumn('rectification', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('rectified_on', 'text')
      .addColumn('review', 'text')
      .addColumn('reviewer', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('review_note', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('reviewed_at_ms', 'double precision')
      .addColumn('updated_at_ms', 'double precision', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('inspections_project_found').on('inspections').columns(['project_id', 'found_on']).execute();
  },
};

/**
 * The real-name register's identity fields of a person (docs/domain.md "People and zones"): gender, birth date,
 * resident identity card number (unmasked; answered masked but to administrators), real-name card number,
 * address, position (job title), entry and leave dates (YYYY-MM-DD text). Existing people get empty values.
 */
const personIdentityFields: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('people')
      .addColumn('gender', 'text')
      .addColumn('birth_date', 'text')
      .addColumn('id_number', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('real_name_card_no', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('address', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('position', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('entry_date', 'text')
      .addColumn('leave_date', 'text')
      .execute();
  },
};

/**
 * 0067: a cooperating company's contact person and phone ('' until set), and a team's lateness grace in
 * minutes (docs/domain.md "Labour attendance"; the fixed 10 min before it, so existing shifts keep it).
 */
const companyContactTeamGrace: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('labour_companies')
      .addColumn('contact_name', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('contact_phone', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema.alterTable('team_shifts').addColumn('late_grace_min', 'integer', (c) => c.notNull().defaultTo(10)).execute();
  },
};

/**
 * The driver register of lifting equipment an administrator keeps (docs/api.md "Equipment", docs/domain.md
 * "Driver certificates"): a driver's ID number, gender and the certificate's type, issuer and issue date; the
 * machines each driver is assigned to (a driver may run several: equipment_driver_machines, filled from the
 * old one-machine column, which goes); the clock-ins of the cab terminals (docs/device-protocol.md "cabFace",
 * stored once per terminal and record key; photos in alarm_captures); and the archive's further fields.
 */
const liftingDriversArchives: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('equipment_drivers')
      .addColumn('gender', 'text')
      .addColumn('id_number', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('certificate_type', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('issuing_authority', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('certificate_issued_ms', 'double precision')
      .execute();
    await db.schema
      .createTable('equipment_driver_machines')
      .addColumn('project_id', 'text', (c) => c.notNull())
      .addColumn('driver_id', 'text', (c) => c.notNull())
      .addColumn('device_sn', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('equipment_driver_machines_pk', ['project_id', 'driver_id', 'device_sn'])
      .addForeignKeyConstraint('equipment_driver_machines_driver_fk', ['project_id', 'driver_id'], 'equipment_drivers', ['project_id', 'driver_id'], (c) => c.onDelete('cascade'))
      .execute();
    await db.schema.createIndex('equipment_driver_machines_device_idx').on('equipment_driver_machines').columns(['project_id', 'device_sn']).execute();
    await sql`insert into equipment_driver_machines (project_id, driver_id, device_sn) select project_id, driver_id, device_sn from equipment_drivers`.execute(db);
    await db.schema.dropIndex('equipment_drivers_device_idx').execute();
    await db.schema.alterTable('equipment_drivers').dropColumn('device_sn').execute();
    await db.schema
      .createTable('lifting_clock_ins')
      .addColumn('clock_in_id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
      .addColumn('project_id', 'text', (c) => c.notNull().references('projects.project_id').onDelete('cascade'))
      .addColumn('device_sn', 'text', (c) => c.notNull())
      .addColumn('terminal_sn', 'text', (c) => c.notNull())
      .addColumn('clock_key', 'text', (c) => c.notNull())
      .addColumn('driver_id', 'text')
      .addColumn('at_ms', 'double precision', (c) => c.notNull())
      .addColumn('received_ms', 'double precision', (c) => c.notNull())
      .addColumn('matched', 'boolean', (c) => c.notNull())
      .addColumn('score', 'double precision')
      .addColumn('verdict', 'text', (c) => c.notNull())
      .addColumn('photo_name', 'text')
      .addUniqueConstraint('lifting_clock_ins_key', ['project_id', 'terminal_sn', 'clock_key'])
      .execute();
    await db.schema.createIndex('lifting_clock_ins_at_idx').on('lifting_clock_ins').expression(sql`project_id, at_ms desc`).execute();
    await db.schema
      .alterTable('equipment_archive')
      .addColumn('property_unit', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('installation_unit', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('inspection_report_no', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('max_height_m', 'double precision')
      .addColumn('max_span_m', 'double precision')
      .addColumn('attachment_ids', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
      .execute();
  },
};

/**
 * 0068: the project schedule (docs/domain.md "Project schedule"): tasks with WBS code, parent, planned and
 * actual dates (YYYY-MM-DD, Beijing time), progress, finish-to-start predecessors (task ids of the same
 * project, JSON), responsible unit and milestone flag.
 */
const scheduleTasks: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('schedule_tasks')
      .addColumn('task_id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
      .addColumn('project_id', 'text', (c) => c.notNull())
      .addColumn('wbs', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('parent_id', 'integer')
      .addColumn('planned_start', 'text', (c) => c.notNull())
      .addColumn('planned_end', 'text', (c) => c.notNull())
      .addColumn('actual_start', 'text')
      .addColumn('actual_end', 'text')
      .addColumn('progress_pct', 'double precision', (c) => c.notNull())
      .addColumn('predecessor_ids', 'jsonb', (c) => c.notNull())
      .addColumn('responsible_unit', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('milestone', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('updated_by', 'text', (c) => c.notNull())
      .addColumn('updated_at_ms', 'double precision', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('schedule_tasks_project_wbs').on('schedule_tasks').columns(['project_id', 'wbs']).unique().execute();
  },
};

/**
 * Safety education records (docs/domain.md "Safety education"): a record per training session, its
 * participants (person ids of the registry, one row each, so "who has the three-level education" is an
 * index lookup) and, for pre-shift meetings, the team, the initiator and the attachment ids of the sign
 * sheet, photo and video (the files themselves are in `attachments`, owner register `education`).
 */
const safetyEducation: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('education_records')
      .addColumn('record_id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
      .addColumn('project_id', 'text', (c) => c.notNull())
      .addColumn('trained_at_ms', 'double precision', (c) => c.notNull())
      .addColumn('theme', 'text', (c) => c.notNull())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('method', 'text', (c) => c.notNull())
      .addColumn('hours', 'double precision', (c) => c.notNull())
      .addColumn('team', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('initiator', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('sign_sheet_id', 'integer')
      .addColumn('photo_id', 'integer')
      .addColumn('video_id', 'integer')
      .addColumn('recorded_by', 'text', (c) => c.notNull())
      .addColumn('updated_at_ms', 'double precision', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('education_records_project_time').on('education_records').columns(['project_id', 'trained_at_ms']).execute();
    await db.schema
      .createTable('education_participants')
      .addColumn('record_id', 'integer', (c) => c.notNull().references('education_records.record_id').onDelete('cascade'))
      .addColumn('project_id', 'text', (c) => c.notNull())
      .addColumn('person_id', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('education_participants_pk', ['record_id', 'person_id'])
      .execute();
    await db.schema.createIndex('education_participants_person').on('education_participants').columns(['project_id', 'person_id']).execute();
  },
};

/**
 * 0066: who records which camera in a cluster (docs/operations.md "Recording"): a lease per camera, held by
 * one node until `expires_at_ms` (ms since the epoch) and renewed by its recorder's sync. No foreign key: a
 * lease of a removed camera just expires.
 */
const videoRecorderLeases: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('video_recorder_leases')
      .addColumn('project_id', 'text', (c) => c.notNull())
      .addColumn('sn', 'text', (c) => c.notNull())
      .addColumn('node_id', 'text', (c) => c.notNull())
      .addColumn('expires_at_ms', 'double precision', (c) => c.notNull())
      .addPrimaryKeyConstraint('video_recorder_leases_pk', ['project_id', 'sn'])
      .execute();
  },
};

/**
 * The lifting-equipment archive an administrator keeps (docs/api.md "Equipment"): each archive gets a number
 * (`archive_id`) so its files are attachments of the attachment store (owner register
 * `equipmentArchive.<group>`, owner id the archive), and a rated lifting moment in kN·m for the kinds rated by
 * it. The ids column of 0072 goes: no route ever wrote it, the attachment store holds the files instead.
 */
const equipmentArchiveAttachments: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('equipment_archive')
      .addColumn('archive_id', 'integer', (c) => c.notNull().generatedByDefaultAsIdentity().unique())
      .addColumn('rated_moment_knm', 'double precision')
      .execute();
    await db.schema.alterTable('equipment_archive').dropColumn('attachment_ids').execute();
  },
};

/**
 * The portal crossings the zone rules count, one row each (server/rules/portalCrossings.ts): who passed
 * which portal zone, when and which way, so the portal-count panel lists the latest live and in replay,
 * and counts the hour under way. Kept as long as the hour rollups (docs/operations.md "Retention").
 */
const portalCrossings: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('portal_crossings')
      .addColumn('project_id', 'text', (c) => c.notNull())
      .addColumn('zone_id', 'text', (c) => c.notNull())
      .addColumn('at_ms', 'double precision', (c) => c.notNull())
      .addColumn('sn', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('team', 'text', (c) => c.notNull())
      .addColumn('direction', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('portal_crossings_pk', ['project_id', 'zone_id', 'at_ms', 'sn'])
      .execute();
    await db.schema.createIndex('portal_crossings_at_idx').on('portal_crossings').columns(['project_id', 'at_ms']).execute();
  },
};

/** All migrations by name. */
export const MIGRATIONS: Record<string, Migration> = {
  '0001_initial': initial,
  '0002_board_server': boardServer,
  '0003_custom_panel_types': customPanelTypes,
  '0004_dead_letters': deadLetters,
  '0005_telemetry_chunks': telemetryChunks,
  '0006_alarm_lifecycle': alarmLifecycle,
  '0007_fleet_thresholds': fleetThresholds,
  ...Object.fromEntries(Object.entries(THRESHOLD_DEFAULT_REVISIONS).map(([name, r]) => [name, defaultThresholdRevision(r)])),
  '0009_fleet_work_records': workRecords,
  '0010_people_zones': peopleZones,
  '0015_equipment_records': equipmentRecords,
  '0016_elevator_trips': elevatorTrips,
  '0020_admin_roles': adminRoles,
  '0030_telemetry_partitions': telemetryPartitions,
  '0035_cluster_receipts': clusterReceipts,
  '0041_alarm_captures': alarmCaptures,
  '0042_portal_counts': portalCounts,
  '0043_alarm_shelving': alarmShelving,
  '0044_rules_unconfigured_metrics': unconfiguredMetrics,
  '0046_people_zone_gathering_team_areas': zoneGatheringTeamAreas,
  '0047_zone_hour_counts': zoneHourCounts,
  '0048_member_invitations_device_transfers': memberInvitationsDeviceTransfers,
  '0049_tunnel_progress_and_rock_segments': tunnelProgress,
  '0050_drill_blast_cycles': drillBlastCycles,
  '0051_bore_alignments': boreAlignments,
  '0052_device_vehicle_fields': vehicleRegistryFields,
  '0053_camera_streams': cameraStreams,
  '0055_spray_linkages': sprayLinkages,
  '0056_gate_attendance': gateAttendance,
  '0060_attachments_event_book_project_profiles': attachmentsEventBook,
  '0061_project_state_and_external_url': projectStateAndExternalUrl,
  '0062_emergency_registers': emergencyRecords,
  '0063_quality_safety_inspections': inspections,
  '0065_person_identity_fields': personIdentityFields,
  '0066_video_recorder_leases': videoRecorderLeases,
  '0067_company_contact_team_grace': companyContactTeamGrace,
  '0068_schedule_tasks': scheduleTasks,
  '0069_safety_education': safetyEducation,
  '0072_lifting_drivers_archives': liftingDriversArchives,
  '0073_equipment_archive_attachments': equipmentArchiveAttachments,
  '0070_portal_crossings': portalCrossings,
};

/** Kysely migration provider over {@link MIGRATIONS}. */
export const inCodeMigrations: MigrationProvider = {
  async getMigrations() {
    return MIGRATIONS;
  },
};
