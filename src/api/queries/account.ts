import { api } from '../api';

/** Changes the signed-in user's password (spec §5, §7: PUT {login}/utenti/{id_scuola}/aggiorna_password). */
export async function changePassword(idScuola: string, oldPassword: string, newPassword: string) {
  const { data } = await api.client.PUT('/api/v4/utenti/{id_scuola}/aggiorna_password', {
    params: { path: { id_scuola: idScuola } },
    body: { old_password: oldPassword, new_password: newPassword },
  });
  return data!;
}
