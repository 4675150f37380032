import { describe, expect, it } from 'vitest';
import { sprayCommandSchema } from '../../protocol';
import { Commander, type CommandEvent, type Downlink } from './commander';

const T0 = Date.UTC(2026, 5, 1, 2, 0, 0);
const target = { projectId: 'p1', kind: 'fogCannon', sn: 'FOG-1' };

/** A downlink that keeps what it was given (the broker is exercised in tests/integration/spray.test.ts). */
function recordingDownlink(fail = false): Downlink & { sent: Array<{ topic: string; payload: unknown }> } {
  const sent: Array<{ topic: string; payload: unknown }> = [];
  return {
    sent,
    publish(topic, payload) {
      sent.push({ topic, payload: JSON.parse(payload) });
      return fail ? Promise.reject(new Error('broker gone')) : Promise.resolve();
    },
  };
}

function setup(fail = false) {
  const downlink = recordingDownlink(fail);
  const events: CommandEvent[] = [];
  let n = 0;
  const c = new Commander(downlink, (e) => events.push(e), { ackTimeoutMs: 10_000, maxAttempts: 3 }, () => `cmd-${++n}`);
  return { c, downlink, events };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('Commander', () => {
  it('publishes a command on the device command topic, and an answer settles it', async () => {
    const { c, downlink, events } = setup();
    const record = c.send(target, 'on', 'auto', 'linkage', T0);
    await settle();
    expect(downlink.sent).toEqual([{ topic: 'zhgd/p1/fogCannon/FOG-1/command', payload: { commandId: 'cmd-1', action: 'on', source: 'auto', ts: T0 } }]);
    expect(sprayCommandSchema.parse(downlink.sent[0].payload)).toBeTruthy();
    expect(events.map((e) => e.what)).toEqual(['sent']);
    expect(c.answer('p1', 'FOG-1', 'cmd-1', true, T0 + 2_000)).toMatchObject({ result: 'acked', answeredAtMs: T0 + 2_000, attempts: 1 });
    expect(record.result).toBe('acked');
    expect(c.size).toBe(0);
    c.tick(T0 + 60_000);
    await settle();
    expect(downlink.sent).toHaveLength(1); // answered: never sent again
  });

  it('sends an unanswered command again with a doubling back-off, then gives it up', async () => {
    const { c, downlink, events } = setup();
    c.send(target, 'on', 'auto', 'linkage', T0);
    c.tick(T0 + 9_999);
    c.tick(T0 + 10_000); // second send; next due 20 s later
    c.tick(T0 + 29_999);
    c.tick(T0 + 30_000); // third send; next due 40 s later
    c.tick(T0 + 69_999);
    await settle();
    expect(downlink.sent.map((s) => (s.payload as { commandId: string }).commandId)).toEqual(['cmd-1', 'cmd-1', 'cmd-1']);
    c.tick(T0 + 70_000);
    expect(events.at(-1)).toMatchObject({ what: 'given-up', record: { result: 'unacknowledged', attempts: 3, answeredAtMs: T0 + 70_000 } });
    expect(c.size).toBe(0);
  });

  it('keeps one pending command per device: a new one supersedes it, and a late answer to the old one changes nothing', async () => {
    const { c, events } = setup();
    const first = c.send(target, 'on', 'auto', 'linkage', T0);
    c.send(target, 'off', 'manual', 'admin', T0 + 1_000);
    expect(first).toMatchObject({ result: 'superseded' });
    expect(c.size).toBe(1);
    expect(c.answer('p1', 'FOG-1', 'cmd-1', true, T0 + 2_000)).toBeNull();
    expect(c.answer('p1', 'FOG-1', 'cmd-2', false, T0 + 2_000)).toMatchObject({ action: 'off', result: 'refused', by: 'admin' });
    await settle();
    expect(events.map((e) => e.what)).toEqual(['superseded', 'answered', 'sent', 'sent']);
  });

  it('treats a publication the broker refused like an unanswered one: reported, sent again later', async () => {
    const { c, downlink, events } = setup(true);
    c.send(target, 'on', 'auto', 'linkage', T0);
    await settle();
    expect(events[0]).toMatchObject({ what: 'sent', error: 'broker gone' });
    c.tick(T0 + 10_000);
    expect(downlink.sent).toHaveLength(2);
  });
});
