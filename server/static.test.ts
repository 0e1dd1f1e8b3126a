import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './testing';

describe('production mode: the built app with an SPA fallback', () => {
  let server: TestServer;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'portale-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Portale Famiglie</title><div id="root"></div>');
    writeFileSync(join(dist, 'assets', 'app.js'), 'console.log("app")');
    const script = 'console.log("a hashed chunk");'.repeat(20);
    writeFileSync(join(dist, 'assets', 'index-Bx12abCD.js'), script);
    writeFileSync(join(dist, 'assets', 'index-Bx12abCD.js.br'), brotliCompressSync(script));
    writeFileSync(join(dist, 'assets', 'index-Bx12abCD.js.gz'), gzipSync(script));
    writeFileSync(join(dist, 'sw.js'), 'self.skipWaiting()');
    writeFileSync(join(dist, 'sw.js.gz'), gzipSync('self.skipWaiting()'));
    server = await startTestServer({ serveStaticFrom: dist, version: '2.0.1' });
  });
  afterAll(async () => {
    await server.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves files of the build', async () => {
    const res = await server.app.inject({ url: '/assets/app.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.body).toBe('console.log("app")');
    const root = await server.app.inject({ url: '/' });
    expect(root.statusCode).toBe(200);
    expect(root.body).toContain('Portale Famiglie');
  });

  it('sends the precompressed twin the browser accepts, the original to anyone else', async () => {
    const url = '/assets/index-Bx12abCD.js';
    const br = await server.app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('a hashed chunk');
    const gz = await server.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toContain('a hashed chunk');
    const plain = await server.app.inject({ url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('a hashed chunk');
  });

  it('keeps hashed files for a year and makes the page and the service worker revalidate', async () => {
    const hashed = await server.app.inject({ url: '/assets/index-Bx12abCD.js', headers: { 'accept-encoding': 'br' } });
    expect(hashed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of ['/', '/index.html', '/sw.js', '/home']) {
      const res = await server.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it("has the sign-in page's school settings fetched with the page, and only there", async () => {
    const login = await server.app.inject({ url: '/login?redirect=%2Fvoti' });
    expect(login.headers.link).toBe('</api/v3/mastercom_nextapi/>; rel=preload; as=fetch; crossorigin=anonymous');
    expect((await server.app.inject({ url: '/home' })).headers.link).toBeUndefined();
  });

  it.each(['/home', '/voti', '/mobile/estratto-conto?token=x', '/una/pagina/che/non/esiste'])(
    'answers index.html with 200 to the client route %s',
    async (url) => {
      const res = await server.app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('<div id="root">');
    },
  );

  it.each(['/favicon.ico', '/assets/index-Old12345.js', '/icona.png?v=2'])('answers 404, not the page, to the missing file %s', async (url) => {
    const res = await server.app.inject({ url });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).not.toMatch(/text\/html/);
  });

  it.each([
    ['GET', '/api/v3/sconosciuto'],
    ['GET', '/api'],
    ['GET', '/api/v4/utenti/login/'],
    ['POST', '/voti'],
  ])('answers 404 JSON to %s %s', async (method, url) => {
    const res = await server.app.inject({ method: method as 'GET' | 'POST', url });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Contenuto non disponibile', error: 'not_found' });
  });

  it('keeps /version.txt and the API in front of the static files', async () => {
    const version = await server.app.inject({ url: '/version.txt?t=123' });
    expect(version.statusCode).toBe(200);
    expect(version.body).toBe('VERSION=2.0.1');
    expect(version.headers['content-type']).toMatch(/^text\/plain/);
    expect(version.headers['cache-control']).toBe('no-store');
    const config = await server.app.inject({ url: '/api/v3/mastercom_nextapi/' });
    expect(config.statusCode).toBe(200);
  });
});

describe('API-only mode', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('answers 404 JSON to any unknown path', async () => {
    for (const url of ['/', '/voti', '/api/v3/x']) {
      const res = await server.app.inject({ url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'Contenuto non disponibile', error: 'not_found' });
    }
  });
});
