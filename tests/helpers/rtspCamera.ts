import { spawn, type ChildProcess } from 'node:child_process';
import { createSocket, type Socket as UdpSocket } from 'node:dgram';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eventually } from './eventually';

/**
 * A network camera for tests: a real RTSP server (RFC 2326: OPTIONS, DESCRIBE, SETUP, PLAY, TEARDOWN) on
 * 127.0.0.1 that streams H.264 over RTP interleaved in the RTSP connection (RFC 2326 §10.12, what the
 * server's ffmpeg asks for with `-rtsp_transport tcp`). The picture is ffmpeg's own: a testsrc pattern
 * encoded with libx264 and packetised by ffmpeg's RTP muxer (RFC 6184) to a local UDP port; this server
 * forwards its packets to every playing client. ffmpeg's RTSP muxer only publishes to a server (its
 * `listen` flag is for input), so the RTSP side is this small server.
 *
 * With `user` and `password` it asks for HTTP Basic credentials (RFC 2617, as many site cameras do).
 */
export interface RtspCamera {
  /** The camera's URL, with `user:password@` when it has credentials. */
  url: string;
  /** RTSP connections open now (a client that stopped viewing has closed its connection). */
  connections(): number;
  /** Clients that have sent PLAY since the camera started. */
  plays(): number;
  /** Requests refused for missing or wrong credentials. */
  refused(): number;
  /** Stops ffmpeg and the server, closing every client. */
  close(): Promise<void>;
}

/** Starts a camera; resolves once ffmpeg has written its SDP (the stream's description). */
export async function startRtspCamera(ffmpeg: string, opts: { user?: string; password?: string; path?: string } = {}): Promise<RtspCamera> {
  const rtp = await boundUdp();
  const rtcp = await boundUdp();
  const dir = mkdtempSync(path.join(tmpdir(), 'sb-rtsp-cam-'));
  const sdpFile = path.join(dir, 'cam.sdp');
  const rtpPort = (rtp.address() as AddressInfo).port;
  const rtcpPort = (rtcp.address() as AddressInfo).port;
  // 10 fps, a key frame every second: the server's 1 s HLS segments cut on it
  const child: ChildProcess = spawn(
    ffmpeg,
    ['-hide_banner', '-loglevel', 'error', '-nostdin', '-re', '-f', 'lavfi', '-i', 'testsrc=size=320x180:rate=10', '-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-pix_fmt', 'yuv420p', '-g', '10', '-bsf:v', 'dump_extra', '-f', 'rtp', '-payload_type', '96', '-sdp_file', sdpFile, `rtp://127.0.0.1:${rtpPort}?rtcpport=${rtcpPort}&pkt_size=1200`],
    { stdio: 'ignore' },
  );
  const sdp = await eventually(() => {
    try {
      const text = readFileSync(sdpFile, 'utf8');
      return text.includes('a=rtpmap') ? text : null;
    } catch {
      return null;
    }
  }, 20_000, 'the camera ffmpeg to write its SDP', 100);

  const playing = new Set<Socket>();
  const open = new Set<Socket>();
  let plays = 0;
  let refused = 0;
  const forward = (channel: number) => (packet: Buffer) => {
    const head = Buffer.from([0x24, channel, packet.length >> 8, packet.length & 0xff]);
    for (const c of playing) if (c.writable) c.write(Buffer.concat([head, packet]));
  };
  rtp.on('message', forward(0));
  rtcp.on('message', forward(1));

  const expected = opts.user !== undefined ? `Basic ${Buffer.from(`${opts.user}:${opts.password ?? ''}`).toString('base64')}` : null;
  const server: Server = createServer((socket) => {
    open.add(socket);
    let pending = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      pending = Buffer.concat([pending, chunk]);
      for (;;) {
        // the client's RTCP receiver reports arrive interleaved ('$', channel, 16-bit length): skipped
        if (pending[0] === 0x24) {
          if (pending.length < 4) break;
          const size = 4 + pending.readUInt16BE(2);
          if (pending.length < size) break;
          pending = pending.subarray(size);
          continue;
        }
        const end = pending.indexOf('\r\n\r\n');
        if (end < 0) break;
        const request = pending.subarray(0, end).toString('latin1');
        pending = pending.subarray(end + 4);
        const [line, ...headerLines] = request.split('\r\n');
        const headers = new Map(headerLines.map((h) => [h.slice(0, h.indexOf(':')).trim().toLowerCase(), h.slice(h.indexOf(':') + 1).trim()]));
        const method = line.split(' ')[0];
        const cseq = headers.get('cseq') ?? '0';
        const reply = (status: string, extra: string[] = [], body = '') =>
          socket.write([`RTSP/1.0 ${status}`, `CSeq: ${cseq}`, ...extra, ...(body ? [`Content-Length: ${Buffer.byteLength(body)}`] : []), '', body].join('\r\n'));
        if (expected && method !== 'OPTIONS' && headers.get('authorization') !== expected) {
          refused++;
          reply('401 Unauthorized', ['WWW-Authenticate: Basic realm="camera"']);
          continue;
        }
        if (method === 'OPTIONS') reply('200 OK', ['Public: OPTIONS, DESCRIBE, SETUP, PLAY, TEARDOWN, GET_PARAMETER']);
        else if (method === 'DESCRIBE') reply('200 OK', ['Content-Type: application/sdp', `Content-Base: ${line.split(' ')[1]}/`], describe(sdp));
        else if (method === 'SETUP') reply('200 OK', ['Transport: RTP/AVP/TCP;unicast;interleaved=0-1', 'Session: 12345678;timeout=60']);
        else if (method === 'PLAY') {
          plays++;
          reply('200 OK', ['Session: 12345678']);
          playing.add(socket);
        } else if (method === 'TEARDOWN') {
          playing.delete(socket);
          reply('200 OK', ['Session: 12345678']);
        } else reply('200 OK', ['Session: 12345678']); // GET_PARAMETER keep-alives
      }
    });
    const gone = () => {
      playing.delete(socket);
      open.delete(socket);
    };
    socket.on('close', gone);
    socket.on('error', gone);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  const auth = opts.user !== undefined ? `${opts.user}:${opts.password ?? ''}@` : '';

  return {
    url: `rtsp://${auth}127.0.0.1:${port}${opts.path ?? '/Streaming/Channels/101'}`,
    connections: () => open.size,
    plays: () => plays,
    refused: () => refused,
    async close() {
      child.kill('SIGKILL');
      for (const s of open) s.destroy();
      await new Promise<void>((r) => server.close(() => r()));
      rtp.close();
      rtcp.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** ffmpeg's SDP as an RTSP server describes it: any address, a control URL per media (RFC 2326 C.1.1). */
function describe(sdp: string): string {
  const lines = sdp.split(/\r?\n/).filter((l) => l !== '' && !l.startsWith('a=control'));
  const out: string[] = [];
  for (const l of lines) {
    if (l.startsWith('c=')) out.push('c=IN IP4 0.0.0.0');
    else if (l.startsWith('m=video')) out.push(l.replace(/^m=video \d+/, 'm=video 0'), 'a=control:trackID=0');
    else out.push(l);
  }
  const t = out.findIndex((l) => l.startsWith('t='));
  out.splice(t + 1, 0, 'a=control:*');
  return `${out.join('\r\n')}\r\n`;
}

/** A UDP socket bound to a free port of 127.0.0.1. */
function boundUdp(): Promise<UdpSocket> {
  return new Promise((resolve, reject) => {
    const s = createSocket('udp4');
    s.once('error', reject);
    s.bind(0, '127.0.0.1', () => resolve(s));
  });
}
