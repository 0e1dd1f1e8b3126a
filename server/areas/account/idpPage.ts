import type { SpidIdentity } from './repository';

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/** Sent with every page of the demo identity providers (a <style> element, no script, forms to this origin only). */
export const IDP_PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
};

const STYLE = `
  *{box-sizing:border-box}
  body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#17324d;background:#f5f7fa;line-height:1.5}
  header{background:#0066cc;color:#fff;padding:.75rem 1.5rem}
  header p{margin:0;font-weight:600}
  main{max-width:40rem;margin:2rem auto;padding:1.5rem;background:#fff;border:1px solid #c5d0db;border-radius:.5rem}
  h1{margin-top:0;font-size:1.6rem}
  fieldset{border:1px solid #c5d0db;border-radius:.375rem;padding:1rem;margin:1.25rem 0}
  legend{font-weight:600;padding:0 .25rem}
  .scelta{display:flex;gap:.6rem;align-items:flex-start;padding:.4rem 0}
  .scelta input{margin-top:.35rem;width:1.1rem;height:1.1rem}
  .cf{font-family:ui-monospace,Menlo,Consolas,monospace;font-weight:600}
  .nota{color:#4a5d70}
  .azioni{display:flex;gap:.75rem;flex-wrap:wrap}
  button{font:inherit;font-weight:600;padding:.6rem 1.4rem;border-radius:.375rem;border:2px solid #0066cc;cursor:pointer}
  .entra{background:#0066cc;color:#fff}
  .annulla{background:#fff;color:#0059b3}
  button:focus-visible,input:focus-visible,a:focus-visible{outline:3px solid #ff9900;outline-offset:2px}
  .errore{border-left:4px solid #b3261e;background:#fdecea;color:#7a1b14;padding:.5rem .75rem}
`;

function page(title: string, banner: string, body: string): string {
  return `<!doctype html>
<html lang="it">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<header><p>${escapeHtml(banner)}</p></header>
<main>
${body}
</main>
</body>
</html>
`;
}

export interface IdpPageOptions {
  /** The provider's name: "Poste ID", "CIE". */
  providerName: string;
  /** SPID or CIE, for the banner. */
  scheme: 'SPID' | 'CIE';
  /** Where the form posts (the interaction's own address). */
  action: string;
  identities: SpidIdentity[];
  error?: string;
}

const bannerOf = (scheme: string) => `${scheme} · identity provider dimostrativo`;

/** A demo identity provider's sign-in page: choose a tax code, then Entra or Annulla. */
export function idpPage({ providerName, scheme, action, identities, error }: IdpPageOptions): string {
  const choices = identities
    .map((identity, index) => {
      const id = `cf-${index + 1}`;
      return `<div class="scelta">
<input type="radio" id="${id}" name="codice_fiscale" value="${escapeHtml(identity.codice_fiscale)}">
<label for="${id}">${escapeHtml(`${identity.nome} ${identity.cognome}`)} – <span class="cf">${escapeHtml(identity.codice_fiscale)}</span>${
        identity.nota ? ` <span class="nota">(${escapeHtml(identity.nota)})</span>` : ''
      }</label>
</div>`;
    })
    .join('\n');
  const heading = `${providerName} – accesso demo`;
  return page(
    `${heading} - identity provider dimostrativo`,
    bannerOf(scheme),
    `<h1>${escapeHtml(heading)}</h1>
<p>Questa pagina simula un identity provider ${escapeHtml(scheme)} per il Portale Famiglie dimostrativo: scegli l'identità con cui entrare. Non vengono chieste credenziali.</p>
${error ? `<p class="errore" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="${escapeHtml(action)}">
<fieldset>
<legend>Codice fiscale</legend>
${choices}
</fieldset>
<div class="azioni">
<button type="submit" class="entra" name="azione" value="entra">Entra</button>
<button type="submit" class="annulla" name="azione" value="annulla">Annulla</button>
</div>
</form>`,
  );
}

/** A page for a request the identity provider cannot serve (an interaction gone, a foreign form). */
export function idpErrorPage(scheme: 'SPID' | 'CIE', message: string): string {
  return page(
    `Accesso con ${scheme} non riuscito - identity provider dimostrativo`,
    bannerOf(scheme),
    `<h1>Accesso con ${escapeHtml(scheme)} non riuscito</h1>
<p class="errore" role="alert">${escapeHtml(message)}</p>
<p><a href="/login">Torna alla pagina di accesso del portale</a></p>`,
  );
}
