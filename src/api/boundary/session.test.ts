import { describe, expect, it } from 'vitest';
import { BackendShapeError, pickMessengerVersion, toRefreshedToken, toSignIn, toStudentInfo } from './session';
import { toSubjects } from './student';
import { findSection, isSectionOpen, SECTIONS } from '../../domain/services';
import { realLogin, realStudentInfo, REAL_STUDENT, REAL_YEAR } from './realAnswers.fixture';

describe('sign-in answers', () => {
  it('reads the real login: user at the top level, string mastercom_id, full name in nome, no messenger version', () => {
    const signIn = toSignIn(realLogin);
    expect(signIn.token).toBe(realLogin.token);
    expect(signIn.user).toEqual({ id_utente: 2000, nome: 'Giulia', cognome: 'Verdi' });
    expect(signIn.mastercomId).toBe('galilei-cr');
    expect(signIn.urlScuola).toBe('https://galilei-cr-sito.registroelettronico.com');
    expect(signIn.students).toHaveLength(1);
    const [student] = signIn.students;
    expect(student).toMatchObject({
      id: REAL_STUDENT,
      id_scuola: 'galilei-cr',
      nome: 'VERDI LUCA',
      cognome: '',
      anno_corrente: REAL_YEAR,
      scuola: 'Liceo Galileo Galilei',
      versione_messenger: 'VERSIONE_2',
    });
    expect(student!.anni.map((a) => [a.id, a.classe, a.indirizzo])).toEqual([
      ['2026_2027', '4B', 'Liceo Scientifico'],
      ['2025_2026', '3B', 'Liceo Scientifico'],
    ]);
    expect(student!.anni[0]!.servizi.voti).toBe(true);
  });

  it('reads the reference login with its utente object and declared messenger version', () => {
    const signIn = toSignIn({
      token: 't',
      mastercom_id: 1001,
      utente: { id_utente: 1001, nome: 'Laura', cognome: 'Rossi', tipo: 'genitore' },
      url_scuola: 'https://demo.scuola.example',
      studenti: [
        {
          id: 501,
          id_scuola: 'DEMO01',
          nome: 'Marco',
          cognome: 'Rossi',
          anno_corrente: '2026_2027',
          versione_messenger: 'VERSIONE_1',
          anni: [{ id: '2026_2027', descrizione: '2026/2027', classe: '3A', indirizzo: 'Liceo', servizi: { voti: true } }],
        },
      ],
    });
    expect(signIn.user).toEqual({ id_utente: 1001, nome: 'Laura', cognome: 'Rossi' });
    expect(signIn.mastercomId).toBe('1001');
    expect(signIn.students[0]).toMatchObject({ nome: 'Marco', cognome: 'Rossi', versione_messenger: 'VERSIONE_1', scuola: null });
  });

  it('leaves a gap rather than inventing a user or a student that cannot be addressed', () => {
    const signIn = toSignIn({ token: 't', studenti: [{ nome: 'senza id' }, { id: 5, id_scuola: 'X', anno_corrente: 'boh' }] });
    expect(signIn.user).toBeNull();
    expect(signIn.students).toEqual([]);
    expect(() => toSignIn({ nome: 'senza token' })).toThrow(/token/);
    expect(() => toSignIn('<html>')).toThrow(/token/);
  });

  it('picks the messenger version from the services when the login does not say', () => {
    expect(pickMessengerVersion(undefined, { messaggi_inviati: true })).toBe('VERSIONE_2');
    expect(pickMessengerVersion(undefined, { comunicazioni: true })).toBe('VERSIONE_1');
    expect(pickMessengerVersion(undefined, {})).toBe('VERSIONE_2');
    expect(pickMessengerVersion('VERSIONE_1', { messaggi_inviati: true })).toBe('VERSIONE_1');
  });
});

