// `npm start`: builds the browser app when its sources changed, then runs the server on its embedded
// defaults (MQTT broker, PGlite in ./data, demo simulator). Configuration: docs/configuration.md.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ROOT, buildIsStale, run } from './lib.mjs';

if (buildIsStale()) {
  console.log('[siteboard] building the browser app…');
  const code = await run('vite', ['build', '--logLevel', 'warn']);
  if (code !== 0) process.exit(code);
}

const server = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'server', 'main.ts')], {
  cwd: ROOT,
  stdio: 'inherit',
});
// The terminal's Ctrl-C reaches the server too (same process group); forward signals sent to us alone.
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
server.on('exit', (code, signal) => process.exit(code ?? (signal === 'SIGINT' || signal === 'SIGTERM' ? 0 : 1)));
