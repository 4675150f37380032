import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH, BOARDS, DEVICES } from '../../../../protocol';
import { loadConfig } from '../../../../server/config';
import { seedIfEmpty } from '../../../../server/seed';
import { openDatabase, type OpenDatabase } from '../../../../server/storage';
import { createHttpApp } from '../../../../server/http/createHttpApp';
import { SessionStore } from '../../../../server/http/sessions';

// The live pipeline is deliberately absent here: a route that needs it fails, which is how the
// INTERNAL path is exercised. Everything that works without it runs for real.
describe('createHttpApp', () => {
  let database: OpenDatabase;
  let app: FastifyInstance;
  let staticDir: string;
  let cookie: string;

  beforeAll(async () => {
    staticDir = await mkdtemp(path.join(tmpdir(), 'siteboard-static-'));
    await writeFile(path.join(staticDir, 'index.html'), '<!doctype html><title>SiteBoard</title>');
    await writeFile(path.join(staticDir, 'app.js'), 'console.log(1)');
    database = await openDatabase({ dataDir: 'memory://', databaseUrl: null });
    await seedIfEmpty(database.db, { adminPassword: 'admin-test-pw' }, { info: () => undefined });
    const config = loadConfig({ DATA_DIR: 'memory://', STATIC_DIR: staticDir });
    app = await createHttpApp({
      config,
      db: database.db,
      sessions: new SessionStore(database.db),
      live: () => {
        throw new Error('secret internal detail');
      },
    });
    const login = await app.inject({ method: 'POST', url: AUTH.login.path, payload: { username: 'admin', password: 'admin-test-pw' } });
    cookie = String(login.headers['set-cookie']).split(';')[0];
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await rm(staticDir, { recursive: true, force: true });
  });

  it('turns an unexpected error into INTERNAL 500 without leaking details', async () => {
    const r = await app.inject({ method: 'POST', url: DEVICES.deviceList.path, headers: { cookie }, payload: { projectId: 'demo-tunnel' } });
    expect(r.statusCode).toBe(500);
    expect(r.json()).toEqual({ success: false, data: null, errorCode: 'INTERNAL', errorMessage: 'Sorry, the server is reporting an error', showType: 2 });
    expect(r.body).not.toContain('secret');
  });

  it('accepts an empty body for routes without fields', async () => {
    const r = await app.inject({ method: 'POST', url: AUTH.me.path, headers: { cookie, 'content-type': 'application/json' }, payload: '' });
    expect(r.json()).toMatchObject({ success: true, data: { username: 'admin' } });
    const none = await app.inject({ method: 'POST', url: AUTH.me.path, headers: { cookie } });
    expect(none.json()).toMatchObject({ success: true });
  });

  it('refuses a non-JSON content type with a VALIDATION envelope', async () => {
    const r = await app.inject({ method: 'POST', url: AUTH.me.path, headers: { cookie, 'content-type': 'text/plain' }, payload: 'hi' });
    expect(r.statusCode).toBe(415);
    expect(r.json()).toMatchObject({ success: false, errorCode: 'VALIDATION' });
  });

  it('answers under BASE_PATH: the app, the API and page paths, and redirects the bare base', async () => {
    const config = loadConfig({ DATA_DIR: 'memory://', STATIC_DIR: staticDir, BASE_PATH: '/siteboard/' });
    const based = await createHttpApp({ config, db: database.db, sessions: new SessionStore(database.db), live: () => ({}) as never });
    try {
      expect(config.basePath).toBe('/siteboard');
      expect((await based.inject({ method: 'GET', url: '/siteboard/' })).body).toContain('<title>SiteBoard</title>');
      expect((await based.inject({ method: 'GET', url: '/siteboard/app.js' })).body).toBe('console.log(1)');
      const bare = await based.inject({ method: 'GET', url: '/siteboard?projectId=p' });
      expect(bare.statusCode).toBe(302);
      expect(bare.headers.location).toBe('/siteboard/?projectId=p');
      const me = await based.inject({ method: 'POST', url: `/siteboard${AUTH.me.path}`, headers: { cookie } });
      expect(me.json()).toMatchObject({ success: true, data: { username: 'admin' } });
      const deep = await based.inject({ method: 'GET', url: '/siteboard/dataV/create', headers: { accept: 'text/html' } });
      expect(deep.headers.location).toBe('/siteboard/#/dataV/create');
      // a path that only begins like the base is not under it
      expect((await based.inject({ method: 'GET', url: '/siteboardx/app.js' })).statusCode).toBe(404);
    } finally {
      await based.close();
    }
  });

  it('refuses a BASE_PATH that is not a plain path', () => {
    expect(() => loadConfig({ BASE_PATH: 'siteboard' })).toThrow(/BASE_PATH/);
    expect(() => loadConfig({ BASE_PATH: '/a b' })).toThrow(/BASE_PATH/);
    expect(loadConfig({}).basePath).toBe('');
  });

  it('serves the browser app at / and for page paths, and a 404 envelope for missing files', async () => {
    const root = await app.inject({ method: 'GET', url: '/' });
    expect(root.statusCode).toBe(200);
    expect(root.body).toContain('<title>SiteBoard</title>');
    expect((await app.inject({ method: 'GET', url: '/app.js' })).body).toBe('console.log(1)');
    const deep = await app.inject({ method: 'GET', url: '/dataV/create?x=1', headers: { accept: 'text/html' } });
    expect(deep.statusCode).toBe(302);
    expect(deep.headers.location).toBe('/#/dataV/create?x=1');
    const missing = await app.inject({ method: 'GET', url: '/assets/missing.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ success: false, errorCode: 'NOT_FOUND' });
    const api = await app.inject({ method: 'GET', url: BOARDS.boardList.path, headers: { accept: 'text/html' } });
    expect(api.json()).toMatchObject({ success: false, errorCode: 'NOT_FOUND' });
  });
});
