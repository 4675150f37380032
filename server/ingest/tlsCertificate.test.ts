import { X509Certificate } from 'node:crypto';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadTlsCertificate } from './tlsCertificate';

describe('loadTlsCertificate', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'siteboard-tls-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('makes a self-signed certificate once in DATA_DIR/tls (key private to the owner) and reuses it', async () => {
    const first = await loadTlsCertificate({ port: 0, certFile: null, keyFile: null }, dir, '10.1.2.3');
    expect(first.selfSigned).toBe(true);
    const x509 = new X509Certificate(first.cert);
    expect(x509.subjectAltName).toContain('DNS:localhost');
    expect(x509.subjectAltName).toContain('IP Address:127.0.0.1');
    expect(x509.subjectAltName).toContain('IP Address:10.1.2.3');
    expect(x509.checkPrivateKey((await import('node:crypto')).createPrivateKey(first.key))).toBe(true);
    expect((await stat(path.join(dir, 'tls', 'key.pem'))).mode & 0o077).toBe(0);
    const again = await loadTlsCertificate({ port: 0, certFile: null, keyFile: null }, dir, '10.1.2.3');
    expect(again.cert).toBe(first.cert);
  });

  it('reads configured files, and fails when one is missing', async () => {
    const made = await loadTlsCertificate({ port: 0, certFile: null, keyFile: null }, 'memory://', '0.0.0.0');
    const certFile = path.join(dir, 'c.pem');
    const keyFile = path.join(dir, 'k.pem');
    await writeFile(certFile, made.cert);
    await writeFile(keyFile, made.key);
    expect(await loadTlsCertificate({ port: 0, certFile, keyFile }, dir, '0.0.0.0')).toEqual({ cert: made.cert, key: made.key, selfSigned: false });
    await expect(loadTlsCertificate({ port: 0, certFile: path.join(dir, 'none.pem'), keyFile }, dir, '0.0.0.0')).rejects.toThrow(/ENOENT/);
  });
});
