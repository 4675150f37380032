import { serviceAnswer } from './services';

/** Debian's ffmpeg binary (installed when missing, scripts/services.mjs ensureFfmpeg, as `npm start` does). */
export function ffmpegBinary(): string {
  return serviceAnswer('ffmpeg-path', (l) => l.startsWith('/'), 600_000);
}
