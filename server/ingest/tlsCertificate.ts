import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import { isIP } from 'node:net';
import { generate } from 'selfsigned';
import type { MqttTlsConfig } from '../config';

/** A PEM certificate (chain) and its private key. */
export interface TlsCertificate {
  cert: string;
  key: string;
  /** True when the pair was made here (self-signed): devices must trust `cert` itself as their CA. */
  selfSigned: boolean;
}

/** Days a generated demo certificate is valid. */
const SELF_SIGNED_DAYS = 825;

/**
 * The certificate of the MQTT over TLS listener: the configured files (MQTT_TLS_CERT, MQTT_TLS_KEY) when
 * set; otherwise a self-signed pair made once and kept in `dataDir/tls/` (cert.pem, key.pem readable by
 * the owner only), for the demo. With `memory://` data dirs the pair is made for this run only.
 * The generated certificate names localhost, 127.0.0.1, ::1, this machine's host name and `host` when it
 * is a specific address.
 * @throws when a configured file cannot be read, or the generated pair cannot be written
 */
export async function loadTlsCertificate(tls: MqttTlsConfig, dataDir: string, host: string): Promise<TlsCertificate> {
  if (tls.certFile !== null && tls.keyFile !== null) {
    const [cert, key] = await Promise.all([readFile(tls.certFile, 'utf8'), readFile(tls.keyFile, 'utf8')]);
    return { cert, key, selfSigned: false };
  }
  const inMemory = dataDir.startsWith('memory://');
  const dir = path.join(dataDir, 'tls');
  const certPath = path.join(dir, 'cert.pem');
  const keyPath = path.join(dir, 'key.pem');
  if (!inMemory) {
    try {
      const [cert, key] = await Promise.all([readFile(certPath, 'utf8'), readFile(keyPath, 'utf8')]);
      return { cert, key, selfSigned: true };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
  }
  const made = await makeSelfSigned(host);
  if (!inMemory) {
    await mkdir(dir, { recursive: true, mode: 0o700 });
    await writeFile(keyPath, made.key, { mode: 0o600 });
    await writeFile(certPath, made.cert, { mode: 0o644 });
  }
  return made;
}

async function makeSelfSigned(host: string): Promise<TlsCertificate> {
  const names = new Set(['localhost', hostname()]);
  const ips = new Set(['127.0.0.1', '::1']);
  if (host !== '0.0.0.0' && host !== '::') (isIP(host) ? ips : names).add(host);
  const now = Date.now();
  const pair = await generate([{ name: 'commonName', value: 'SiteBoard MQTT (self-signed)' }], {
    keyType: 'ec',
    curve: 'P-256',
    algorithm: 'sha256',
    notBeforeDate: new Date(now - 60_000),
    notAfterDate: new Date(now + SELF_SIGNED_DAYS * 86_400_000),
    extensions: [
      { name: 'basicConstraints', cA: true },
      { name: 'keyUsage', digitalSignature: true, keyCertSign: true },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: [...[...names].map((value) => ({ type: 2 as const, value })), ...[...ips].map((ip) => ({ type: 7 as const, ip }))],
      },
    ],
  });
  return { cert: pair.cert, key: pair.private, selfSigned: true };
}
