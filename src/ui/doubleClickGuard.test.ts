import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { guardDoubleClicks } from './doubleClickGuard';

describe('guardDoubleClicks', () => {
  let undo: () => void;
  let send: HTMLButtonElement;
  let thread: HTMLButtonElement;
  const clicks: string[] = [];
  const click = (el: Element, detail: number) => el.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, detail }));

  beforeEach(() => {
    clicks.length = 0;
    document.body.innerHTML = '<button id="send"><span>Invia</span></button><button id="thread">Materiale</button>';
    send = document.querySelector('#send')!;
    thread = document.querySelector('#thread')!;
    for (const b of [send, thread]) b.addEventListener('click', () => clicks.push(b.id));
    undo = guardDoubleClicks(document);
  });
  afterEach(() => undo());

  it('drops the second click of a double click that lands on another control (the page moved)', () => {
    click(send, 1);
    send.remove();
    const submitted = click(thread, 2);
    expect(clicks).toEqual(['send']);
    expect(submitted).toBe(false);
  });

  it('keeps a double click on one control, from its label or its edge', () => {
    click(send.querySelector('span')!, 1);
    click(send, 2);
    expect(clicks).toEqual(['send', 'send']);
  });

  it('keeps clicks the browser counts apart, and keyboard presses', () => {
    click(send, 1);
    click(thread, 1);
    click(send, 0);
    expect(clicks).toEqual(['send', 'thread', 'send']);
  });

  it('stops guarding once undone', () => {
    undo();
    undo = vi.fn();
    click(send, 1);
    click(thread, 2);
    expect(clicks).toEqual(['send', 'thread']);
  });
});
