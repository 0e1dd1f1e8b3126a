import { PushPermissionDenied, type PushProbe } from '../domain/push';

/** The generated service worker (vite-plugin-pwa), which loads the push handlers (public/push-sw.js). */
const WORKER_URL = '/sw.js';

const supported = () => 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/** What the browser already knows; asks nothing (no prompt on load). */
export async function probePush(): Promise<PushProbe> {
  if (!supported()) return { supported: false, permission: 'default', subscribed: false };
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  return { supported: true, permission: Notification.permission, subscribed: !!subscription };
}

/** The worker's registration: the page registers it after load in a production build; here it may be asked for first. */
async function workerRegistration(): Promise<ServiceWorkerRegistration> {
  const existing = await navigator.serviceWorker.getRegistration();
  if (!existing) await navigator.serviceWorker.register(WORKER_URL, { type: 'classic' });
  return navigator.serviceWorker.ready;
}

const base64UrlBytes = (key: string): Uint8Array<ArrayBuffer> => {
  const b64 = key.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (key.length % 4)) % 4);
  return Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
};

/**
 * After the person's click: asks the permission (rejects with PushPermissionDenied on a refusal),
 * then subscribes this browser with the server's key. Returns the subscription as the server takes it.
 */
export async function subscribeThisBrowser(serverKey: string): Promise<{ endpoint: string; expirationTime: number | null; keys: { p256dh: string; auth: string } }> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PushPermissionDenied();
  const registration = await workerRegistration();
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: base64UrlBytes(serverKey) }));
  const json = subscription.toJSON();
  if (!json.endpoint || !json.keys?.p256dh || !json.keys.auth) throw new Error('incomplete push subscription');
  return { endpoint: json.endpoint, expirationTime: json.expirationTime ?? null, keys: { p256dh: json.keys.p256dh, auth: json.keys.auth } };
}

/** This browser's subscription's endpoint, if any. */
export async function currentEndpoint(): Promise<string | null> {
  const registration = await navigator.serviceWorker?.getRegistration();
  return (await registration?.pushManager.getSubscription())?.endpoint ?? null;
}

/** Unsubscribes this browser (after the server has forgotten it). */
export async function unsubscribeThisBrowser(): Promise<void> {
  const registration = await navigator.serviceWorker?.getRegistration();
  await (await registration?.pushManager.getSubscription())?.unsubscribe();
}
