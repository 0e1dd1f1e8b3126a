import { i18n, type Messages } from '@lingui/core';
import { afterAll, describe, expect, it } from 'vitest';
import { messages as italianArea } from '../../locales/it/area';
import { messages as italianGrades } from '../../locales/it/grades';
import { messages as italianLessons } from '../../locales/it/lessons';
import { messages as englishGrades } from '../../locales/en/grades';
import { activateLocale, loadPageMessages, pageGroup, prefetchScreenMessages } from './locale';

/** A message of one catalog only (in none of the others given). */
const only = (catalog: Messages, ...others: Messages[]) => Object.keys(catalog).find((id) => others.every((other) => !(id in other)))!;
const gradesOnly = only(italianGrades, italianArea, italianLessons);
const lessonsOnly = only(italianLessons, italianArea, italianGrades);
const areaOnly = only(italianArea, italianGrades, italianLessons);
const has = (id: string) => i18n.messages[id] !== undefined;

describe('the feature group of a page', () => {
  it('is the folder in parentheses of its route, or its first folder; none for Home and a layout', () => {
    expect(pageGroup('/_private/(grades)/voti')).toBe('grades');
    expect(pageGroup('/_private/(payments)/carrello_/pagamento')).toBe('payments');
    expect(pageGroup('/(notes)/anteprima_pagelle')).toBe('notes');
    expect(pageGroup('/mobile/$pagina')).toBe('mobile');
    // None where every message is in the area's (below): nothing more to wait for.
    expect(pageGroup('/_private/(home)/home')).toBeUndefined();
    expect(pageGroup('/_private')).toBeUndefined();
    expect(pageGroup('__root__')).toBeUndefined();
    expect(pageGroup('')).toBeUndefined();
  });
});

describe('the catalogs a page waits for', () => {
  afterAll(() => i18n.loadAndActivate({ locale: 'it', messages: {} }));

  it('Home: the area’s only; fetching the groups’ adds nothing until a page of one needs them', async () => {
    await activateLocale('it');
    await loadPageMessages('/_private/(home)/home');
    expect(has(areaOnly)).toBe(true);
    expect(has(gradesOnly)).toBe(false);
    let changes = 0;
    const stop = i18n.on('change', () => changes++);
    await prefetchScreenMessages();
    expect(has(gradesOnly)).toBe(false);
    expect(changes).toBe(0);
    await loadPageMessages('/_private/(grades)/voti');
    stop();
    expect(has(gradesOnly)).toBe(true);
    expect(has(lessonsOnly)).toBe(false);
    expect(changes).toBe(1);
  });

  it('a change of language loads every catalog the pages so far needed, in that language', async () => {
    await activateLocale('en');
    expect(i18n.locale).toBe('en');
    expect(i18n.messages[gradesOnly]).toEqual(englishGrades[gradesOnly]);
    expect(has(lessonsOnly)).toBe(false);
    await activateLocale('it');
    expect(i18n.messages[gradesOnly]).toEqual(italianGrades[gradesOnly]);
  });
});
