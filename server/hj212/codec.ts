/**
 * HJ 212-2017 framing (docs/device-protocol.md "HJ 212"): a packet is `##`, the data segment's length in
 * four decimal digits, the data segment (ASCII, at most 1024 bytes: §6.2), its CRC16 in four hex digits
 * (Appendix A) and CR LF. The data segment is `QN=…;ST=…;CN=…;PW=…;MN=…;Flag=…;CP=&&…&&`.
 * Pure functions and one bounded stream framer; the TCP listener is server/hj212/listener.ts.
 */
import { BEIJING_OFFSET_MS } from '../../protocol';

/** Largest data segment the standard allows, bytes (HJ 212-2017 §6.2). */
export const MAX_DATA_BYTES = 1024;
/** A whole packet: `##` + 4 length digits + data + 4 CRC digits + CR LF. */
export const MAX_PACKET_BYTES = 2 + 4 + MAX_DATA_BYTES + 4 + 2;

/**
 * CRC16 of HJ 212-2017 Appendix A over `bytes`: register 0xFFFF; per byte, register = (register >> 8)
 * XOR byte, then eight shifts right, XOR 0xA001 when the bit shifted out was 1. Not the Modbus CRC (that
 * one XORs the byte into the low end of the whole register).
 */
function hj212Crc(bytes: Uint8Array): number {
  let crc = 0xffff;
  for (let i = 0; i < bytes.length; i++) {
    crc = (crc >> 8) ^ bytes[i];
    for (let j = 0; j < 8; j++) {
      const out = crc & 1;
      crc >>= 1;
      if (out) crc ^= 0xa001;
    }
  }
  return crc;
}

/** The CRC as the packet carries it: four upper-case hex digits. */
export function crcHex(bytes: Uint8Array): string {
  return hj212Crc(bytes).toString(16).toUpperCase().padStart(4, '0');
}

/** Why a stream's bytes were refused (also rejection-counter reasons, protocol/devices.ts). */
export type FrameError = 'hj212-framing' | 'hj212-length' | 'hj212-crc' | 'hj212-too-large';

/** What the framer found in the bytes pushed: a data segment whose CRC checked, or a refusal. */
export type FrameEvent = { data: string } | { error: FrameError; detail: string };

const HASH = 0x23; // '#'
const CR = 0x0d;
const LF = 0x0a;
const ASCII = new TextDecoder('latin1');
const ENCODER = new TextEncoder();

function isDigit(b: number): boolean {
  return b >= 0x30 && b <= 0x39;
}

/**
 * Splits a TCP byte stream into HJ 212 packets. Bounded: it never holds more than MAX_PACKET_BYTES
 * (a declared length over MAX_DATA_BYTES is refused as soon as its four digits arrive). Bytes before a
 * `##` are skipped (one `hj212-framing` event per run of them); a packet whose CR LF is not where its
 * length says is `hj212-length` and the search resumes after its `##`; a bad CRC drops the packet.
 */
export class Hj212Framer {
  private buf = new Uint8Array(MAX_PACKET_BYTES);
  private len = 0;

  /** Bytes held waiting for the rest of a packet. */
  get pending(): number {
    return this.len;
  }

  /** Feeds bytes; returns what they completed, in stream order. */
  push(chunk: Uint8Array): FrameEvent[] {
    const out: FrameEvent[] = [];
    let i = 0;
    while (i < chunk.length) {
      const n = Math.min(chunk.length - i, MAX_PACKET_BYTES - this.len);
      this.buf.set(chunk.subarray(i, i + n), this.len);
      this.len += n;
      i += n;
      this.drain(out);
    }
    return out;
  }

  private drain(out: FrameEvent[]): void {
    for (;;) {
      // find the start of a packet
      let start = 0;
      while (start < this.len && !(this.buf[start] === HASH && (start + 1 >= this.len || this.buf[start + 1] === HASH))) start++;
      if (start > 0) {
        out.push({ error: 'hj212-framing', detail: `${start} bytes outside a packet` });
        this.shift(start);
      }
      if (this.len < 6) return;
      const digits = this.buf.subarray(2, 6);
      if (!digits.every(isDigit)) {
        out.push({ error: 'hj212-framing', detail: 'no four-digit length after ##' });
        this.shift(2);
        continue;
      }
      const dataLen = Number(ASCII.decode(digits));
      if (dataLen > MAX_DATA_BYTES) {
        out.push({ error: 'hj212-too-large', detail: `data segment of ${dataLen} bytes declared (limit ${MAX_DATA_BYTES})` });
        this.shift(6);
        continue;
      }
      const total = 6 + dataLen + 6;
      if (this.len < total) return;
      if (this.buf[total - 2] !== CR || this.buf[total - 1] !== LF) {
        out.push({ error: 'hj212-length', detail: `no CR LF after the ${dataLen} bytes the length announces` });
        this.shift(2);
        continue;
      }
      const data = this.buf.subarray(6, 6 + dataLen);
      const sent = ASCII.decode(this.buf.subarray(6 + dataLen, 10 + dataLen)).toUpperCase();
      const crc = crcHex(data);
      if (sent !== crc) out.push({ error: 'hj212-crc', detail: `CRC ${sent} sent, ${crc} computed` });
      else out.push({ data: ASCII.decode(data) });
      this.shift(total);
    }
  }

