import { crc32, deflateSync } from 'node:zlib';
import type { AlgType } from '../../protocol';

/** Size of a simulated capture (px): small enough for an MQTT alarm (about 1–2 kB as PNG). */
export const CAPTURE_WIDTH = 160;
export const CAPTURE_HEIGHT = 120;

type Rgb = readonly [number, number, number];

/** One PNG chunk: length, type, data, CRC-32 of type and data (PNG specification, ISO/IEC 15948 §5.3). */
function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * A capture picture as an AI box would send it, drawn without any image library: a tunnel section (lit
 * crown, dark walls, floor), a worker at `x` (0–1 across the frame) whose helmet and vest are missing for
 * `noHelmet` / `noVest`, and the red detection box around them. @returns an 8-bit RGB PNG (ISO/IEC 15948).
 */
export function renderCapturePng(algType: AlgType, x: number): Uint8Array {
  const w = CAPTURE_WIDTH;
  const h = CAPTURE_HEIGHT;
  // each row: filter byte 0 (None), then RGB
  const raw = Buffer.alloc((w * 3 + 1) * h);
  const set = (px: number, py: number, c: Rgb): void => {
    if (px < 0 || py < 0 || px >= w || py >= h) return;
    const o = py * (w * 3 + 1) + 1 + px * 3;
    raw[o] = c[0];
    raw[o + 1] = c[1];
    raw[o + 2] = c[2];
  };
  const rect = (x0: number, y0: number, x1: number, y1: number, c: Rgb): void => {
    for (let py = y0; py < y1; py++) for (let px = x0; px < x1; px++) set(px, py, c);
  };
  // tunnel: a grey vault getting lighter towards the crown's lamps, a brown floor
  for (let py = 0; py < h; py++) {
    const c: Rgb = py < 84 ? [40 + Math.round(py / 3), 42 + Math.round(py / 3), 48 + Math.round(py / 3)] : [92, 78, 60];
    rect(0, py, w, py + 1, c);
  }
  for (let i = 0; i < 4; i++) rect(20 + i * 38, 8, 32 + i * 38, 11, [250, 240, 200]);
  // the worker: head, helmet, body (vest or not), legs
  const cx = Math.round(16 + x * (w - 32));
  const helmet: Rgb = algType === 'noHelmet' ? [200, 160, 130] : [250, 210, 0];
  const vest: Rgb = algType === 'noVest' ? [60, 70, 110] : [255, 120, 0];
  rect(cx - 4, 50, cx + 4, 58, [200, 160, 130]);
  rect(cx - 5, 46, cx + 5, 51, helmet);
  rect(cx - 7, 58, cx + 7, 78, vest);
  if (algType !== 'noVest') rect(cx - 7, 66, cx + 7, 68, [220, 220, 220]);
  rect(cx - 6, 78, cx - 1, 94, [50, 50, 70]);
  rect(cx + 1, 78, cx + 6, 94, [50, 50, 70]);
  if (algType === 'openFlame' || algType === 'smoking') rect(cx + 8, 62, cx + 12, 68, [255, 80, 0]);
  // the AI detection box
  const red: Rgb = [230, 30, 40];
  rect(cx - 11, 42, cx + 11, 44, red);
  rect(cx - 11, 96, cx + 11, 98, red);
  rect(cx - 11, 42, cx - 9, 98, red);
  rect(cx + 9, 42, cx + 11, 98, red);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(w, 0);
  header.writeUInt32BE(h, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type RGB
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return new Uint8Array(Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', deflateSync(raw, { level: 9 })), chunk('IEND', new Uint8Array(0))]));
}
