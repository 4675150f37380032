import { describe, expect, it } from 'vitest';
import { environmentKind } from '../../protocol';
import { mulberry32 } from '../../protocol/mulberry32';
import { crcHex, formatData, formatDataTime, framePacket, Hj212Framer, MAX_DATA_BYTES, MAX_PACKET_BYTES, parseDataTime, parsePacket, type FrameEvent } from './codec';
import { packetReadings } from './readings';

const ascii = (s: string) => new TextEncoder().encode(s);
const text = (b: Uint8Array) => new TextDecoder().decode(b);

/**
 * The communication packet example of HJ 212-2017 (§6.6, with the CRC of Appendix A): a platform setting a
 * monitor's real-time data interval to 30 s. Length 0101, CRC 1C80.
 */
const STANDARD_DATA = 'QN=20160801085857223;ST=32;CN=1062;PW=100000;MN=010000A8900016F000169DC0;Flag=5;CP=&&RtdInterval=30&&';
const STANDARD_PACKET = `##0101${STANDARD_DATA}1C80\r\n`;

/**
 * Minute data of a site dust and noise monitor, written out by hand in the layout of the standard's data
 * upload (§6.3, table 9 CN 2051; ST 22 air quality; factors of Appendix B: a34001 TSP, a34002 PM10,
 * a34004 PM2.5 in mg/m³, LA noise, a01001 temperature, a01002 humidity, a01007 wind speed, a01008 wind
 * direction), as vendors' HJ 212 integration documents for construction-site monitors show it.
 */
const VENDOR_MINUTE =
  'QN=20260601103000000;ST=22;CN=2051;PW=123456;MN=ENV-LK-E;Flag=5;CP=&&DataTime=20260601102900;' +
  'a34001-Avg=0.152,a34001-Flag=N;a34002-Avg=0.063,a34002-Flag=N;a34004-Avg=0.035,a34004-Flag=N;LA-Avg=62.4,LA-Flag=N;' +
  'a01001-Avg=18.5,a01001-Flag=N;a01002-Avg=54,a01002-Flag=N;a01007-Avg=2.3,a01007-Flag=N;a01008-Avg=135,a01008-Flag=D&&';

describe('HJ 212-2017 CRC16 (Appendix A)', () => {
  it("gives the standard's example its CRC", () => {
    expect(crcHex(ascii(STANDARD_DATA))).toBe('1C80');
    expect(text(framePacket(STANDARD_DATA))).toBe(STANDARD_PACKET);
  });

  it('starts from 0xFFFF and is not the Modbus CRC', () => {
    expect(crcHex(new Uint8Array())).toBe('FFFF');
    // Modbus CRC-16 of "123456789" is 4B37; this algorithm shifts the register before the XOR
    expect(crcHex(ascii('123456789'))).not.toBe('4B37');
  });

  it('changes with any single changed byte of the example', () => {
    const bytes = ascii(STANDARD_DATA);
    for (let i = 0; i < bytes.length; i++) {
      const copy = bytes.slice();
      copy[i] ^= 0x01;
      expect(crcHex(copy), `byte ${i}`).not.toBe('1C80');
    }
  });
});

describe('data segments', () => {
  it("parses the standard's example", () => {
    expect(parsePacket(STANDARD_DATA)).toEqual({ qn: '20160801085857223', st: '32', cn: '1062', pw: '100000', mn: '010000A8900016F000169DC0', flag: 5, cp: [{ RtdInterval: '30' }] });
  });

  it('parses an empty CP (the data answer 9014) and formats it back', () => {
    const answer = formatData({ qn: '20160801085857223', st: '91', cn: '9014', pw: '100000', mn: 'M1', flag: 4, cp: [] });
    expect(answer).toBe('QN=20160801085857223;ST=91;CN=9014;PW=100000;MN=M1;Flag=4;CP=&&&&');
    expect(parsePacket(answer)).toMatchObject({ cn: '9014', cp: [] });
  });

  it('refuses segments without their fields or with a malformed CP', () => {
    expect(parsePacket('ST=22;CN=2051;PW=1;MN=A;Flag=4')).toEqual({ error: 'no CP=&&…&&' });
    expect(parsePacket('ST=22;CN=2051;MN=A;Flag=4;CP=&&DataTime=20260601102900&&')).toEqual({ error: 'no PW' });
    expect(parsePacket('ST=22;CN=2051;PW=1;MN=A;Flag=x;CP=&&DataTime=1&&')).toMatchObject({ error: expect.stringMatching(/Flag/) });
    expect(parsePacket('ST=22;CN=2051;PW=1;MN=A;Flag=4;CP=&&DataTime&&')).toMatchObject({ error: expect.stringMatching(/CP item/) });
  });

  it('reads the vendor minute packet as readings in the product units (PM in µg/m³)', () => {
    const p = parsePacket(VENDOR_MINUTE);
    if ('error' in p) throw new Error(p.error);
    expect(packetReadings(p, 'Avg', environmentKind.hj212.factors)).toEqual({
      ts: Date.UTC(2026, 5, 1, 2, 29, 0), // 10:29 Beijing time
      values: { tsp: 0.152, pm10: 63, pm25: 35, noise: 62.4, temperature: 18.5, humidity: 54, windSpeed: 2.3, windDirection: 135 },
      flags: { tsp: 'N', pm10: 'N', pm25: 'N', noise: 'N', temperature: 'N', humidity: 'N', windSpeed: 'N', windDirection: 'D' },
    });
    expect(packetReadings(p, 'Rtd', environmentKind.hj212.factors)).toEqual({ error: 'no known factor with -Rtd' });
  });

  it('refuses a malformed DataTime, value or flag', () => {
    const read = (cp: string) => {
      const p = parsePacket(`ST=22;CN=2011;PW=1;MN=A;Flag=4;CP=&&${cp}&&`);
      return 'error' in p ? p : packetReadings(p, 'Rtd', environmentKind.hj212.factors);
    };
    expect(read('DataTime=20260231120000;LA-Rtd=50')).toMatchObject({ error: expect.stringMatching(/DataTime/) });
    expect(read('LA-Rtd=50')).toEqual({ error: 'no DataTime' });
    expect(read('DataTime=20260601120000;LA-Rtd=5e2')).toMatchObject({ error: expect.stringMatching(/LA-Rtd/) });
    expect(read('DataTime=20260601120000;LA-Rtd=50,LA-Flag=X')).toMatchObject({ error: expect.stringMatching(/LA-Flag/) });
    expect(read('DataTime=20260601120000;LA-Rtd=50,LA-Flag=T')).toMatchObject({ values: { noise: 50 }, flags: { noise: 'T' } });
  });

  it('writes and reads Beijing DataTime', () => {
    const ms = Date.UTC(2026, 0, 1, 16, 5, 9);
    expect(formatDataTime(ms)).toBe('20260102000509');
    expect(parseDataTime('20260102000509')).toBe(ms);
  });

  it('refuses to frame more than the standard allows', () => {
    expect(() => framePacket('x'.repeat(MAX_DATA_BYTES + 1))).toThrow(RangeError);
    expect(framePacket('x'.repeat(MAX_DATA_BYTES)).length).toBe(MAX_PACKET_BYTES);
  });
});

