import type { Page, Route } from '@playwright/test';
import { test, expect } from './fixtures';
import {
  REAL_SCHOOL,
  REAL_STUDENT,
  REAL_YEAR,
  realAbsences,
  realAgenda,
  realAnnotations,
  realGrades,
  realHomework,
  realLogin,
  realNotes,
  realReportCards,
  realStudentInfo,
  realSubjects,
  realTimetable,
  realTopics,
  realUpdates,
} from '../../src/api/boundary/realAnswers.fixture';

/**
 * The portal against a backend that answers in the real school backend's shapes (its public
 * clients' answers): every /api call is answered here, none reaches the reference server. Per-student
 * paths are matched with or without the trailing slash real clients use.
 */

const STUDENT_BASE = `/api/v3/scuole/${REAL_SCHOOL}/studenti/${REAL_STUDENT}/${REAL_YEAR}/`;

/** What no public client shows: answered in the contract's shapes. */
const LOGIN_SETTINGS = {
  recupera_password: '',
  nome_scuola: 'Liceo Galileo Galilei',
  url_scuola: 'https://galilei-cr-sito.registroelettronico.com',
  login_spid: false,
  parametri_spid: {},
  login_username_password: true,
  disclaimer_login_username_password: '',
};

const PER_STUDENT: Record<string, unknown> = {
  // The timetable, the notes and the report cards (the real `pagelle` flag) on, so their screens read the real shapes too.
  'studente/info': { ...realStudentInfo, servizi: { ...realStudentInfo.servizi, orario: true, note: true, pagelle: true } },
  materie_nextapi: realSubjects,
  aggiornamenti_nextapi: realUpdates,
  voti_plain: realGrades,
  compiti_plain: realHomework,
  agenda_plain: realAgenda,
  argomenti_plain: realTopics,
  annotazioni_plain: realAnnotations,
  orario_plain: realTimetable,
  note_plain: realNotes,
  pagelle_plain: realReportCards,
  assenze_plain: realAbsences,
  calendario_scolastico: { attivita: [], festivita: [] },
  giustificazioni: { normale: [{ codice: 'SAL', descrizione: 'Motivi di salute' }], dad: [] },
  // Home's meeting alert asks for the booked meetings of the next days: none booked.
  colloqui_plain: [],
};

/** What the sign-in posted: the real backend takes only `{ mastercom, utente, password }`. */
/** Calls of the portal's own proposals, which a real backend answers 404 (nothing else may be asked for). */
const PROPOSALS = ['GET /api/v4/utenti/preferenze'];

const REAL_SIGN_IN_BODY = { mastercom: REAL_SCHOOL, utente: 'verdi.giulia', password: 'una-password' };

async function answerLikeRealBackend(page: Page, login: unknown = realLogin) {
  const unanswered: string[] = [];
  await page.route('**/api/**', async (route: Route) => {
    const url = new URL(route.request().url());
    const path = url.pathname.replace(/\/+$/, '');
    const json = (body: unknown, status = 200) => route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });
    if (path === '/api/v4/utenti/login') {
      // Any other body is what the real backend refuses.
      if (JSON.stringify(route.request().postDataJSON()) !== JSON.stringify(REAL_SIGN_IN_BODY)) {
        return json({ detail: 'Richiesta non valida', error: 'bad_request' }, 400);
      }
      return json(login);
    }
    if (path === '/api/v3/mastercom_nextapi') return json(LOGIN_SETTINGS);
    if (path.startsWith(STUDENT_BASE) && PER_STUDENT[path.slice(STUDENT_BASE.length)] !== undefined) {
      return json(PER_STUDENT[path.slice(STUDENT_BASE.length)]);
    }
    // The portal's proposals (openapi/src/preferenze.yaml) the real backend does not have yet: it
    // answers them 404, and the portal must work as without them (defaults: averages shown).
    if (!PROPOSALS.includes(`${route.request().method()} ${path}`)) unanswered.push(`${route.request().method()} ${url.pathname}`);
    return json({ detail: 'Contenuto non disponibile', error: 'not_found' }, 404);
  });
  return unanswered;
}

async function signIn(page: Page) {
  // The school's own address: its settings do not say its MasterCom id, the deployment (or this) does.
  await page.goto(`/login?scuola=${REAL_SCHOOL}`);
  await page.getByLabel('Codice utente').fill('verdi.giulia');
  await page.getByLabel('Password', { exact: true }).fill('una-password');
  await page.getByRole('button', { name: 'Accedi' }).click();
}

const nav = (page: Page, name: RegExp) => page.getByRole('navigation', { name: 'Menu principale' }).getByRole('link', { name });

