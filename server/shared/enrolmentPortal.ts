/** The enrolment portal's address of a school, only when the school's address is https. */
export function enrolmentPortalAddress(urlScuola: string): string | null {
  let url: URL;
  try {
    url = new URL(urlScuola);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return null;
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}/portale-iscrizioni/accesso`;
}

