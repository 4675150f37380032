// The flood's devices (bench/README.md "Alarm flood"), in a worker thread: `count` beacons, each on its own
// MQTT connection like a real tag, flipping across a danger zone's edge every `everyMs` (QoS 1, loopback).
// Messages from the parent: start { port, username, password, projectId, tunnelId, edgeM, count, everyMs },
// go, stop. To the parent: ready, stopped { sent, acked, errors }, error { message }.
import { parentPort } from 'node:worker_threads';
import mqtt from 'mqtt';

let clients = [];
let timer = null;
let sent = 0;
let acked = 0;
let errors = 0;
let o = null;

parentPort.on('message', async (m) => {
  try {
    if (m.type === 'start') {
      o = m;
      // connected a few at a time: 200 handshakes at once would be a connection storm, not the flood
      for (let i = 0; i < o.count; i += 20) {
        const batch = [];
        for (let k = i; k < Math.min(o.count, i + 20); k++) {
          batch.push(mqtt.connectAsync(`mqtt://127.0.0.1:${o.port}`, { clientId: `flood-${k + 1}`, username: o.username, password: o.password, reconnectPeriod: 0, connectTimeout: 10_000 }));
        }
        clients.push(...(await Promise.all(batch)));
      }
      parentPort.postMessage({ type: 'ready' });
    } else if (m.type === 'go') {
      let phase = 0;
      // one fix per beacon per tick, spread over the tick so the broker sees a steady stream
      timer = setInterval(() => {
        phase ^= 1;
        clients.forEach((c, i) => {
          // 0.1–0.3 m of UWB scatter around the edge: inside on one tick, outside on the next
          const chainageM = o.edgeM + (((i + phase) & 1) === 0 ? 0.2 : -0.2);
          sent++;
          c.publish(`zhgd/${o.projectId}/beacon/FB-${i + 1}/telemetry`, JSON.stringify({ ts: Date.now(), tunnelId: o.tunnelId, chainageM, battery: 80, sos: false }), { qos: 1 }, (err) => {
            if (err) errors++;
            else acked++;
          });
        });
      }, o.everyMs);
    } else if (m.type === 'stop') {
      if (timer) clearInterval(timer);
      await Promise.all(clients.map((c) => c.endAsync(true).catch(() => undefined)));
      clients = [];
      parentPort.postMessage({ type: 'stopped', sent, acked, errors });
    }
  } catch (err) {
    parentPort.postMessage({ type: 'error', message: String(err?.message ?? err) });
  }
});
