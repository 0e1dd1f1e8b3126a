import { mutationOptions } from '@tanstack/react-query';
import { api } from '../api';

/** Changes the signed-in user's password (docs/product.md#user-menu: PUT {login}/utenti/{id_scuola}/aggiorna_password). Nothing cached changes. */
export const changePasswordMutation = (idScuola: string) =>
  mutationOptions({
    mutationKey: ['aggiorna_password', idScuola],
    mutationFn: async ({ oldPassword, newPassword }: { oldPassword: string; newPassword: string }): Promise<void> => {
      await api.client.PUT('/api/v4/utenti/{id_scuola}/aggiorna_password', {
        params: { path: { id_scuola: idScuola } },
        body: { old_password: oldPassword, new_password: newPassword },
      });
    },
  });

/** A single-use code that hands the user over to the school's enrolment portal (never the session token). */
export const enrolmentCodeMutation = () =>
  mutationOptions({
    mutationKey: ['iscrizioni', 'codice'],
    mutationFn: async (): Promise<{ codice: string; url: string }> => {
      const { data } = await api.client.POST('/api/v4/utenti/iscrizioni/codice');
      return { codice: data!.codice, url: data!.url };
    },
  });
