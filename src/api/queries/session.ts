import { api } from '../api';

/** Calls of the session itself: sign in, validate a saved token, refresh, the school's login settings. */
export async function login(username: string, password: string) {
  const { data } = await api.client.POST('/api/v4/utenti/login/', { body: { username, password } });
  return data!;
}

export async function loginWithSpid(codice: string) {
  const { data } = await api.client.POST('/api/v4/utenti/spid/', { body: { codice } });
  return data!;
}

/** The mobile app's single-use code for a mobile page, exchanged for a session. */
export async function openMobileSession(codice: string) {
  const { data } = await api.client.POST('/api/v4/utenti/mobile/sessione', { body: { codice } });
  return data!;
}

/** Where the SPID button leads: the identity provider, which comes back to `ritorno` with a code. */
export const SPID_START_PATH = '/api/v4/utenti/spid/inizio';

export async function validateToken(idUtente: number, token: string) {
  const { data } = await api.client.POST('/api/v4/utenti/{id_utente}/', {
    params: { path: { id_utente: idUtente } },
    body: { token },
  });
  return data!;
}

export async function refreshToken(mastercomId: number, token: string) {
  const { data } = await api.client.POST('/api/v4/utenti/{mastercom_id}/refresh-token/', {
    params: { path: { mastercom_id: mastercomId } },
    body: { token },
  });
  return data!.token;
}

export const loginConfigurationQuery = () =>
  api.query.queryOptions('get', '/api/v3/mastercom_nextapi/', {}, { staleTime: 5 * 60_000 });
