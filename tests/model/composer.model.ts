/**
 * The composer's transition suite: its generated paths replayed through the messenger's new
 * message and reply (Marco, v2) and the communications form (Giulia, v1) against the reference
 * server, the upload and send calls held until the path says how they end.
 */
import type { Page } from '@playwright/test';
import { expect, signIn, expectHomeOf } from '../e2e/fixtures';
import type { ModelPath } from '../../src/machines/testing/model';
import { composerMachine, type ComposerEvent, type ComposerInput } from '../../src/machines/composer.machine';
import { composerModel } from '../../src/machines/testing/composer.model';
import { defineMachineSuite, fault, HeldRequests, shadowOf, type StepEvent } from './replay';

type Snapshot = ModelPath<typeof composerMachine>['steps'][number]['state'];

const UPLOAD = /\/messaggi\/add_attachment$/;
const SEND_V2 = /\/thread-json$/;
const SEND_V1 = /\/\d+\/\d{4}_\d{4}\/messaggi$/;
const STATUS_TEXT = { queued: 'in attesa', uploading: 'caricamento', done: 'caricato', failed: 'non caricato', local: 'pronto' } as const;

/** The form of this run: the new message of the messenger or of /comunicazioni, or a thread's reply. */
async function openComposer(page: Page, input: ComposerInput) {
  await signIn(page);
  const draft = input.draft;
  if (input.version === 'v1') {
    await page.getByRole('button', { name: /Cambia studente o anno scolastico/ }).click();
    await page.getByRole('menuitem', { name: /Giulia Rossi/ }).click();
    await expectHomeOf(page, 'Giulia Rossi');
    // Giulia's school has its own office: the draft names it.
    const fields = draft && { ...draft.fields, destinatari: [{ id: '3100150@segreteria', descrizione: 'Segreteria alunni' }] };
    await page.evaluate((d) => sessionStorage.setItem('portale-famiglie.privato.bozza.502.nuovo.2026_2027.v1', JSON.stringify(d)), { fields, allegati: [] });
    await page.goto('/comunicazioni');
    return page.getByRole('form', { name: 'Nuovo messaggio' });
  }
  if (input.threadId) {
    await page.goto('/messenger');
    await page.getByRole('tabpanel').getByRole('button').first().click();
    const id = /thread=(\d+_ver_2)/.exec(page.url())![1]!;
    if (draft) await page.evaluate((a) => sessionStorage.setItem(a.key, a.value), { key: `portale-famiglie.privato.bozza.501.${id}.2026_2027.v2`, value: JSON.stringify(draft) });
    await page.reload();
    return page.getByRole('form', { name: /Risposta a/ });
  }
  if (draft) await page.evaluate((d) => sessionStorage.setItem('portale-famiglie.privato.bozza.501.nuovo.2026_2027.v2', JSON.stringify(d)), draft);
  await page.goto('/messenger');
  if (!draft) await page.getByRole('button', { name: 'Nuovo messaggio' }).click();
  return page.getByRole('form', { name: 'Nuovo messaggio' });
}

async function expectScreen(page: Page, form: ReturnType<Page['getByRole']>, snap: Snapshot, input: ComposerInput, sentNew: boolean) {
  const c = snap.context;
  if (sentNew) {
    // A new message that went: the form closes and the screen says so.
    await expect(page.getByRole('status').filter({ hasText: 'Messaggio inviato.' })).toBeVisible();
    await expect(form).toHaveCount(0);
    return;
  }
  const reply = input.version === 'v2' && Boolean(input.threadId);
  await expect(form.getByLabel(reply ? 'Risposta' : 'Testo')).toHaveValue(c.fields.testo);
  if (!reply) {
    await expect(form.getByLabel('Oggetto')).toHaveValue(c.fields.titolo);
    await expect(form.getByRole('list', { name: 'Destinatari scelti' }).getByRole('listitem')).toHaveCount(c.fields.destinatari.length);
    await expect(form.getByText('Scegli almeno un destinatario')).toHaveCount(c.errors.destinatari ? 1 : 0);
    if (c.errors.titolo) await expect(form.getByLabel('Oggetto')).toHaveAttribute('aria-invalid', 'true');
    else await expect(form.getByLabel('Oggetto')).not.toHaveAttribute('aria-invalid', 'true');
  }
  await expect(form.getByText('Campo obbligatorio')).toHaveCount(Object.keys(c.errors).filter((k) => k !== 'destinatari').length);
  await expect(form.getByRole('checkbox', { name: 'Richiedi conferma di presa visione' })).toBeChecked({ checked: c.fields.presa_visione });
  const rows = form.getByRole('list', { name: 'Allegati del messaggio' }).getByRole('listitem');
  await expect(rows).toHaveCount(c.attachments.length);
  for (const [i, a] of c.attachments.entries()) {
    await expect(rows.nth(i)).toContainText(a.nome);
    await expect(rows.nth(i)).toContainText(STATUS_TEXT[a.status]);
    // The bar shows while the file waits or travels (its percentage is the browser's own).
    await expect(rows.nth(i).getByRole('progressbar')).toHaveCount(a.status === 'uploading' || a.status === 'queued' ? 1 : 0);
  }
  for (const r of c.refused) await expect(form.getByText(`${r.nome}: `, { exact: false })).toBeVisible();
  const alerts: string[] = [];
  if (c.refused.length > 0) alerts.push(...c.refused.map((r) => r.nome));
  if (c.blocked === 'uploading') alerts.push('Attendi la fine del caricamento degli allegati prima di inviare.');
  if (c.blocked === 'failedUploads') alerts.push('Un allegato non è stato caricato: riprova o rimuovilo prima di inviare.');
  if (c.failure) alerts.push(`Messaggio non inviato: ${composerModel.sendFailure}`);
  await expect(form.getByRole('alert')).toHaveCount(alerts.length);
  const button = form.getByRole('button', { name: snap.matches({ form: 'sending' }) ? 'Invio…' : reply ? 'Invia risposta' : 'Invia messaggio' });
  await expect(button).toBeVisible();
}

