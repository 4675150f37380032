// `node bench/video/heapGrowth.mjs --password=P [--base-url=http://127.0.0.1:8080] [--user=admin]
// [--route=#/video] [--minutes=8]`: what grows in a page of a running SiteBoard (bench/README.md "Video wall
// soak"). Opens the route in Debian's Chromium at 1920×1080, lets it settle a minute, takes a heap snapshot
// after two garbage collections, waits `minutes`, takes another, and prints the snapshot totals and the 25
// (type, name) groups of heap objects that grew most, in bytes and count. A diagnostic beside the soak: the
// soak says whether the heap grows, this says what.
import { chromium } from 'playwright-core';
import { ensureChromium } from '../../scripts/lib.mjs';

const arg = (name, dflt) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? dflt;
const base = arg('base-url', 'http://127.0.0.1:8080').replace(/\/?$/, '/');
const minutes = Number(arg('minutes', '8'));
const route = arg('route', '#/video');

const browser = await chromium.launch({ executablePath: ensureChromium(), args: ['--autoplay-policy=no-user-gesture-required'] });
try {
  const page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
  const login = await page.request.post(`${base}zhgd/auth/login`, { data: { username: arg('user', 'admin'), password: arg('password', '') } });
  if (!login.ok()) throw new Error(`login refused: ${login.status()}`);
  await page.goto(base + route);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.enable');

  /** Bytes and count per `type:name` of the heap's nodes, after two collections. */
  async function summary() {
    await cdp.send('HeapProfiler.collectGarbage');
    await cdp.send('HeapProfiler.collectGarbage');
    const chunks = [];
    const on = (e) => chunks.push(e.chunk);
    cdp.on('HeapProfiler.addHeapSnapshotChunk', on);
    await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
    cdp.off('HeapProfiler.addHeapSnapshotChunk', on);
    const snap = JSON.parse(chunks.join(''));
    const fields = snap.snapshot.meta.node_fields;
    const types = snap.snapshot.meta.node_types[0];
    const [iType, iName, iSize] = ['type', 'name', 'self_size'].map((f) => fields.indexOf(f));
    const groups = new Map();
    let total = 0;
    for (let i = 0; i < snap.nodes.length; i += fields.length) {
      const key = `${types[snap.nodes[i + iType]]}:${String(snap.strings[snap.nodes[i + iName]]).slice(0, 60)}`;
      const g = groups.get(key) ?? { count: 0, bytes: 0 };
      g.count++;
      g.bytes += snap.nodes[i + iSize];
      total += snap.nodes[i + iSize];
      groups.set(key, g);
    }
    return { groups, total };
  }

  await page.waitForTimeout(60_000);
  const a = await summary();
  await page.waitForTimeout(minutes * 60_000);
  const b = await summary();
  console.log(`${route}: heap snapshot ${(a.total / 1e6).toFixed(2)} MB → ${(b.total / 1e6).toFixed(2)} MB in ${minutes} min\n`);
  console.log('| grew (bytes) | grew (count) | type:name |\n|---|---|---|');
  const grown = [...b.groups].map(([key, g]) => {
    const was = a.groups.get(key) ?? { count: 0, bytes: 0 };
    return { key, bytes: g.bytes - was.bytes, count: g.count - was.count };
  });
  for (const g of grown.sort((x, y) => y.bytes - x.bytes).slice(0, 25)) console.log(`| ${g.bytes} | ${g.count} | ${g.key} |`);
} finally {
  await browser.close();
}
