import { sql, type Kysely } from 'kysely';
import type { Migration, MigrationProvider } from 'kysely/migration';
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

/** Board server (SPEC §7): releases with history, board/add tickets, per-project system style. */
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

/** Custom panel types per project (issue 4 custom-module API; protocol/customPanels.ts). */
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
 * Editable thresholds (issue 10 §4, docs/api.md "Thresholds"): which metrics a person edited per device
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
 * Changed default thresholds, one migration each, in order (thresholdRevisions.ts), values written out:
 * `'000N_fleet_defaults_<what>': [{ kind, scope, thresholds: [ … ] }]`.
 */
export const THRESHOLD_DEFAULT_REVISIONS: Record<string, readonly KindDefaultsRevision[]> = {
  // Tower crane statuses (issue 10 §2): an alarm while anti-collision, a limit switch or a restricted zone is on.
  '0005_fleet_defaults_tower_crane_statuses': [
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
};

/** Work records: lifts detected from telemetry (issue 10 §3; server/rules/workRecords.ts). */
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

/** All migrations by name. */
export const MIGRATIONS: Record<string, Migration> = {
  '0001_initial': initial,
  '0002_board_server': boardServer,
  '0003_custom_panel_types': customPanelTypes,
  '0004_fleet_thresholds': fleetThresholds,
  ...Object.fromEntries(Object.entries(THRESHOLD_DEFAULT_REVISIONS).map(([name, r]) => [name, defaultThresholdRevision(r)])),
  '0006_fleet_work_records': workRecords,
};

/** Kysely migration provider over {@link MIGRATIONS}. */
export const inCodeMigrations: MigrationProvider = {
  async getMigrations() {
    return MIGRATIONS;
  },
};
