/** Storage: Kysely over embedded PGlite or PostgreSQL, migrations, and row ↔ wire mappers. */
export * from './schema';
export * from './database';
export * from './mappers';
export { MIGRATIONS } from './migrations';
export * from './telemetryStore';
export { ensureTelemetryPartitions, listTelemetryPartitions, PARTITIONS_AHEAD_DAYS, type TelemetryPartition } from './telemetryPartitions';
export * from './chunkCodec';
export { THRESHOLD_DEFAULT_REVISIONS } from './migrations';
export { applyDefaults, defaultThresholdRevision, writeDefaults, type KindDefaultsRevision } from './thresholdRevisions';
export { SEEDED_THRESHOLD_BASELINE } from './thresholdBaseline';
export { inTransaction } from './transaction';
export * from './alarms';
export * from './alarmAnalysis';
export * from './devices';
export * from './organisations';
export * from './projects';
export * from './users';
export * from './audit';
