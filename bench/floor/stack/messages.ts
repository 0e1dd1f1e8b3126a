/** The stack floor's Italian catalog, in the compiled form `lingui compile` writes (one array per message). */
export const messages: Record<string, string[]> = {
  'login.heading': ['Accesso'],
  'login.username': ['Codice utente'],
  'login.password': ['Password'],
  'login.submit': ['Accedi'],
  'login.refused': ['Credenziali non valide'],
  'page./home': ['Ultimi voti'],
  'page./voti': ['Voti'],
  'page./agenda': ['Agenda della settimana'],
  'page.empty': ['Nessun dato'],
};
