/**
 * Web Push for the reference server: the VAPID key pair (made at first start, kept in the data
 * folder beside the database, never in the repository) and the sending of one encrypted message.
 * `web-push` builds the request (RFC 8291 `aes128gcm` encryption for the subscription's keys, RFC
 * 8292 VAPID signature); the server posts it itself with `fetch`, so the push service's answer
 * (404 and 410: the subscription is gone) comes back as a status.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import webpush from 'web-push';
import { writeFileAtomic } from '../../shared/atomicFile';
import type { SubscriptionRow } from './repository';

export const VAPID_KEY_FILE = 'vapid-keys.json';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** The server's VAPID keys: read from `<dataDir>/vapid-keys.json`, made there on first start. */
export function loadOrCreateVapidKeys(dataDir: string): VapidKeys {
  const file = join(dataDir, VAPID_KEY_FILE);
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as VapidKeys;
  const keys = webpush.generateVAPIDKeys();
  writeFileAtomic(file, JSON.stringify(keys, null, 2));
  return keys;
}

export interface PushSender {
  /** Sends one message; resolves with the push service's status (201 on success), or 0 when it was unreachable. */
  send(subscription: SubscriptionRow, payload: string): Promise<number>;
}

/** How long a push service keeps a message for a browser that is offline. */
const TTL_SECONDS = 24 * 60 * 60;

export function pushSender(keys: VapidKeys, subject: string): PushSender {
  return {
    async send(subscription, payload) {
      const details = webpush.generateRequestDetails(
        { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
        payload,
        { vapidDetails: { subject, publicKey: keys.publicKey, privateKey: keys.privateKey }, TTL: TTL_SECONDS, contentEncoding: 'aes128gcm', urgency: 'normal' },
      );
      try {
        const response = await fetch(details.endpoint, {
          method: details.method,
          headers: details.headers as Record<string, string>,
          body: details.body ?? undefined,
          signal: AbortSignal.timeout(10_000),
        });
        await response.arrayBuffer().catch(() => undefined);
        return response.status;
      } catch {
        return 0;
      }
    },
  };
}
