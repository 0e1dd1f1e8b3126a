import { describe, expect, it } from 'vitest';
import { toCommunicationConfirmation, toCommunicationDetail, toCommunications, toMessageAttachments, toSentMessages } from './communications';
import { toNoticeConfirmation } from './notices';
import { toThreadMessageConfirmation } from './threads';

const file = { id: 6101, nome: 'autorizzazione.pdf', dimensione: 1234, tipo: 'application/pdf', url: '/api/v3/scuole/DEMO01/studenti/501/2026_2027/messaggi/allegati/6101' };

/** The contract's example of comunicazioni/{id}. */
const detail = {
  id_messaggio: 4101,
  titolo: 'Uscita didattica al Museo della Scienza',
  dettaglio: '<p>Si comunica che <strong>giovedì</strong> la classe visiterà il museo.</p>',
  mittente: { nome: 'Dirigente scolastico', ruolo: 'Amministratore' },
  data: '2026-11-20T12:30:00+01:00',
  da_leggere: false,
  data_lettura: '2026-11-21T10:15:00+01:00',
  presa_visione: true,
  conferma_lettura: false,
  sottoscrizione: false,
  data_sottoscrizione: null,
  tipo_messaggio: 'circolare',
  novita: false,
  allegati: [file],
};
const listed = { ...detail, da_leggere: true, data_lettura: null, novita: true, allegati: 1 };
const sender = { id: null, nome: 'Dirigente scolastico', ruolo: 'Amministratore' };

const sent = {
  id: 5201,
  titolo: 'Assenza per visita medica',
  testo: 'Marco sarà assente venerdì per una visita medica.',
  destinatari: [{ id: '3000201@segreteria', gruppo: 'Segreteria', descrizione: 'Segreteria didattica' }],
  data: '2026-11-16T07:45:00+01:00',
  presa_visione: false,
  allegati: [],
};

describe('communications list', () => {
  it('keeps a contract-shaped answer as it is, the sender as one name', () => {
    expect(toCommunications([listed])).toEqual([{ ...listed, mittente: sender }]);
  });

  it('drops items without an id or a day and the second of an id', () => {
    const out = toCommunications([
      listed,
      { ...listed, id_messaggio: null },
      { ...listed, id_messaggio: 'x' },
      { ...listed, id_messaggio: 2, data: 1763630100 },
      { ...listed, id_messaggio: 3, data: 'domani' },
      { ...listed, id_messaggio: 4, data: '2026-02-30' },
      { ...listed, titolo: 'due' },
      'x',
      null,
    ]);
    expect(out.map((c) => [c.id_messaggio, c.titolo])).toEqual([
      [4101, listed.titolo],
      [2, listed.titolo],
    ]);
    expect(out[1]!.data).toBe('2025-11-20T10:15:00+01:00');
  });

  it('makes odd fields safe values: flags, dates, texts and the attachment count', () => {
    const [c] = toCommunications([
      {
        id_messaggio: '7',
        data: '2026-11-20 10:15:00',
        titolo: 'DELL&#039;ARTE ',
        dettaglio: { a: 1 },
        mittente: { cognome: 'Rossi Mario', ruolo: { x: 1 } },
        da_leggere: 'SI',
        data_lettura: 0,
        presa_visione: -1,
        conferma_lettura: 'forse',
        sottoscrizione: 1,
        data_sottoscrizione: '2026-11-21',
        tipo_messaggio: null,
        novita: 'NO',
        allegati: [file, file, { id: 9 }],
      },
    ]);
    expect(c).toEqual({
      id_messaggio: 7,
      titolo: "DELL'ARTE",
      dettaglio: '',
      mittente: { id: null, nome: 'Rossi Mario', ruolo: null },
      data: '2026-11-20T10:15:00+01:00',
      da_leggere: true,
      data_lettura: null,
      presa_visione: false,
      conferma_lettura: false,
      sottoscrizione: true,
      data_sottoscrizione: '2026-11-21T00:00:00+01:00',
      tipo_messaggio: '',
      novita: false,
      allegati: 1,
    });
    expect(toCommunications([{ ...listed, allegati: -3, mittente: 'Segreteria' }])[0]).toMatchObject({ allegati: 0, mittente: { nome: 'Segreteria', ruolo: null } });
  });

  it('never throws: anything that is not a list is an empty list', () => {
    for (const raw of [undefined, null, 0, 'x', {}, { 0: listed }]) expect(toCommunications(raw)).toEqual([]);
  });
});

