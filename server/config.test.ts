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

  it('bounds alarm repeats to one write a second unless told otherwise; 0 writes every one', () => {
    expect(loadConfig({}).alarmRepeatPushMs).toBe(1_000);
    expect(loadConfig({ ALARM_REPEAT_PUSH_MS: '0' }).alarmRepeatPushMs).toBe(0);
    expect(() => loadConfig({ ALARM_REPEAT_PUSH_MS: '-1' })).toThrow(/ALARM_REPEAT_PUSH_MS/);
    expect(() => loadConfig({ ALARM_REPEAT_PUSH_MS: '60001' })).toThrow(/ALARM_REPEAT_PUSH_MS/);
  });

  it('reads the zone-edge hysteresis and the sensor-fault settings, naming a bad one', () => {
    const d = loadConfig({});
    expect(d.personnelRules.edge).toEqual({ marginM: 0.5, dwellMs: 2_000 });
    expect(d.sensorFaults).toEqual({}); // the kinds' own defaults
    const c = loadConfig({ ZONE_EDGE_MARGIN_M: '1.5', ZONE_EDGE_DWELL_S: '5', SENSOR_STUCK_MIN: 'O2=90, CO=0', CLOCK_SKEW_MIN: '2' });
    expect(c.personnelRules.edge).toEqual({ marginM: 1.5, dwellMs: 5_000 });
    expect(c.sensorFaults).toEqual({ stuckAfterS: { O2: 5_400, CO: 0 }, clockSkewS: 120 });
    expect(() => loadConfig({ SENSOR_STUCK_MIN: 'H2S=30' })).toThrow(/SENSOR_STUCK_MIN.*CO, NH3, O2, dust.*H2S=30/);
    expect(() => loadConfig({ SENSOR_STUCK_MIN: 'CO:30' })).toThrow(/SENSOR_STUCK_MIN/);
    expect(() => loadConfig({ CLOCK_SKEW_MIN: '0' })).toThrow(/CLOCK_SKEW_MIN/);
    expect(() => loadConfig({ ZONE_EDGE_DWELL_S: '-1' })).toThrow(/ZONE_EDGE_DWELL_S/);
  });

  it('reads the cluster settings, and refuses a cluster without a shared PostgreSQL', () => {
    expect(loadConfig({})).toMatchObject({ clusterPartitions: 16, clusterLeaseMs: 10_000 });
    const cluster = { MQTT_URL: 'mqtt://broker:1883', REDIS_URL: 'redis://cache:6379', DATABASE_URL: 'postgres://u@db/siteboard' };
    expect(loadConfig({ ...cluster, CLUSTER_PARTITIONS: '64', CLUSTER_LEASE_MS: '5000' })).toMatchObject({ redisUrl: 'redis://cache:6379', clusterPartitions: 64, clusterLeaseMs: 5000 });
    expect(() => loadConfig({ ...cluster, DATABASE_URL: undefined })).toThrow(/DATABASE_URL: a cluster/);
    // the socket.io adapter alone (embedded broker) needs no PostgreSQL
    expect(loadConfig({ REDIS_URL: 'redis://cache:6379' }).redisUrl).toBe('redis://cache:6379');
    expect(() => loadConfig({ ...cluster, CLUSTER_PARTITIONS: '0' })).toThrow(/CLUSTER_PARTITIONS/);
    expect(() => loadConfig({ ...cluster, CLUSTER_LEASE_MS: '500' })).toThrow(/CLUSTER_LEASE_MS/);
    expect(() => loadConfig({ REDIS_URL: 'http://cache' })).toThrow(/REDIS_URL/);
  });

  it('keeps each rollup tier at least as long as the finer one', () => {
    expect(loadConfig({})).toMatchObject({ telemetryRetentionDays: 30, telemetryMinuteRetentionDays: 90, telemetryHourRetentionDays: 730, demoBackfill: true });
    expect(loadConfig({ TELEMETRY_RETENTION_DAYS: '120', TELEMETRY_HOUR_RETENTION_DAYS: '100' })).toMatchObject({
      telemetryMinuteRetentionDays: 120,
      telemetryHourRetentionDays: 120,
    });
    expect(loadConfig({ DEMO_BACKFILL: 'off' }).demoBackfill).toBe(false);
    expect(loadConfig({}).demoBackfillHours).toBe(24);
    expect(loadConfig({ DEMO_BACKFILL_HOURS: '1' }).demoBackfillHours).toBe(1);
    expect(() => loadConfig({ DEMO_BACKFILL_HOURS: '25' })).toThrow(/DEMO_BACKFILL_HOURS/);
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

  it('reads the embedded broker limits, TLS and WebSocket listeners (off unless asked)', () => {
    expect(loadConfig({})).toMatchObject({
      mqttLimits: { maxPacketBytes: 65_536, connectionsPerMinute: 120, deviceConnectionsPerMinute: 6_000, messagesPerSecond: 500 },
      mqttTls: null,
      mqttWs: null,
    });
    const c = loadConfig({
      MQTT_MAX_PACKET_BYTES: '4096',
      MQTT_CONNECTIONS_PER_MINUTE: '10',
      MQTT_DEVICE_CONNECTIONS_PER_MINUTE: '300',
      MQTT_MESSAGES_PER_SECOND: '50',
      MQTT_TLS: 'on',
      MQTT_TLS_CERT: '/etc/siteboard/cert.pem',
      MQTT_TLS_KEY: '/etc/siteboard/key.pem',
      MQTT_WS: 'on',
      MQTT_WS_PORT: '9001',
      MQTT_WS_PATH: '/devices/mqtt',
    });
    expect(c.mqttLimits).toEqual({ maxPacketBytes: 4_096, connectionsPerMinute: 10, deviceConnectionsPerMinute: 300, messagesPerSecond: 50 });
    expect(c.mqttTls).toEqual({ port: 8883, certFile: '/etc/siteboard/cert.pem', keyFile: '/etc/siteboard/key.pem' });
    expect(c.mqttWs).toEqual({ port: 9001, path: '/devices/mqtt' });
    expect(loadConfig({ MQTT_TLS: 'on' }).mqttTls).toEqual({ port: 8883, certFile: null, keyFile: null });
  });

  it('refuses broker limits out of range, a lone certificate or key, and a bad WebSocket path', () => {
    expect(() => loadConfig({ MQTT_MAX_PACKET_BYTES: '100' })).toThrow(/MQTT_MAX_PACKET_BYTES/);
    expect(() => loadConfig({ MQTT_MAX_PACKET_BYTES: '268435456' })).toThrow(/MQTT_MAX_PACKET_BYTES/);
    expect(() => loadConfig({ MQTT_MESSAGES_PER_SECOND: '0' })).toThrow(/MQTT_MESSAGES_PER_SECOND/);
    expect(() => loadConfig({ MQTT_CONNECTIONS_PER_MINUTE: 'lots' })).toThrow(/MQTT_CONNECTIONS_PER_MINUTE/);
    expect(() => loadConfig({ MQTT_DEVICE_CONNECTIONS_PER_MINUTE: '0' })).toThrow(/MQTT_DEVICE_CONNECTIONS_PER_MINUTE/);
    expect(() => loadConfig({ MQTT_TLS: 'on', MQTT_TLS_CERT: '/c.pem' })).toThrow(/MQTT_TLS_KEY: MQTT_TLS_CERT and MQTT_TLS_KEY go together/);
    expect(() => loadConfig({ MQTT_WS_PATH: 'mqtt' })).toThrow(/MQTT_WS_PATH/);
    expect(() => loadConfig({ MQTT_TLS: 'sometimes' })).toThrow(/MQTT_TLS: expected on or off/);
  });

  it('reads TRUST_PROXY as off, on, a hop count or a list of proxy addresses', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'off' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'on' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16,::1' }).trustProxy).toEqual(['10.0.0.1', '192.168.0.0/16', '::1']);
    expect(() => loadConfig({ TRUST_PROXY: 'proxy.example' })).toThrow(/TRUST_PROXY/);
  });

  it('reads origin lists, limits and the metrics token, naming a bad one', () => {
    const c = loadConfig({ ALLOWED_ORIGINS: 'https://wall.example.com, http://10.0.0.5:8080', BOARD_MAX_BYTES: '2000000', HASH_WORKERS: '1', METRICS_TOKEN: 'a'.repeat(16) });
    expect(c.allowedOrigins).toEqual(['https://wall.example.com', 'http://10.0.0.5:8080']);
    expect(c).toMatchObject({ boardMaxBytes: 2_000_000, hashWorkers: 1, hashQueue: 32, metricsToken: 'a'.repeat(16), rateLimitAuthPerMinute: 60 });
    expect(() => loadConfig({ ALLOWED_ORIGINS: 'https://wall.example.com/path' })).toThrow(/ALLOWED_ORIGINS/);
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
    expect(() => loadConfig({ DEMO_PASSWORD: 'short' })).toThrow(/DEMO_PASSWORD/);
  });
});

describe('HJ 212 listener', () => {
  it('is off unless HJ212_PORT is set, with its limits in ms', () => {
    expect(loadConfig({}).hj212).toBeNull();
    expect(loadConfig({ HJ212_PORT: '9212' }).hj212).toEqual({ port: 9212, maxConnections: 256, idleMs: 180_000, packetMs: 10_000 });
    expect(loadConfig({ HJ212_PORT: '0', HJ212_MAX_CONNECTIONS: '4', HJ212_IDLE_S: '2', HJ212_PACKET_S: '1.5' }).hj212).toEqual({ port: 0, maxConnections: 4, idleMs: 2000, packetMs: 1500 });
    expect(() => loadConfig({ HJ212_PORT: '70000' })).toThrow(/HJ212_PORT/);
    expect(() => loadConfig({ HJ212_PORT: '9212', HJ212_MAX_CONNECTIONS: '0' })).toThrow(/HJ212_MAX_CONNECTIONS/);
    expect(() => loadConfig({ HJ212_PORT: '9212', REDIS_URL: 'redis://cache:6379', MQTT_URL: 'mqtt://broker:1883', DATABASE_URL: 'postgres://db/x' })).toThrow(/HJ212_PORT: not in a cluster/);
  });
});
