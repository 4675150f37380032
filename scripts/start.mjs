// `npm start`: builds the browser app when its sources changed, then runs the server on its embedded
// defaults (MQTT broker, PGlite in ./data, demo simulator). Configuration: docs/configuration.md.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ROOT, buildIsStale, run } from './lib.mjs';
import { ensureFfmpeg } from './services.mjs';

// The cameras' video (the demo's test pattern, RTSP remuxed to HLS) needs ffmpeg: installed from Debian when
// missing; without it the server still runs and the video screen says the cameras are offline.
let ffmpegPath = process.env.FFMPEG_PATH;
try {
  ffmpegPath = ensureFfmpeg();
} catch (e) {
  console.error(`[siteboard] ${e.message}: no camera video`);
}

if (buildIsStale()) {
  console.log('[siteboard] building the browser app…');
  const code = await run('vite', ['build', '--logLevel', 'warn']);
  if (code !== 0) process.exit(code);
}

// The server runs in its own process group, so a terminal's Ctrl-C (sent to the whole foreground group)
// reaches it only through us, exactly once. npm may forward the same signal again: deliveries within
// a second count as one; a later Ctrl-C is forwarded and forces the server's immediate exit.
// The demo's environment monitors speak HJ 212 over TCP: its listener is on here (HJ212_PORT, default
// 9212; an empty HJ212_PORT turns it off), off for a bare `node server/main.ts` (docs/configuration.md).
const server = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'server', 'main.ts')], {
  cwd: ROOT,
  env: { HJ212_PORT: '9212', ...process.env, ...(ffmpegPath ? { FFMPEG_PATH: ffmpegPath } : {}) },
  stdio: 'inherit',
  detached: true,
});
let lastForwardMs = 0;
for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, () => {
    const now = Date.now();
    if (now - lastForwardMs < 1000) return;
    lastForwardMs = now;
    server.kill(sig);
  });
}
// If this wrapper dies, the server must not linger without a parent.
process.on('exit', () => {
  if (server.exitCode === null && server.signalCode === null) server.kill('SIGTERM');
});
server.on('exit', (code, signal) => process.exit(code ?? (signal === 'SIGINT' || signal === 'SIGTERM' ? 0 : 1)));
