import { createECDH, createDecipheriv, hkdfSync, randomBytes, type ECDH } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { importJWK, jwtVerify } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { contractChecker } from '../../contractTesting';
import { useTestServer } from '../../testing';
import { noticesOfApp } from '.';
import { preferencesRepository } from './repository';
import { DEFAULT_PREFERENCES, type NoticePayload, type Preferences } from './rules';

const { expectConforms, uncovered } = contractChecker();
const PREFS = '/api/v4/utenti/preferenze';
const SUBS = '/api/v4/utenti/notifiche/sottoscrizioni';
const KEY = '/api/v4/utenti/notifiche/chiave';

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A push service on this machine: records what it is sent, answers 201 (or what `answer` says for a path). */
function localPushService() {
  const received: Received[] = [];
  const answer = new Map<string, number>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(answer.get(req.url ?? '') ?? 201).end();
    });
  });
  return { server, received, answer, origin: () => `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** A browser's side of a subscription: its P-256 key pair and its 16-byte authentication secret. */
function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const authSecret = randomBytes(16);
  return { ecdh, authSecret, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: authSecret.toString('base64url') } };
}

/**
 * RFC 8291 (Message Encryption for Web Push) with RFC 8188's aes128gcm, decrypted as the browser
 * would: header (salt, record size, the server's ephemeral public key), ECDH with the browser's
 * private key, HKDF with the authentication secret, then AES-128-GCM and the padding delimiter.
 */
function decryptPush(body: Buffer, ecdh: ECDH, authSecret: Buffer): string {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const serverPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const shared = ecdh.computeSecret(serverPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), serverPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  expect(padded[end]).toBe(2); // the last record's delimiter
  return padded.subarray(0, end).toString('utf8');
}

describe('preferenze: preferences and Web Push notices', () => {
  const t = useTestServer();
  const push = localPushService();
  const marco = browserKeys();
  const repo = () => preferencesRepository(t.db());
  const tick = () => noticesOfApp(t.server.app)!.dispatcher.tick();
  const endpoint = (name: string) => `${push.origin()}/push/${name}`;
  const save = (p: Preferences, token?: string) => t.send('PUT', PREFS, p, token);
  const withNotices = (n: Partial<Preferences['notifiche']>, rest: Partial<Preferences> = {}): Preferences => ({
    ...DEFAULT_PREFERENCES,
    ...rest,
    notifiche: { ...DEFAULT_PREFERENCES.notifiche, ...n },
  });
  const payloads = (from: number, keys = marco): NoticePayload[] =>
    push.received.slice(from).map((r) => JSON.parse(decryptPush(r.body, keys.ecdh, keys.authSecret)) as NoticePayload);
  const gradeForMarco = (dettaglio = 'Matematica: 8') => repo().recordEvent({ id_studente: 501, tipo: 'voti', dettaglio, percorso: '/voti' }, Date.now());

  beforeAll(async () => {
    await new Promise<void>((r) => push.server.listen(0, '127.0.0.1', r));
  });
  afterAll(() => new Promise<void>((r) => push.server.close(() => r())));
  beforeEach(async () => {
    t.server.setNow('2026-11-21T09:15:00Z');
    await save(DEFAULT_PREFERENCES);
    await tick(); // nothing left over from a previous test
  });

  it('answers the defaults, keeps what is saved per user, refuses a child of another family', async () => {
    const fresh = await t.get(PREFS, t.student);
    expectConforms('getPreferences', fresh);
    expect(fresh.json()).toEqual(DEFAULT_PREFERENCES);
    const chosen = withNotices(
      { studenti_esclusi: [{ id_scuola: 'DEMO02', id_studente: 502 }], modalita: 'riepilogo', riepilogo_ora: '18:30', mostra_dettagli: true },
      { nascondi_medie: true, lingua: 'en' },
    );
    const saved = await save(chosen);
    expectConforms('savePreferences', saved);
    expect(saved.json()).toEqual(chosen);
    expect((await t.get(PREFS)).json()).toEqual(chosen);
    expect((await t.get(PREFS, t.student)).json()).toEqual(DEFAULT_PREFERENCES);
    const stranger = await save(withNotices({ studenti_esclusi: [{ id_scuola: 'DEMO01', id_studente: 503 }] }));
    expectConforms('savePreferences', stranger, 400);
    expect(stranger.json()).toMatchObject({ error: 'studente_non_valido' });
    expectConforms('savePreferences', await save(withNotices({ riepilogo_ora: '25:00' })), 400);
    expectConforms('getPreferences', await t.get(PREFS, null), 401);
    expectConforms('savePreferences', await save(chosen, null as unknown as string), 401);
  });

  it('serves the VAPID public key made at first start, kept in the data folder', async () => {
    const res = await t.get(KEY);
    expectConforms('getPushKey', res);
    const key = res.json<{ chiave_pubblica: string }>().chiave_pubblica;
    expect(Buffer.from(key, 'base64url')).toHaveLength(65);
    expectConforms('getPushKey', await t.get(KEY, null), 401);
  });

  it('sends one notice per event, encrypted for the browser (RFC 8291) and signed with VAPID, naming child and kind only', async () => {
    expectConforms('addPushSubscription', await t.send('POST', SUBS, { endpoint: endpoint('marco'), expirationTime: null, keys: marco.keys }), 201);
    const from = push.received.length;
    gradeForMarco('Matematica: 8');
    repo().recordEvent({ id_studente: 502, tipo: 'messaggi', dettaglio: 'Uscita didattica al museo', percorso: '/comunicazioni' }, Date.now());
    await tick();
    const sent = push.received.slice(from);
    expect(sent).toHaveLength(2);
    const [grade, message] = payloads(from);
    expect(grade).toEqual({ titolo: 'Nuovo voto per Marco', testo: 'Apri il Portale Famiglie per vederlo.', url: '/apri?scuola=DEMO01&studente=501&pagina=%2Fvoti', tag: expect.stringMatching(/^evento-\d+$/) });
    expect(message).toMatchObject({ titolo: 'Nuovo messaggio per Giulia', url: '/apri?scuola=DEMO02&studente=502&pagina=%2Fcomunicazioni' });
    expect(JSON.stringify([grade, message])).not.toMatch(/8|museo/);
    const first = sent[0]!;
    expect(first.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(first.headers.ttl)).toBeGreaterThan(0);
    // VAPID (RFC 8292): `vapid t=<JWT signed by the server's key>, k=<that public key>`, for this push service's origin.
    const [, jwt, k] = /^vapid t=([^,]+), k=(.+)$/.exec(String(first.headers.authorization)) ?? [];
    expect(k).toBe((await t.get(KEY)).json<{ chiave_pubblica: string }>().chiave_pubblica);
    const point = Buffer.from(k!, 'base64url');
    const publicKey = await importJWK({ kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') }, 'ES256');
    const { payload } = await jwtVerify(jwt!, publicKey, { audience: push.origin() });
    expect(payload.sub).toMatch(/^(mailto:|https:)/);

    // With "mostra i dettagli" the notice carries the grade.
    await save(withNotices({ mostra_dettagli: true }));
    const next = push.received.length;
    gradeForMarco('Italiano: 7½');
    await tick();
    expect(payloads(next)).toEqual([expect.objectContaining({ titolo: 'Nuovo voto per Marco', testo: 'Italiano: 7½' })]);
  });

  it('sends nothing for a kind or a child turned off', async () => {
    await t.send('POST', SUBS, { endpoint: endpoint('marco'), keys: marco.keys });
    await save(withNotices({ tipi: { ...DEFAULT_PREFERENCES.notifiche.tipi, voti: false }, studenti_esclusi: [{ id_scuola: 'DEMO02', id_studente: 502 }] }));
    const from = push.received.length;
    gradeForMarco();
    repo().recordEvent({ id_studente: 502, tipo: 'messaggi', dettaglio: '', percorso: '/comunicazioni' }, Date.now());
    repo().recordEvent({ id_studente: 501, tipo: 'assenze', dettaglio: '', percorso: '/assenze' }, Date.now());
    await tick();
    expect(payloads(from).map((p) => p.titolo)).toEqual(['Nuova assenza per Marco']);
  });

  it('holds notices in quiet hours and sends one summary at their end (pinned clock)', async () => {
    await t.send('POST', SUBS, { endpoint: endpoint('marco'), keys: marco.keys });
    await save(withNotices({ silenzio: { attivo: true, dalle: '21:00', alle: '07:00' } }));
    const from = push.received.length;
    t.server.setNow('2026-11-21T22:30:00+01:00');
    gradeForMarco();
    await tick();
    t.server.setNow('2026-11-22T03:00:00+01:00');
    repo().recordEvent({ id_studente: 502, tipo: 'messaggi', dettaglio: '', percorso: '/comunicazioni' }, Date.now());
    await tick();
    t.server.setNow('2026-11-22T06:59:00+01:00');
    await tick();
    expect(push.received.length).toBe(from);
    t.server.setNow('2026-11-22T07:00:00+01:00');
    await tick();
    await tick();
    const [summary, ...more] = payloads(from);
    expect(more).toEqual([]);
    expect(summary).toMatchObject({ titolo: 'Portale Famiglie: 2 novità', testo: 'Nuovo voto per Marco\nNuovo messaggio per Giulia', url: '/home' });
  });

  it('in digest mode sends one summary a day at the chosen hour (pinned clock)', async () => {
    await t.send('POST', SUBS, { endpoint: endpoint('marco'), keys: marco.keys });
    await save(withNotices({ modalita: 'riepilogo', riepilogo_ora: '19:00' }, { lingua: 'en' }));
    const from = push.received.length;
    t.server.setNow('2026-11-23T10:00:00+01:00');
    gradeForMarco();
    await tick();
    t.server.setNow('2026-11-23T18:59:00+01:00');
    await tick();
    expect(push.received.length).toBe(from);
    t.server.setNow('2026-11-23T19:00:00+01:00');
    await tick();
    expect(payloads(from)).toEqual([
      { titolo: 'Portale Famiglie: 1 new item', testo: 'New grade for Marco', url: '/apri?scuola=DEMO01&studente=501&pagina=%2Fvoti', tag: expect.stringMatching(/^riepilogo-/) },
    ]);
    // An event after today's digest waits for tomorrow's.
    t.server.setNow('2026-11-23T20:00:00+01:00');
    gradeForMarco();
    await tick();
    t.server.setNow('2026-11-24T18:00:00+01:00');
    await tick();
    expect(push.received.length).toBe(from + 1);
    t.server.setNow('2026-11-24T19:05:00+01:00');
    await tick();
    expect(push.received.length).toBe(from + 2);
  });

  it('removes a subscription at sign-out on that browser (only the user’s own), and when the push service answers 410', async () => {
    const gone = browserKeys();
    await t.send('POST', SUBS, { endpoint: endpoint('marco'), keys: marco.keys });
    expectConforms('addPushSubscription', await t.send('POST', SUBS, { endpoint: endpoint('gone'), keys: gone.keys }), 201);
    const userId = t.db().prepare("SELECT id_utente FROM utenti WHERE username = 'genitore.demo'").pluck().get() as number;
    const mine = () => repo().subscriptionsOf(userId).map((s) => s.endpoint).sort();
    expect(mine()).toEqual([endpoint('gone'), endpoint('marco')]);

    // Another user cannot remove it; the owner's browser removes it at sign-out.
    expect((await t.send('DELETE', SUBS, { endpoint: endpoint('marco') }, t.student)).statusCode).toBe(204);
    expect(mine()).toEqual([endpoint('gone'), endpoint('marco')]);
    expect((await t.send('DELETE', SUBS, { endpoint: endpoint('marco') })).statusCode).toBe(204);
    expect(mine()).toEqual([endpoint('gone')]);
    expectConforms('removePushSubscription', await t.send('DELETE', SUBS, { endpoint: endpoint('marco') }, null), 401);
    expectConforms('addPushSubscription', await t.send('POST', SUBS, { endpoint: 'not a url', keys: marco.keys }), 400);

    // The push service says the other one is gone: dropped after the first attempt.
    push.answer.set('/push/gone', 410);
    const from = push.received.length;
    gradeForMarco();
    await tick();
    expect(push.received.slice(from).map((r) => r.path)).toEqual(['/push/gone']);
    expect(mine()).toEqual([]);
    gradeForMarco();
    await tick();
    expect(push.received.length).toBe(from + 1);
  });

  it('covers every operation of the tag', () => {
    expect(uncovered('preferenze')).toEqual([]);
  });
});
