/** What this browser can say about notices before anything is asked (docs/product.md#preferences). */
export interface PushProbe {
  /** Service worker, Push API and Notification API are all there. */
  supported: boolean;
  permission: NotificationPermission;
  /** This browser already has a subscription (made on an earlier visit). */
  subscribed: boolean;
}

/** Why turning notices on failed: the person said no, or something else (offline, the push service). */
export class PushPermissionDenied extends Error {
  constructor() {
    super('notification permission denied');
    this.name = 'PushPermissionDenied';
  }
}
