import { describe, expect, it } from 'vitest';
import { hostname } from 'node:os';
import { ConfigError, loadConfig, nodeIdFromHostname } from './config';

describe('loadConfig', () => {
  it('runs everything embedded with no variables', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ port: 8080, mqttUrl: null, mqttPort: 1883, databaseUrl: null, redisUrl: null, simulator: true, adminPassword: null });
    expect(c.dataDir.endsWith('/data')).toBe(true);
  });

  it('turns the simulator off by default with an external broker, unless asked', () => {
    expect(loadConfig({ MQTT_URL: 'mqtt://broker:1883' }).simulator).toBe(false);
    expect(loadConfig({ MQTT_URL: 'mqtt://broker:1883', SIMULATOR: 'on' }).simulator).toBe(true);
    expect(loadConfig({ SIMULATOR: 'off' }).simulator).toBe(false);
  });

  it('names the variable that is wrong', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT/);
    expect(() => loadConfig({ MQTT_URL: 'http://x' })).toThrow(/MQTT_URL/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ SIMULATOR: 'maybe' })).toThrow(/SIMULATOR: expected on or off/);
    expect(() => loadConfig({ ADMIN_PASSWORD: 'short' })).toThrow(/ADMIN_PASSWORD/);
  });

  it('keeps each rollup tier at least as long as the finer one', () => {
    expect(loadConfig({})).toMatchObject({ telemetryRetentionDays: 30, telemetryMinuteRetentionDays: 90, telemetryHourRetentionDays: 730, demoBackfill: true });
    expect(loadConfig({ TELEMETRY_RETENTION_DAYS: '120', TELEMETRY_HOUR_RETENTION_DAYS: '100' })).toMatchObject({
      telemetryMinuteRetentionDays: 120,
      telemetryHourRetentionDays: 120,
    });
    expect(loadConfig({ DEMO_BACKFILL: 'off' }).demoBackfill).toBe(false);
    expect(() => loadConfig({ TELEMETRY_MINUTE_RETENTION_DAYS: '0' })).toThrow(/TELEMETRY_MINUTE_RETENTION_DAYS/);
  });

  it('treats empty strings as unset and keeps memory:// data dirs as they are', () => {
    expect(loadConfig({ PORT: '', DATA_DIR: 'memory://' })).toMatchObject({ port: 8080, dataDir: 'memory://' });
  });

  it('takes NODE_ID as the node id, else derives it from the host name', () => {
    expect(loadConfig({ NODE_ID: 'site-a.node_2' }).nodeId).toBe('site-a.node_2');
    expect(loadConfig({}).nodeId).toBe(nodeIdFromHostname(hostname()));
    expect(nodeIdFromHostname('box 1/ü')).toBe('box-1--');
    expect(nodeIdFromHostname('')).toBe('node');
    expect(nodeIdFromHostname('x'.repeat(100))).toHaveLength(64);
    expect(() => loadConfig({ NODE_ID: 'a b' })).toThrow(/NODE_ID/);
    expect(() => loadConfig({ NODE_ID: 'x'.repeat(65) })).toThrow(/NODE_ID/);
  });
});
