import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { auth, CURRENT_YEAR, studentPath, useTestServer } from '../testing';
import { acceptsGzip, COMPRESS_MIN_BYTES } from './compression';

describe('JSON answers gzipped', () => {
  const t = useTestServer();
  const grades = studentPath('DEMO01', 501, CURRENT_YEAR, 'voti_plain');
  const get = (url: string, encoding?: string) =>
    t.server.app.inject({ url, headers: { ...auth(t.parent), ...(encoding ? { 'accept-encoding': encoding } : {}) } });

  it('sends a large answer gzipped to a client that accepts it, the same JSON once unpacked', async () => {
    const plain = await get(grades);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_MIN_BYTES);
    const packed = await get(grades, 'gzip, deflate, br');
    expect(packed.statusCode).toBe(200);
    expect(packed.headers['content-encoding']).toBe('gzip');
    expect(packed.headers.vary).toContain('Accept-Encoding');
    expect(packed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(gunzipSync(packed.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('leaves small answers and errors as they are', async () => {
    const forbidden = await get(studentPath('DEMO01', 999, CURRENT_YEAR, 'voti_plain'), 'gzip');
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.headers['content-encoding']).toBeUndefined();
    expect(forbidden.json()).toEqual({ detail: 'Accesso non consentito', error: 'forbidden' });
  });

  it.each([
    ['gzip', true],
    ['deflate, gzip;q=0.5', true],
    ['*', true],
    ['br', false],
    ['gzip;q=0', false],
    ['identity', false],
    [undefined, false],
  ])('reads Accept-Encoding %s as %s', (header, expected) => {
    expect(acceptsGzip(header)).toBe(expected);
  });
});
