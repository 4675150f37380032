import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

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

  it('treats empty strings as unset and keeps memory:// data dirs as they are', () => {
    expect(loadConfig({ PORT: '', DATA_DIR: 'memory://' })).toMatchObject({ port: 8080, dataDir: 'memory://' });
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