describe('a communication opened', () => {
  it('keeps a contract-shaped answer as it is, its HTML as HTML', () => {
    expect(toCommunicationDetail(detail)).toEqual({ ...detail, mittente: sender });
  });

  it('is none without an id or a day; its files without an id or an address are left out', () => {
    expect(toCommunicationDetail({ ...detail, id_messaggio: undefined })).toBeNull();
    expect(toCommunicationDetail({ ...detail, data: null })).toBeNull();
    for (const raw of [undefined, null, [], 'x']) expect(toCommunicationDetail(raw)).toBeNull();
    const c = toCommunicationDetail({ ...detail, allegati: [file, { ...file, url: '' }, { ...file, id: 'x' }, { ...file, nome: 'copia' }, { ...file, id: 2, nome: null, dimensione: 'tanti' }] });
    expect(c?.allegati).toEqual([file, { ...file, id: 2, nome: file.url, dimensione: 0 }]);
    expect(toCommunicationDetail({ ...detail, allegati: 3 })?.allegati).toEqual([]);
  });
});

describe('confirmation answers', () => {
  const answer = { ok: true, id_messaggio: 4101, scope: 'presa_visione', da_leggere: false, data_lettura: '2026-11-21T10:15:00+01:00', conferma_lettura: true, sottoscrizione: true, data_sottoscrizione: '2026-11-21T10:16:00+01:00' };

  it('reads the flags a communication has after a confirmation', () => {
    expect(toCommunicationConfirmation(answer)).toEqual({
      da_leggere: false,
      data_lettura: answer.data_lettura,
      conferma_lettura: true,
      sottoscrizione: true,
      data_sottoscrizione: answer.data_sottoscrizione,
    });
    expect(toCommunicationConfirmation({ ...answer, da_leggere: 'x', data_sottoscrizione: 'ieri', sottoscrizione: 'SI' })).toMatchObject({ da_leggere: false, sottoscrizione: true, data_sottoscrizione: null });
  });

  it('is none when the answer does not say what was confirmed', () => {
    expect(toCommunicationConfirmation({ ...answer, sottoscrizione: null })).toBeNull();
    expect(toCommunicationConfirmation({ ...answer, conferma_lettura: 'forse' })).toBeNull();
    for (const raw of [undefined, null, [], 'ok', {}]) expect(toCommunicationConfirmation(raw)).toBeNull();
  });

  it('reads a notice-board confirmation and a thread message confirmation the same way', () => {
    const notice = { ok: true, id: 9, scope: 'adesione', da_leggere: false, data_lettura: '2026-11-21T10:15:00+01:00', adesione: true, data_adesione: '2026-11-21T10:16:00+01:00' };
    expect(toNoticeConfirmation(notice)).toEqual({ da_leggere: false, data_lettura: notice.data_lettura, adesione: true, data_adesione: notice.data_adesione });
    expect(toNoticeConfirmation({ ...notice, adesione: undefined })).toBeNull();
    expect(toNoticeConfirmation('ok')).toBeNull();
    const thread = { ok: true, id_thread: '1362_ver_2', id_messaggio: 3, da_leggere: false, data_lettura: null, conferma_lettura: true, sottoscrizione: 0 };
    expect(toThreadMessageConfirmation(thread)).toEqual({ da_leggere: false, conferma_lettura: true, sottoscrizione: false });
    expect(toThreadMessageConfirmation({ ...thread, conferma_lettura: null })).toBeNull();
    expect(toThreadMessageConfirmation([])).toBeNull();
  });
});

describe('sent messages', () => {
  it('keeps a contract-shaped answer as it is', () => {
    expect(toSentMessages([sent])).toEqual([sent]);
    expect(toSentMessages([{ ...sent, allegati: [file] }])[0]!.allegati).toEqual([file]);
  });

  it('drops items without an id or a day and the second of an id; odd fields become safe values', () => {
    const out = toSentMessages([
      { ...sent, id: undefined },
      { ...sent, data: '20/11/2026' },
      { ...sent, testo: 'Ciao &amp; grazie\r\na presto', destinatari: [{ id: 1, descrizione: 'Prof. Bianchi' }, { id: 2 }, 'x'], presa_visione: 'SI', allegati: 'elenco' },
      sent,
    ]);
    expect(out).toEqual([
      { ...sent, testo: 'Ciao & grazie\na presto', destinatari: [{ id: '1', gruppo: 'Altri', descrizione: 'Prof. Bianchi' }], presa_visione: true, allegati: [] },
    ]);
    for (const raw of [undefined, null, 'x', { 0: sent }]) expect(toSentMessages(raw)).toEqual([]);
  });

  it('reads the POST answer as one item', () => {
    expect(toSentMessages([sent])[0]).toEqual(sent);
    expect(toSentMessages([{ ok: true }])[0]).toBeUndefined();
  });
});

describe('message attachments', () => {
  it('keeps files with an id and an address, the first of each id, a size never negative', () => {
    expect(toMessageAttachments([file, { ...file, dimensione: -1, id: 2 }, { ...file, nome: 'x' }, { url: '/a' }])).toEqual([file, { ...file, id: 2, dimensione: 0 }]);
    expect(toMessageAttachments({ 0: file })).toEqual([]);
  });
});
