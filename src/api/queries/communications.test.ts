import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Communication, CommunicationDetail } from '../../domain/records';

const scope = { id_scuola: 'DEMO01', id_studente: 502, anno: '2026_2027' } as never;
const range = { from: '2026-09-01', to: '2026-11-30' };

const item: Communication = {
  id_messaggio: 4101,
  titolo: 'Uscita didattica',
  dettaglio: '<p>Giovedì</p>',
  mittente: { id: null, nome: 'Dirigente scolastico', ruolo: 'Amministratore' },
  data: '2026-11-20T12:30:00+01:00',
  da_leggere: true,
  data_lettura: null,
  presa_visione: true,
  conferma_lettura: false,
  sottoscrizione: false,
  data_sottoscrizione: null,
  tipo_messaggio: 'circolare',
  novita: true,
  allegati: 0,
};
const opened: CommunicationDetail = { ...item, da_leggere: false, data_lettura: '2026-11-21T10:15:00+01:00', allegati: [] };

/** The module with a fake backend answering every call with `body`, and a cache holding the list and the opened item. */
async function setUp(body: unknown) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (req: Request) => {
      calls.push(`${req.method} ${new URL(req.url).pathname}`);
      return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  vi.resetModules();
  const m = await import('./communications');
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const list = m.communicationsQuery(scope, range);
  const detail = m.communicationQuery(scope, item.id_messaggio);
  client.setQueryData(list.queryKey, [item]);
  client.setQueryData(detail.queryKey, opened);
  return { m, client, calls, list, detail };
}

async function confirm(body: unknown) {
  const t = await setUp(body);
  const options = t.m.confirmCommunicationMutation(scope, item.id_messaggio, 'presa_visione');
  const context = { client: t.client, meta: undefined, mutationKey: options.mutationKey };
  const answer = await (options.mutationFn as (v: void, c: unknown) => Promise<unknown>)(undefined, context);
  await (options.onSuccess as (a: unknown, v: void, r: unknown, c: unknown) => Promise<void> | void)(answer, undefined, undefined, context);
  return t;
}

describe('communications in the cache', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('a confirmation the boundary reads patches the list and the opened item with records', async () => {
    const { client, list, detail } = await confirm({
      ok: true,
      id_messaggio: 4101,
      scope: 'presa_visione',
      da_leggere: 'NO',
      data_lettura: '2026-11-21 10:15:00',
      conferma_lettura: 1,
      sottoscrizione: 'SI',
      data_sottoscrizione: '2026-11-21T10:16:00+01:00',
    });
    const flags = { da_leggere: false, data_lettura: '2026-11-21T10:15:00+01:00', conferma_lettura: true, sottoscrizione: true, data_sottoscrizione: '2026-11-21T10:16:00+01:00', novita: false };
    expect(client.getQueryData(list.queryKey)).toEqual([{ ...item, ...flags }]);
    expect(client.getQueryData(detail.queryKey)).toEqual({ ...opened, ...flags });
  });

  it('an answer it cannot read keeps the cached items and asks for them again', async () => {
    const { client, list, detail } = await confirm({ ok: true, sottoscrizione: 'forse' });
    expect(client.getQueryData(list.queryKey)).toEqual([item]);
    expect(client.getQueryData(detail.queryKey)).toEqual(opened);
    expect(client.getQueryState(list.queryKey)?.isInvalidated).toBe(true);
    expect(client.getQueryState(detail.queryKey)?.isInvalidated).toBe(true);
  });

  it('opening reads the detail through the boundary and the list follows; an unreadable detail is none', async () => {
    const read = await setUp({ ...opened, mittente: { cognome: 'Rossi', nome: 'Anna' }, data_lettura: 0, novita: 'NO', allegati: [{ id: 1, url: '/f/1' }, 'x'] });
    const c = await read.client.fetchQuery({ ...read.detail, staleTime: 0 });
    expect(c).toMatchObject({ mittente: { nome: 'Rossi Anna' }, data_lettura: null, allegati: [{ id: 1, nome: '/f/1', dimensione: 0, tipo: '', url: '/f/1' }] });
    expect(read.client.getQueryData(read.list.queryKey)).toEqual([{ ...item, da_leggere: false, novita: false }]);

    const unreadable = await setUp({ id_messaggio: 4101, data: 'domani' });
    expect(await unreadable.client.fetchQuery({ ...unreadable.detail, staleTime: 0 })).toBeNull();
    expect(unreadable.client.getQueryData(unreadable.list.queryKey)).toEqual([item]);
    expect(unreadable.client.getQueryState(unreadable.list.queryKey)?.isInvalidated).toBe(true);
  });
});