const datas = (events: FrameEvent[]) => events.flatMap((e) => ('data' in e ? [e.data] : []));
const errors = (events: FrameEvent[]) => events.flatMap((e) => ('error' in e ? [e.error] : []));

describe('the stream framer', () => {
  it('finds each refusal and keeps reading after it', () => {
    const f = new Hj212Framer();
    const bad = STANDARD_PACKET.replace('1C80', '1C81');
    const shortLen = STANDARD_PACKET.replace('##0101', '##0100');
    const events = f.push(ascii(`noise${bad}${shortLen}${STANDARD_PACKET}`));
    expect(errors(events)).toEqual(['hj212-framing', 'hj212-crc', 'hj212-length', 'hj212-framing']);
    expect(datas(events)).toEqual([STANDARD_DATA]);
    expect(f.pending).toBe(0);
  });

  it('refuses a declared length over 1024 bytes as soon as it is read', () => {
    const f = new Hj212Framer();
    expect(f.push(ascii('##1025QN='))).toEqual([{ error: 'hj212-too-large', detail: 'data segment of 1025 bytes declared (limit 1024)' }, { error: 'hj212-framing', detail: '3 bytes outside a packet' }]);
  });

  it('joins a packet split into single bytes and splits packets merged in one chunk', () => {
    const f = new Hj212Framer();
    const out: FrameEvent[] = [];
    for (const b of ascii(STANDARD_PACKET)) out.push(...f.push(Uint8Array.of(b)));
    expect(datas(out)).toEqual([STANDARD_DATA]);
    const vendor = text(framePacket(VENDOR_MINUTE));
    expect(datas(f.push(ascii(`${STANDARD_PACKET}${vendor}${STANDARD_PACKET}`)))).toEqual([STANDARD_DATA, VENDOR_MINUTE, STANDARD_DATA]);
  });

  it('fuzz: valid packets in random garbage and random splits all come out, in order, with a bounded buffer', () => {
    const rnd = mulberry32(212);
    for (let round = 0; round < 200; round++) {
      const sent: string[] = [];
      const parts: number[] = [];
      for (let i = 0; i < 1 + Math.floor(rnd() * 6); i++) {
        // garbage without '#' between packets: it cannot start a packet, so every valid one must survive
        for (let g = Math.floor(rnd() * 40); g > 0; g--) parts.push(rnd() < 0.5 ? 0x0d : 0x24 + Math.floor(rnd() * 90));
        const data = rnd() < 0.5 ? STANDARD_DATA : VENDOR_MINUTE.replace('62.4', (rnd() * 100).toFixed(1));
        sent.push(data);
        parts.push(...framePacket(data));
      }
      const stream = Uint8Array.from(parts);
      const f = new Hj212Framer();
      const out: FrameEvent[] = [];
      for (let at = 0; at < stream.length; ) {
        const n = 1 + Math.floor(rnd() * 300);
        out.push(...f.push(stream.subarray(at, at + n)));
        expect(f.pending).toBeLessThanOrEqual(MAX_PACKET_BYTES);
        at += n;
      }
      expect(datas(out), `round ${round}`).toEqual(sent);
    }
  });

  it('fuzz: random bytes never throw, never grow the buffer past one packet, and reading resumes after them', () => {
    const rnd = mulberry32(9014);
    const f = new Hj212Framer();
    for (let round = 0; round < 2000; round++) {
      const chunk = new Uint8Array(1 + Math.floor(rnd() * 2000));
      // biased towards '#' and digits so headers and lengths occur often
      for (let i = 0; i < chunk.length; i++) {
        const r = rnd();
        chunk[i] = r < 0.1 ? 0x23 : r < 0.4 ? 0x30 + Math.floor(rnd() * 10) : r < 0.45 ? 0x0d : r < 0.5 ? 0x0a : Math.floor(rnd() * 256);
      }
      f.push(chunk);
      expect(f.pending).toBeLessThanOrEqual(MAX_PACKET_BYTES);
    }
    // and it still reads a valid packet afterwards
    f.push(ascii('\r\n'.repeat(600)));
    expect(datas(f.push(ascii(`##9${STANDARD_PACKET}`)))).toContain(STANDARD_DATA);
  });
});
