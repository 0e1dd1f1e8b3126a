import { describe, expect, it } from 'vitest';
import { isServerPage } from './serverPages';

describe('pages the service worker leaves to the server', () => {
  it.each(['/spid/demo-idp?ritorno=%2Flogin&sfida=x', '/spid', '/api/v4/utenti/spid/inizio?ritorno=/login', '/api/v3/x', '/version.txt?t=1', '/__test__/guasti'])(
    '%s reaches the server',
    (path) => expect(isServerPage(path)).toBe(true),
  );

  it.each(['/', '/login', '/voti', '/mobile/negozio?codice=x', '/spidx', '/apix', '/anteprima_pagelle?id=1'])('%s is the app', (path) =>
    expect(isServerPage(path)).toBe(false),
  );
});