  private shift(n: number): void {
    this.buf.copyWithin(0, n, this.len);
    this.len -= n;
  }
}

/** A parsed data segment. `cp` holds the CP field's groups (`;`-separated) of `key=value` items (`,`-separated). */
export interface Hj212Packet {
  qn: string | null;
  st: string;
  cn: string;
  pw: string;
  mn: string;
  /** Flag bits (HJ 212-2017 §6.3.1): bit 0 A, the sender asks for an answer; bit 1 D, one of several packets. */
  flag: number;
  cp: Array<Record<string, string>>;
}

/** Flag bit A: the packet must be answered (HJ 212-2017 §6.3.1, table 3). */
export const FLAG_ANSWER = 1;
/** Flag version bits of HJ 212-2017 (V = 1 in bits 2–7). */
export const FLAG_2017 = 4;

const FIELD = /^[A-Za-z]{2,4}$/;

/**
 * Parses a data segment. @returns the packet, or `{ error }` naming what is missing or malformed (no
 * `ST`, `CN`, `PW`, `MN` or `CP=&&…&&`; a field or item without `=`). Never throws.
 */
export function parsePacket(data: string): Hj212Packet | { error: string } {
  const cpAt = data.indexOf('CP=&&');
  if (cpAt < 0 || !data.endsWith('&&') || data.length < cpAt + 7) return { error: 'no CP=&&…&&' };
  const head: Record<string, string> = {};
  for (const part of data.slice(0, cpAt).split(';')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    const key = part.slice(0, eq);
    if (eq < 0 || !FIELD.test(key)) return { error: `malformed field "${part.slice(0, 32)}"` };
    head[key] = part.slice(eq + 1);
  }
  for (const key of ['ST', 'CN', 'PW', 'MN'] as const) if (!head[key]) return { error: `no ${key}` };
  const flag = head.Flag === undefined ? 0 : Number(head.Flag);
  if (!Number.isInteger(flag) || flag < 0 || flag > 255) return { error: `malformed Flag "${head.Flag.slice(0, 8)}"` };
  const cp: Array<Record<string, string>> = [];
  const body = data.slice(cpAt + 5, data.length - 2);
  for (const group of body.split(';')) {
    if (group === '') continue;
    const items: Record<string, string> = {};
    for (const item of group.split(',')) {
      const eq = item.indexOf('=');
      if (eq <= 0) return { error: `malformed CP item "${item.slice(0, 32)}"` };
      items[item.slice(0, eq)] = item.slice(eq + 1);
    }
    cp.push(items);
  }
  return { qn: head.QN ?? null, st: head.ST, cn: head.CN, pw: head.PW, mn: head.MN, flag, cp };
}

/** Builds a data segment from its fields, in the standard's order (QN only when given). */
export function formatData(p: { qn?: string | null; st: string; cn: string; pw: string; mn: string; flag: number; cp: ReadonlyArray<Record<string, string>> }): string {
  const cp = p.cp.map((g) => Object.entries(g).map(([k, v]) => `${k}=${v}`).join(',')).join(';');
  return `${p.qn ? `QN=${p.qn};` : ''}ST=${p.st};CN=${p.cn};PW=${p.pw};MN=${p.mn};Flag=${p.flag};CP=&&${cp}&&`;
}

/**
 * A whole packet around a data segment: `##`, length, data, CRC, CR LF.
 * @throws RangeError when the data segment is over MAX_DATA_BYTES or not ASCII
 */
export function framePacket(data: string): Uint8Array {
  const bytes = ENCODER.encode(data);
  if (bytes.length !== data.length) throw new RangeError('HJ 212 data segments are ASCII');
  if (bytes.length > MAX_DATA_BYTES) throw new RangeError(`data segment of ${bytes.length} bytes (limit ${MAX_DATA_BYTES})`);
  return ENCODER.encode(`##${String(bytes.length).padStart(4, '0')}${data}${crcHex(bytes)}\r\n`);
}

/** Beijing time (UTC+8) as HJ 212 writes it, `YYYYMMDDhhmmss`, of `ms` (ms since epoch). */
export function formatDataTime(ms: number): string {
  return new Date(ms + BEIJING_OFFSET_MS).toISOString().replace(/[-T:]/g, '').slice(0, 14);
}

/** A QN (request number): Beijing time to the millisecond, `YYYYMMDDhhmmsszzz`. */
export function formatQn(ms: number): string {
  return new Date(ms + BEIJING_OFFSET_MS).toISOString().replace(/[-T:.Z]/g, '').slice(0, 17);
}

/** `YYYYMMDDhhmmss` in Beijing time as ms since epoch, or null when it is not a valid time. */
export function parseDataTime(s: string): number | null {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(s);
  if (!m) return null;
  const [y, mo, d, h, mi, se] = m.slice(1).map(Number);
  const ms = Date.UTC(y, mo - 1, d, h, mi, se) - BEIJING_OFFSET_MS;
  // Date.UTC rolls 31 February over into March: the round trip catches it
  return formatDataTime(ms) === s ? ms : null;
}