async function bytesOf(file: File) {
  return { name: file.name, mimeType: file.type, buffer: Buffer.from(await file.arrayBuffer()) };
}

export function defineComposerTransitionSuite() {
  defineMachineSuite<typeof composerMachine>('composer', async (page, request, path, rawInput) => {
    const input = rawInput as ComposerInput;
    const uploads = await HeldRequests.on(page, 'POST', UPLOAD);
    const sends = await HeldRequests.on(page, 'POST', input.version === 'v1' ? SEND_V1 : SEND_V2);
    const form = await openComposer(page, input);
    const shadow = shadowOf(composerMachine, ['send', 'upload'], input);
    await expectScreen(page, form, shadow.snapshot(), input, false);
    const reply = input.version === 'v2' && Boolean(input.threadId);
    for (const step of path.steps.slice(1)) {
      const ev = step.event as StepEvent<ComposerEvent>;
      switch (ev.type) {
        case 'recipients.changed': {
          const name = input.version === 'v1' ? 'Segreteria alunni' : 'Segreteria didattica';
          const chips = form.getByRole('list', { name: 'Destinatari scelti' });
          // Already the only one chosen: picking it again would take it away, and the choice is already this.
          if ((await chips.count()) === 0 || (await chips.getByRole('listitem').count()) !== 1 || !(await chips.textContent())?.includes(name)) {
            await form.getByRole('combobox', { name: /Destinatari/ }).fill(name);
            await page.getByRole('option', { name }).click();
            await page.keyboard.press('Escape');
          }
          break;
        }
        case 'field.changed':
          await form.getByLabel(ev.field === 'titolo' ? 'Oggetto' : reply ? 'Risposta' : 'Testo').fill(ev.value);
          break;
        case 'receipt.changed':
          await form.getByRole('checkbox', { name: 'Richiedi conferma di presa visione' }).setChecked(ev.value);
          break;
        case 'files.picked':
          await form.getByLabel('Allegati', { exact: true }).setInputFiles(await Promise.all(ev.files.map(bytesOf)));
          if (step.state.matches({ uploads: 'uploading' })) await uploads.waitForOne();
          break;
        case 'upload.progress':
          // The browser reports the progress itself while the file travels.
          break;
        case 'attachment.cancelled':
          await form.getByRole('button', { name: 'Annulla delega.pdf' }).click();
          break;
        case 'attachment.removed':
          await form.getByRole('button', { name: 'Rimuovi delega.pdf' }).click();
          break;
        case 'attachment.retried':
          uploads.hold();
          await form.getByRole('button', { name: 'Riprova delega.pdf' }).click();
          await uploads.waitForOne();
          break;
        case 'send':
          await form.getByRole('button', { name: reply ? 'Invia risposta' : 'Invia messaggio' }).click();
          if (step.state.matches({ form: 'sending' })) await sends.waitForOne();
          break;
        case 'xstate.done.actor.upload':
          await uploads.release();
          uploads.hold();
          break;
        case 'xstate.error.actor.upload':
          await fault(request, { metodo: 'POST', percorso: UPLOAD.source, stato: 500, volte: 1 });
          await uploads.release();
          uploads.hold();
          break;
        case 'xstate.done.actor.send':
          await sends.release();
          break;
        case 'xstate.error.actor.send':
          await fault(request, { metodo: 'POST', percorso: (input.version === 'v1' ? SEND_V1 : SEND_V2).source, stato: 500, volte: 1 });
          await sends.release();
          sends.hold();
          break;
      }
      const snap = await shadow.step(ev, step.state);
      await expectScreen(page, form, snap, input, ev.type === 'xstate.done.actor.send' && !reply);
    }
  });
}
