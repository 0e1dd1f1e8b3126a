import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { DEFAULT_PREFERENCES } from '../../domain/preferences';
import type { UserPreferences } from '../../domain/records';
import { api } from '../api';
import { isApiError } from '../client';
import { toPreferences, toPushKey } from '../boundary/preferences';
import { readQuery } from './read';

const PREFERENCES = '/api/v4/utenti/preferenze';

/**
 * The signed-in user's preferences (docs/product.md#preferences). A backend that does not keep
 * preferences (404: the call is the portal's proposal) means the defaults, so the screens that
 * honour them (averages on /voti) work the same against it.
 */
export const preferencesQuery = () =>
  queryOptions({
    queryKey: ['get', PREFERENCES, {}] as const,
    queryFn: async ({ signal }): Promise<UserPreferences & { kept: boolean }> => {
      try {
        const { data } = await api.client.GET(PREFERENCES, { signal });
        return { ...toPreferences(data), kept: true };
      } catch (e) {
        if (isApiError(e) && e.status === 404) return { ...DEFAULT_PREFERENCES, kept: false };
        throw e;
      }
    },
    staleTime: 5 * 60_000,
    meta: { errorDialog: false },
  });

/** Saves the whole set; the answer (what the server now keeps) replaces the cached one. */
export const savePreferencesMutation = () =>
  mutationOptions({
    mutationKey: ['preferenze'],
    mutationFn: async ({ notifiche, nascondi_medie, lingua }: UserPreferences): Promise<UserPreferences> => {
      // Exactly the contract's fields (the cached record carries `kept` beside them).
      const { data } = await api.client.PUT(PREFERENCES, { body: { notifiche, nascondi_medie, lingua } });
      return toPreferences(data);
    },
    onSuccess: (saved, _v, _r, { client }) => client.setQueryData(preferencesQuery().queryKey, { ...saved, kept: true }),
    onSettled: (_d, _e, _v, _r, { client }) => client.invalidateQueries({ queryKey: preferencesQuery().queryKey }),
  });

/** The server's VAPID public key, for the browser's push subscription. */
export const pushKeyQuery = () => readQuery('/api/v4/utenti/notifiche/chiave', { params: { path: {} } }, toPushKey, { staleTime: Infinity });

/** This browser's push subscription (`PushSubscription.toJSON()`), registered for the signed-in user. */
export const addPushSubscriptionMutation = () =>
  mutationOptions({
    mutationKey: ['notifiche', 'sottoscrizione'],
    mutationFn: async (subscription: { endpoint: string; expirationTime?: number | null; keys: { p256dh: string; auth: string } }): Promise<void> => {
      await api.client.POST('/api/v4/utenti/notifiche/sottoscrizioni', {
        body: { endpoint: subscription.endpoint, expirationTime: subscription.expirationTime ?? null, keys: { p256dh: subscription.keys.p256dh, auth: subscription.keys.auth } },
      });
    },
  });

/** Removes this browser's subscription (notices turned off here). Sign-out removes it too, on the session's own path (`session.ts`). */
export const removePushSubscriptionMutation = () =>
  mutationOptions({
    mutationKey: ['notifiche', 'sottoscrizione', 'rimuovi'],
    mutationFn: async (endpoint: string): Promise<void> => {
      await api.client.DELETE('/api/v4/utenti/notifiche/sottoscrizioni', { body: { endpoint } });
    },
  });