describe('studente/info', () => {
  const student = toSignIn(realLogin).students[0]!;

  it('reads the real answer and fills class and address from the login year', () => {
    const info = toStudentInfo(realStudentInfo, student, REAL_YEAR);
    expect(info).toMatchObject({
      classe: '4B',
      indirizzo: 'Liceo Scientifico',
      scuola: 'Liceo Galileo Galilei',
      periodo_corrente: 1,
      voti_pesati: true,
      media_voti: true,
      presa_visione_voti: true,
      richiesta_colloqui_individuali: true,
      prenotazione_entrate_attiva: false,
      prenotazione_uscite_attiva: false,
      orario_limite_prenotazioni: null,
    });
    expect(info.periodi_scolastici).toEqual([
      { numero: 1, periodo: 'Trimestre', data_inizio: '2026-09-14', data_fine: '2026-12-22' },
      { numero: 2, periodo: 'Pentamestre', data_inizio: '2027-01-07', data_fine: '2027-06-08' },
    ]);
    // The year's services (login) and the answer's own both count; the answer's win.
    expect(info.servizi).toMatchObject({ voti: true, compiti: true, messaggi_inviati: true, orario: false, note: true, pagelle: true });
  });

  it('opens the sections on the real flag names: disciplinary notes on `note`, report cards on `pagelle`', () => {
    const info = toStudentInfo(realStudentInfo, toSignIn(realLogin).students[0]!, REAL_YEAR);
    expect(Object.keys(realStudentInfo.servizi)).toHaveLength(36);
    const open = (path: string) => isSectionOpen(findSection(path)!, info.servizi, 'VERSIONE_2');
    expect(open('/note-disciplinari')).toBe(true);
    expect(open('/pagelle')).toBe(true);
    expect(open('/bacheca')).toBe(true);
    expect(open('/mense')).toBe(false);
    // Every section's flag is one of the real backend's names.
    for (const section of SECTIONS) if (section.service) expect(Object.keys(realStudentInfo.servizi)).toContain(section.service);
  });

  it('reads the reference answer with SI/NO flags, a school object and a numeric current period', () => {
    const info = toStudentInfo(
      {
        classe: '3A',
        indirizzo: 'Liceo',
        scuola: { id: 'DEMO01', nome: 'Istituto Demo' },
        periodi_scolastici: [{ numero: 1, periodo: 'Trimestre', data_inizio: '2026-09-14', data_fine: '2026-12-22' }],
        periodo_corrente: 1,
        voti_pesati: 'NO',
        media_voti: 'SI',
        presa_visione_voti: false,
        richiesta_colloqui_individuali: 'SI',
        prenotazione_entrate_attiva: true,
        prenotazione_uscite_attiva: true,
        orario_limite_prenotazioni: '08:00',
        servizi: { voti: true },
      },
      null,
      null,
    );
    expect(info).toMatchObject({ classe: '3A', scuola: 'Istituto Demo', voti_pesati: false, media_voti: true, presa_visione_voti: false, orario_limite_prenotazioni: '08:00' });
  });

  it('shows what there is of a thin answer', () => {
    const info = toStudentInfo({ periodi_scolastici: 'nessuno' }, null, null);
    expect(info).toMatchObject({ classe: null, scuola: null, periodi_scolastici: [], periodo_corrente: null, media_voti: false, servizi: {} });
  });
});

// Found by the boundary's fuzzing (session.fuzz.test.ts).
describe('odd session answers', () => {
  it('takes a blank token for none, one student and one year per id, and no cut-off past 23:59', () => {
    expect(() => toSignIn({ token: '  ' })).toThrow('login: the answer has no usable token');
    expect(() => toRefreshedToken({ token: '' })).toThrow(BackendShapeError);
    const student = realLogin.studenti[0]!;
    const signIn = toSignIn({ ...realLogin, studenti: [student, { ...student, nome: 'COPIA' }] });
    expect(signIn.students.map((s) => s.nome)).toEqual(['VERDI LUCA']);
    const years = toSignIn({ ...realLogin, studenti: [{ ...student, anni: [student.anni[0], student.anni[0]] }] }).students[0]!.anni;
    expect(years).toHaveLength(1);
    expect(toStudentInfo({ prenotazione_entrate_orario_limite: '80:00' }, null, null).orario_limite_prenotazioni).toBeNull();
    expect(toStudentInfo({ prenotazione_entrate_orario_limite: '8:30' }, null, null).orario_limite_prenotazioni).toBe('08:30');
  });

  it('keeps one subject and one teacher per id', () => {
    const subjects = toSubjects([{ id: 1, descrizione: 'A', professori: [{ id: 9, nome: 'X' }, { id: 9, nome: 'Y' }] }, { id: 1, descrizione: 'B' }]);
    expect(subjects).toEqual([{ id: 1, descrizione: 'A', ordinamento: 0, professori: [{ id: 9, nome: 'X' }] }]);
  });
});
