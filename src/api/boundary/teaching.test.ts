import { describe, expect, it } from 'vitest';
import { toAbsences } from './absences';
import { toThreads } from './messages';
import { toSubjects } from './student';
import { toAgenda, toAnnotations, toGrades, toHomework, toReportCards, toTopics } from './teaching';
import {
  realAbsences,
  realAgenda,
  realAnnotations,
  realGrades,
  realHomework,
  realReportCards,
  realSubjects,
  realThreads,
  realTopics,
} from './realAnswers.fixture';

const subjects = toSubjects(realSubjects);

describe('grades', () => {
  it('reads the real voti_plain: id_voto, date-time, capitalised kind, null weight, 0 for no acknowledgement', () => {
    const [first, second] = toGrades(realGrades, subjects);
    expect(first).toMatchObject({
      id: 77123,
      id_materia: 31,
      materia: 'MATEMATICA',
      data: '2026-11-18',
      simbolo: '8-',
      voto_numerico: 7.75,
      colore_simbolo: '#1E7B34',
      sottotitolo: 'scritto',
      descrizione_peso: '',
      valore_peso: 0,
      voto_pesato: false,
      is_voto: true,
      is_competenza: false,
      presa_visione: false,
      data_presa_visione: null,
      data_presa_visione_tradotta: null,
      novita: true,
      dettaglio: 'Verifica sulle equazioni di secondo grado',
    });
    expect(second).toMatchObject({ id: 77098, sottotitolo: 'orale', valore_peso: 50, voto_pesato: true, presa_visione: true, data_presa_visione: '2026-11-11T18:20:00+01:00', data_presa_visione_tradotta: '11-11-2026 18:20' });
  });

  it('reads the reference shape and drops a grade it cannot place', () => {
    const grades = toGrades([
      { id: 9001, id_materia: 11, data: '2026-11-18', simbolo: '8', voto_numerico: 8, sottotitolo: 'scritto', valore_peso: 100, voto_pesato: true, presa_visione: true, data_presa_visione: '2026-11-19T08:00:00+01:00', dettaglio: '' },
      { id: 9002, simbolo: '5' },
    ]);
    expect(grades).toHaveLength(1);
    expect(grades[0]).toMatchObject({ id: 9001, id_materia: 11, presa_visione: true, valore_peso: 100 });
  });
});

describe('homework, agenda, topics, annotations', () => {
  it('homework: data is the due day, the subject named in titolo, the text in assegnazioni, entities decoded', () => {
    const homework = toHomework(realHomework, subjects);
    expect(homework.map(({ id: _id, ...h }) => h)).toEqual([
      { data: '2026-11-23', data_consegna: '2026-11-23', id_materia: 31, materia: 'MATEMATICA', dettaglio: 'Esercizi 12–18 a pagina 140', novita: false },
      { data: '2026-11-24', data_consegna: '2026-11-24', id_materia: 32, materia: "STORIA DELL'ARTE", dettaglio: 'Leggere il capitolo su Caravaggio', novita: false },
    ]);
    // Derived ids are stable across answers and distinct.
    expect(toHomework(realHomework, subjects).map((h) => h.id)).toEqual(homework.map((h) => h.id));
    expect(new Set(homework.map((h) => h.id)).size).toBe(2);
  });

  it('homework of a subject the student does not have keeps its name and groups by it', () => {
    const [a, b] = toHomework(
      [
        { data: '2026-11-23T00:00:00+01:00', titolo: 'FISICA', assegnazioni: 'uno' },
        { data: '2026-11-24T00:00:00+01:00', titolo: 'Fisica', assegnazioni: 'due' },
      ],
      subjects,
    );
    expect(a!.id_materia).toBeLessThan(0);
    expect(b!.id_materia).toBe(a!.id_materia);
    expect(a!.materia).toBe('FISICA');
  });

  it('homework in the reference shape keeps its id and both days', () => {
    expect(toHomework([{ id: 7, data: '2026-11-18', data_consegna: '2026-11-20', id_materia: 11, dettaglio: 'x', novita: true }])).toEqual([
      { id: 7, data: '2026-11-18', data_consegna: '2026-11-20', id_materia: 11, materia: null, dettaglio: 'x', novita: true },
    ]);
  });

  it('agenda: data and data_fine date-times, no kind, the description in sottotitolo', () => {
    const [item] = toAgenda(realAgenda, subjects);
    expect(item).toMatchObject({
      data: '2026-11-19',
      data_ora_inizio: '2026-11-19T11:00:00+01:00',
      data_ora_fine: '2026-11-19T12:00:00+01:00',
      id_materia: null,
      titolo: 'Uscita didattica',
      dettaglio: "Visita alla Pinacoteca\nRitrovo all'ingresso",
      tipo: '',
    });
    expect(item!.id).toBeGreaterThan(0);
  });

  it('topics and annotations: no id, date-times, subject by name', () => {
    expect(toTopics(realTopics, subjects)[0]).toMatchObject({ data: '2026-11-18', id_materia: 31, modulo: 'Equazioni', dettaglio: 'Formula risolutiva e discriminante' });
    expect(toAnnotations(realAnnotations, subjects)[0]).toMatchObject({ data: '2026-11-17', id_materia: 33, simbolo: 'C', descrizione_simbolo: 'Compiti non svolti', dettaglio: 'Non ha portato il quaderno', novita: false });
  });
});

