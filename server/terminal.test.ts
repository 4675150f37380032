import { describe, expect, it } from 'vitest';
import { boxed, loggerOptions, startBox } from './terminal';

describe('terminal output', () => {
  it('logs JSON when nobody reads the terminal, pino-pretty lines when a person does or asks for them', () => {
    expect(loggerOptions('info', 'auto', false)).toEqual({ level: 'info' });
    expect(loggerOptions('debug', 'json', true)).toEqual({ level: 'debug' });
    expect(loggerOptions('info', 'auto', true)).toMatchObject({ level: 'info', transport: { target: 'pino-pretty' } });
    expect(loggerOptions('warn', 'pretty', false)).toMatchObject({ level: 'warn', transport: { target: 'pino-pretty' } });
  });

  it('ends a start with the board address, the user, where the password is and how to reset it', () => {
    const first = startBox({ url: 'http://127.0.0.1:8080', mqttPort: 1883, adminPassword: 'Xy12', adminPasswordFromEnv: false });
    expect(first.split('\n').slice(1, -2).map((l) => l.slice(2, -2).trimEnd())).toEqual([
      'SiteBoard is running: http://127.0.0.1:8080/',
      'Devices: MQTT on port 1883 (embedded broker)',
      'Sign in as: admin',
      'Password:   Xy12  (shown at this first start only)',
      'Forgotten?  stop SiteBoard, then: npm run admin:password',
    ]);
    expect(startBox({ url: 'http://h:1', mqttPort: null, adminPassword: null, adminPasswordFromEnv: true })).toContain('the one ADMIN_PASSWORD set at the first start');
    expect(startBox({ url: 'http://h:1', mqttPort: 1883, hj212Port: 9212, adminPassword: null, adminPasswordFromEnv: true })).toContain('Environment monitors: HJ 212 on port 9212');
    expect(startBox({ url: 'http://h:1', mqttPort: 1883, hj212Port: null, adminPassword: null, adminPasswordFromEnv: true })).not.toContain('HJ 212');
    expect(startBox({ url: 'http://h:1', mqttPort: null, adminPassword: null, adminPasswordFromEnv: false })).toContain('printed in a box at the first start');
  });

  it('draws every line of a box at one width', () => {
    const lines = boxed('a', 'longer line').trimEnd().split('\n');
    expect(new Set(lines.map((l) => l.length)).size).toBe(1);
  });
});
