import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTokenSync, sessionIdOf, type ChannelFactory, type TabChannel } from './tabSync';

/** Same-origin tabs: every channel of a name hears the others' messages (not its own), later. */
function browserTabs(): { open: ChannelFactory; names: () => string[] } {
  const byName = new Map<string, Set<TabChannel>>();
  const open: ChannelFactory = (name) => {
    const members = byName.get(name) ?? new Set<TabChannel>();
    byName.set(name, members);
    const channel: TabChannel = {
      onmessage: null,
      postMessage(message) {
        const copy = structuredClone(message);
        for (const other of members) if (other !== channel) setTimeout(() => other.onmessage?.({ data: copy }), 0);
      },
      close() {
        members.delete(channel);
      },
    };
    members.add(channel);
    return channel;
  };
  return { open, names: () => [...byName].filter(([, members]) => members.size > 0).map(([name]) => name) };
}

const base64url = (text: string) => btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
/** A token shaped like the reference server's: its session in `sid`, a serial to tell tokens apart. */
const token = (sid: string, n: number) => `${base64url('{"alg":"ES256"}')}.${base64url(JSON.stringify({ sid, jti: `t${n}` }))}.firma${n}`;

/** A tab: its token, and the sync that keeps it in step. */
function tab(open: ChannelFactory, initial: string | null) {
  const state = { token: initial };
  const adopt = vi.fn((next: string) => {
    state.token = next;
  });
  const sync = createTokenSync({ current: () => state.token, adopt, channel: open });
  sync.follow(initial);
  return { state, adopt, sync };
}

describe('tabs of one session in step', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reads the session of a token, and none from a token that names none', () => {
    expect(sessionIdOf(token('3f0c-aa', 1))).toBe('3f0c-aa');
    expect(sessionIdOf(`${base64url('{}')}.${base64url('{"sub":"1"}')}.x`)).toBeNull();
    expect(sessionIdOf('non-un-token')).toBeNull();
    expect(sessionIdOf(`a.${base64url('{"sid":"../x y"}')}.b`)).toBeNull();
  });

  it('a duplicated tab takes the token its twin renewed, also twice in a row; tabs of other sessions hear nothing', async () => {
    const { open, names } = browserTabs();
    const first = token('sessione-1', 1);
    const renewing = tab(open, first);
    const twin = tab(open, first);
    const otherSession = tab(open, token('sessione-2', 1));
    expect(names().sort()).toEqual(['portale-famiglie.sessione.sessione-1', 'portale-famiglie.sessione.sessione-2']);

    renewing.state.token = token('sessione-1', 2);
    await renewing.sync.announce(first, token('sessione-1', 2));
    renewing.state.token = token('sessione-1', 3);
    await renewing.sync.announce(token('sessione-1', 2), token('sessione-1', 3));

    await vi.waitFor(() => expect(twin.state.token).toBe(token('sessione-1', 3)));
    expect(twin.adopt.mock.calls).toEqual([[token('sessione-1', 2)], [token('sessione-1', 3)]]);
    expect(renewing.adopt).not.toHaveBeenCalled();
    expect(otherSession.adopt).not.toHaveBeenCalled();
  });

  it('a tab that already moved on ignores a hand-over of a token it no longer holds', async () => {
    const { open } = browserTabs();
    const twin = tab(open, token('s', 5));
    const sender = tab(open, token('s', 5));
    await sender.sync.announce(token('s', 4), token('s', 9));
    // The hand-over is known (a refresh that meets the grace may ask for it), but not taken.
    expect(await twin.sync.handedOver(token('s', 4), 1000)).toBe(token('s', 9));
    expect(twin.adopt).not.toHaveBeenCalled();
    expect(twin.state.token).toBe(token('s', 5));
  });

  it("a tab refused during the grace gets the twin's token when it comes, or nothing when no twin tells", async () => {
    vi.useFakeTimers();
    const { open } = browserTabs();
    const spent = token('s', 1);
    const waiting = tab(open, spent);
    const twin = tab(open, spent);

    const handed = waiting.sync.handedOver(spent, 6000);
    await vi.advanceTimersByTimeAsync(2000);
    await twin.sync.announce(spent, token('s', 2));
    await vi.advanceTimersByTimeAsync(1);
    await expect(handed).resolves.toBe(token('s', 2));

    const alone = tab(open, token('s', 7)).sync.handedOver(token('s', 7), 6000);
    await vi.advanceTimersByTimeAsync(6000);
    await expect(alone).resolves.toBeNull();
  });

  it('follows the session of the tab: a new sign-in leaves the old channel', async () => {
    const { open, names } = browserTabs();
    const one = tab(open, token('vecchia', 1));
    one.sync.follow(token('nuova', 1));
    expect(names()).toEqual(['portale-famiglie.sessione.nuova']);
    one.sync.follow(null);
    expect(names()).toEqual([]);
  });
});