test.describe('against a backend answering in the real shapes', () => {
  test('signs in and shows Home, grades, homework, agenda, topics, annotations, disciplinary notes, absences and report cards', async ({ page }) => {
    const unanswered = await answerLikeRealBackend(page);
    await signIn(page);

    // Home: the full name the backend put in `nome`, class and address from the login's year, school from studente/info.
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('heading', { level: 1, name: 'VERDI LUCA' })).toBeVisible();
    await expect(page.getByText('Classe 4B · Liceo Scientifico · Liceo Galileo Galilei')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Ultimi voti' }).getByText('8-', { exact: true })).toBeVisible();
    // Today's lessons: a subject only named (id_materia null or ""), and two teachers sharing the third hour.
    const lessons = page.getByRole('region', { name: 'Lezioni di oggi (4)' });
    await expect(lessons.getByRole('listitem')).toHaveCount(4);
    await expect(lessons.getByText("STORIA DELL'ARTE")).toBeVisible();
    await expect(lessons.getByRole('listitem').filter({ hasText: '10:00–11:00' })).toHaveCount(2);
    await expect(lessons.getByText('· Smith John')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Nuove note disciplinari (1)' }).getByText('19-11-2026')).toBeVisible();

    await nav(page, /^Voti/).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Voti' })).toBeVisible();
    await page.getByRole('tab', { name: 'Intero anno' }).click();
    const maths = page.getByRole('region', { name: 'MATEMATICA' });
    await expect(maths.getByRole('cell', { name: '8-', exact: true })).toBeVisible();
    // No preferences kept by this backend: the averages are shown, as the school allows.
    await expect(maths.getByText(/^Media( ponderata)?: \d/)).toBeVisible();
    // data_presa_visione 0: not acknowledged yet; a date-time: acknowledged then.
    await expect(maths.getByRole('button', { name: /^Prendi visione del voto 8-/ })).toBeVisible();
    await expect(page.getByRole('region', { name: 'INGLESE' }).getByText(/Vista il 11-11-2026 18:20/)).toBeVisible();

    await nav(page, /^Compiti/).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Compiti' })).toBeVisible();
    // Entities decoded once: the subject's apostrophe and the dash are text, not markup.
    await expect(page.getByText('Esercizi 12–18 a pagina 140')).toBeVisible();
    await expect(page.getByRole('heading', { level: 3, name: "STORIA DELL'ARTE" })).toBeVisible();
    await expect(page.getByText('Leggere il capitolo su Caravaggio')).toBeVisible();

    await nav(page, /^Agenda/).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Agenda' })).toBeVisible();
    await expect(page.getByText('Uscita didattica')).toBeVisible();
    await expect(page.getByText(/Visita alla Pinacoteca\s+Ritrovo all'ingresso/)).toBeVisible();
    // Friday's timetable: the co-taught hour is two lessons.
    const friday = page.getByRole('region', { name: /venerdì/i });
    await expect(friday.getByText('Orario delle lezioni')).toBeVisible();
    await expect(friday.getByRole('listitem').filter({ hasText: 'INGLESE' })).toHaveCount(2);

    await nav(page, /^Argomenti/).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Argomenti delle lezioni' })).toBeVisible();
    await expect(page.getByText('Formula risolutiva e discriminante')).toBeVisible();

    await nav(page, /^Annotazioni/).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Annotazioni' })).toBeVisible();
    await expect(page.getByText('Non ha portato il quaderno')).toBeVisible();

    await nav(page, /^Note disciplinari/).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Note disciplinari' })).toBeVisible();
    // One tag object, entities decoded, 0 for not acknowledged; epoch seconds for an acknowledgement.
    const fresh = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Nota del 19-11-2026' }) });
    await expect(fresh.getByRole('list', { name: 'Tipo di nota' })).toContainText('Disturbo durante la lezione');
    await expect(fresh.getByText("L'alunno disturba la lezione «ripetutamente»")).toBeVisible();
    await expect(fresh.getByText('Neri Paolo')).toBeVisible();
    await expect(fresh.getByRole('button', { name: 'Prendi visione della nota del 19-11-2026' })).toBeVisible();
    const seen = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Nota del 27-10-2026' }) });
    await expect(seen.getByText('Presa visione il 28-10-2026 18:30')).toBeVisible();

    await nav(page, /^Assenze/).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Assenze' })).toBeVisible();
    // The exit's time came only inside its title; a "U" sent as an absence is an early exit.
    await expect(page.getByRole('cell', { name: /12:11/ })).toBeVisible();

    await nav(page, /^Pagelle/).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Pagelle' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Pagellino primo trimestre' })).toBeVisible();
    await expect(page.getByText('pubblicata il 16-11-2026')).toBeVisible();

    expect(unanswered).toEqual([]);
  });

  test('a login answer without the user ends on the student data message, with no redirect loop', async ({ page }) => {
    const withoutUser: Record<string, unknown> = { ...realLogin };
    delete withoutUser.id_utente;
    await answerLikeRealBackend(page, withoutUser);
    await signIn(page);
    await expect(page.getByRole('alert')).toContainText('Errore configurazione dati studente');
    await expect(page).toHaveURL(/\/login/);
    await page.goto('/voti');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fvoti/);
    await expect(page.getByRole('button', { name: 'Accedi' })).toBeVisible();
  });
});
