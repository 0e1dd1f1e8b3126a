/**
 * Keeps the tabs of one session in step (docs/product.md#sign-in-and-session). A duplicated tab copies the saved session, so
 * two tabs hold the same token; each refresh spends the token it presents (the server ends the
 * session when a spent token comes back), so after one tab refreshes, the other must take the new
 * token instead of presenting the old one. The tab that renewed posts the new token on a channel of
 * its session (`BroadcastChannel`, same origin only, named by the token's session id), labelled
 * with the SHA-256 of the token it spent; a tab still holding that very token takes the new one.
 * Nothing is written anywhere: the tab saves its token as it always does.
 */

/** What a channel does for us: `BroadcastChannel`, or a stand-in in the tests. */
export interface TabChannel {
  postMessage(message: unknown): void;
  close(): void;
  onmessage: ((event: { data: unknown }) => void) | null;
}
export type ChannelFactory = (name: string) => TabChannel | null;

const CHANNEL_PREFIX = 'portale-famiglie.sessione.';
const KIND = 'portale-famiglie.token';
/** Hand-overs kept for a tab that asks a little later (its own refresh was still on the wire). */
const KEPT = 8;

interface HandOver {
  tipo: typeof KIND;
  /** SHA-256 (hex) of the token the sender spent. */
  da: string;
  token: string;
}

const isHandOver = (data: unknown): data is HandOver =>
  typeof data === 'object' &&
  data !== null &&
  (data as HandOver).tipo === KIND &&
  typeof (data as HandOver).da === 'string' &&
  typeof (data as HandOver).token === 'string';

/** The session a token belongs to (claim `sid` of the reference server's tokens); null when it names none. */
export function sessionIdOf(token: string): string | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { sid?: unknown };
    return typeof claims.sid === 'string' && /^[A-Za-z0-9-]{1,64}$/.test(claims.sid) ? claims.sid : null;
  } catch {
    return null;
  }
}

async function digestOf(token: string): Promise<string> {
  const bytes = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token)));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

const defaultChannel: ChannelFactory = (name) => (typeof BroadcastChannel === 'undefined' ? null : (new BroadcastChannel(name) as unknown as TabChannel));

export interface TokenSyncOptions {
  /** The tab's token now. */
  current(): string | null;
  /** Take a twin's new token (the session renews and saves it). */
  adopt(token: string): void;
  channel?: ChannelFactory;
}

export interface TokenSync {
  /** Listens on the channel of this token's session (leaving another session's). */
  follow(token: string | null): void;
  /** This tab spent `spent` and got `next`: the twins holding `spent` take `next`. */
  announce(spent: string, next: string): Promise<void>;
  /** The token a twin got for `spent`, if one says so within `waitMs`; null if none does. */
  handedOver(spent: string, waitMs: number): Promise<string | null>;
}

export function createTokenSync({ current, adopt, channel: openChannel = defaultChannel }: TokenSyncOptions): TokenSync {
  let sessionId: string | null = null;
  let channel: TabChannel | null = null;
  const handed = new Map<string, string>();
  const waiters = new Set<{ digest: string; resolve: (token: string) => void }>();
  // One message at a time: a twin that renewed twice sends T1→T2 then T2→T3, and the second must
  // meet this tab already holding T2.
  let queue: Promise<void> = Promise.resolve();

  const receive = async (message: HandOver) => {
    handed.set(message.da, message.token);
    if (handed.size > KEPT) handed.delete(handed.keys().next().value as string);
    for (const waiter of waiters) if (waiter.digest === message.da) waiter.resolve(message.token);
    const mine = current();
    if (mine && mine !== message.token && (await digestOf(mine)) === message.da) adopt(message.token);
  };

  const follow = (token: string | null) => {
    const id = token ? sessionIdOf(token) : null;
    if (id === sessionId) return;
    channel?.close();
    handed.clear();
    sessionId = id;
    channel = id ? openChannel(CHANNEL_PREFIX + id) : null;
    if (channel) {
      channel.onmessage = ({ data }) => {
        if (isHandOver(data)) queue = queue.then(() => receive(data));
      };
    }
  };

  return {
    follow,
    async announce(spent, next) {
      if (spent === next) return;
      follow(next);
      const message: HandOver = { tipo: KIND, da: await digestOf(spent), token: next };
      channel?.postMessage(message);
    },
    handedOver(spent, waitMs) {
      // The wait starts now, not once the hash is ready: the grace is counted from the refusal.
      return new Promise<string | null>((resolve) => {
        let settled = false;
        const waiter = { digest: '', resolve: (token: string | null) => settle(token) };
        const settle = (token: string | null) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          waiters.delete(waiter);
          resolve(token);
        };
        const timer = setTimeout(() => settle(null), waitMs);
        void digestOf(spent).then((digest) => {
          if (settled) return;
          const known = handed.get(digest);
          if (known) return settle(known);
          waiter.digest = digest;
          waiters.add(waiter);
        });
      });
    },
  };
}