describe('report cards', () => {
  it('reads data and allegati[{descrizione, allegato}], keeps HTML for the sanitiser', () => {
    const [card] = toReportCards(realReportCards);
    expect(card).toMatchObject({
      titolo: 'Pagellino primo trimestre',
      periodo: null,
      data_pubblicazione: '2026-11-16',
      dettaglio: '<p>Valutazione <b>intermedia</b></p>',
      allegati: [{ nome: 'Pagellino.pdf', url: realReportCards[0]!.allegati[0]!.allegato }],
    });
  });

  it('reads the reference shape with its single attachment', () => {
    const [card] = toReportCards([{ id: 3, titolo: 'Pagella', periodo: 'Trimestre', data_pubblicazione: '2026-12-23', dettaglio: '', allegato: { nome: 'p.pdf', url: '/x/pagelle/3/allegato' } }]);
    expect(card).toEqual({ id: 3, titolo: 'Pagella', periodo: 'Trimestre', data_pubblicazione: '2026-12-23', dettaglio: '', allegati: [{ nome: 'p.pdf', url: '/x/pagelle/3/allegato' }] });
  });
});

describe('absences', () => {
  it('reads date-times, the time inside titolo, and an early exit sent as an absence', () => {
    const [absence, exit] = toAbsences(realAbsences);
    expect(absence).toMatchObject({ id: 441, data: '2026-11-16', orario: null, simbolo: 'A', tipo_assenza: 'assenza', giustificata: 'NO', giustificabile: true });
    expect(exit).toMatchObject({ id: 442, data: '2026-11-12', orario: '12:11', simbolo: 'U', tipo_assenza: 'uscita', giustificata: 'SI', giustificabile: false, motivazione: 'Visita medica', descrizione: 'Uscita anticipata ore 12:11' });
  });

  it('keeps the reference orario and the empty justification state', () => {
    const [a] = toAbsences([{ id: 1, data: '2026-11-16', orario: '09:10', simbolo: 'R', descrizione: 'Ritardo', tipo_assenza: 'ritardo', giustificata: '', giustificabile: false }]);
    expect(a).toMatchObject({ orario: '09:10', tipo_assenza: 'ritardo', giustificata: '' });
  });
});

describe('threads', () => {
  it('reads string ids, a sender named only in cognome, −1 for not asked and a count of attachments', () => {
    expect(toThreads(realThreads)).toEqual([
      {
        id: '1362_ver_2',
        id_messaggio: '5521',
        mittente: { id: '3000168', nome: 'SEGRETERIA DIDATTICA' },
        titolo: 'Uscita didattica',
        destinatari: 'Genitori classe 4B',
        da_leggere: true,
        data_lettura: null,
        presa_visione: null,
        sottoscrizione: null,
        conferma_lettura: false,
        allegati: 2,
        tipo_messaggio: 'MESSAGGIO',
        data: null,
      },
    ]);
    expect(toThreads([{ id: 'x', presa_visione: 1, sottoscrizione: 0 }])[0]).toMatchObject({ presa_visione: true, sottoscrizione: false });
  });
});
