import { describe, expect, it } from 'vitest';
import { deviceTopic, parseDeviceTopic } from './topics';

describe('parseDeviceTopic', () => {
  it('splits a well-formed topic into its parts', () => {
    expect(parseDeviceTopic('zhgd/demo-tunnel/gas/GAS-LK-E-F/telemetry')).toEqual({
      projectId: 'demo-tunnel',
      kind: 'gas',
      sn: 'GAS-LK-E-F',
      channel: 'telemetry',
    });
    expect(parseDeviceTopic('zhgd/p1/camera/CAM-01/alarm')).toMatchObject({ kind: 'camera', channel: 'alarm' });
  });

  it.each([
    ['other/p/gas/s/telemetry', 'topic-grammar'],
    ['zhgd/p/gas/s', 'topic-grammar'],
    ['zhgd/p/gas/s/telemetry/extra', 'topic-grammar'],
    ['zhgd/p/gas/s+x/telemetry', 'topic-grammar'],
    ['zhgd//gas/s/telemetry', 'topic-grammar'],
    ['zhgd/p/boiler/s/telemetry', 'topic-kind'],
    ['zhgd/p/gas/s/alarm', 'topic-channel'],
    ['zhgd/p/camera/s/telemetry', 'topic-channel'],
  ])('refuses %s with %s', (topic, error) => {
    expect(parseDeviceTopic(topic)).toEqual({ error });
  });

  it('round-trips with deviceTopic and refuses segments that would break the grammar', () => {
    const t = deviceTopic('demo-tunnel', 'towerCrane', 'TC-01');
    expect(t).toBe('zhgd/demo-tunnel/towerCrane/TC-01/telemetry');
    expect(parseDeviceTopic(t)).toMatchObject({ sn: 'TC-01', kind: 'towerCrane' });
    expect(() => deviceTopic('demo/tunnel', 'gas', 'x')).toThrow(/invalid topic segment/);
    expect(() => deviceTopic('p', 'gas', '#')).toThrow();
  });
});
