import { i18n } from '@lingui/core';
import { afterAll, describe, expect, it } from 'vitest';
import { messages as italianArea } from '../../locales/it/area';
import { messages as italianScreens } from '../../locales/it/screens';
import { messages as englishScreens } from '../../locales/en/screens';
import { activateLocale, loadPageMessages, prefetchScreenMessages } from './locale';

/** A message of the other screens only (in no other catalog), and one of the area. */
const screensOnly = Object.keys(italianScreens).find((id) => !(id in italianArea))!;
const areaOnly = Object.keys(italianArea).find((id) => !(id in italianScreens))!;
const has = (id: string) => i18n.messages[id] !== undefined;

describe('the catalogs a page waits for', () => {
  afterAll(() => i18n.loadAndActivate({ locale: 'it', messages: {} }));

  it('Home: the area’s only; fetching the others adds nothing until another page needs them', async () => {
    await activateLocale('it');
    await loadPageMessages('/home');
    expect(has(areaOnly)).toBe(true);
    expect(has(screensOnly)).toBe(false);
    let changes = 0;
    const stop = i18n.on('change', () => changes++);
    await prefetchScreenMessages();
    expect(has(screensOnly)).toBe(false);
    expect(changes).toBe(0);
    await loadPageMessages('/voti');
    stop();
    expect(has(screensOnly)).toBe(true);
    expect(changes).toBe(1);
  });

  it('a change of language loads every catalog the pages so far needed, in that language', async () => {
    await activateLocale('en');
    expect(i18n.locale).toBe('en');
    expect(i18n.messages[screensOnly]).toEqual(englishScreens[screensOnly]);
    await activateLocale('it');
    expect(i18n.messages[screensOnly]).toEqual(italianScreens[screensOnly]);
  });
});
